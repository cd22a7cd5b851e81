import { Form, Link } from "react-router";
import { requireUser } from "~/auth/session.server";
import { FormButtons } from "~/components/dashboard/form-buttons";
import { ErrorNotice } from "~/components/dashboard/result-toast";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed, redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { describeListing, listingHref, parseListingFilters } from "~/lib/listing-filters";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  ALERT_FREQUENCIES,
  DEFAULT_ALERT_FREQUENCY,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_NAME_MAX,
  saveSearchSchema,
} from "~/lib/schemas/saved-search";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { createSavedSearch, savedSearchQuery } from "~/models/saved-search.server";
import type { Route } from "./+types/search-new";

// Save a search: the listing's "Save search" leads here with its filters in the address
// (signed out, through sign-in and back, so the search is kept). The name defaults to a
// readable description of the filters; alerts default to daily.

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map(({ value, label, hint }) => ({
  value,
  label: `${label}: ${hint.charAt(0).toLowerCase()}${hint.slice(1)}`,
}));

function searchOf(url: URL) {
  const filters = parseListingFilters(url.searchParams);
  const query = savedSearchQuery(filters);
  return {
    query,
    description: describeListing(filters),
    listing: listingHref(filters, { page: 1 }),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return searchOf(new URL(request.url));
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  // The search is the page's address, as the listing sent it; the form only names it.
  const { query } = searchOf(new URL(request.url));
  const values = {
    name: String(form.get("name") ?? ""),
    frequency: String(form.get("frequency") ?? ""),
  };
  const parsed = saveSearchSchema().safeParse(values);
  if (!parsed.success) return badRequest({ fields: fieldErrorsOf(parsed.error), values });
  try {
    const created = await createSavedSearch(user.id, { ...parsed.data, query });
    if (!created.ok) {
      return failed(409, {
        error: { title: "Error", message: SAVED_SEARCH_MESSAGES.tooMany },
        values,
      });
    }
  } catch (error) {
    logger.error({ err: error }, "Could not save a search");
    return failed(500, {
      error: { title: "Error", message: SAVED_SEARCH_MESSAGES.failed },
      values,
    });
  }
  throw redirectWithFlash(
    "/dashboard/searches",
    parsed.data.frequency === "off" ? "searchSavedNoAlerts" : "searchSaved",
  );
}

export default function SaveSearchPage({ loaderData, actionData }: Route.ComponentProps) {
  const { description, listing } = loaderData;
  const failure = failureOf(actionData);
  const pending = useIsPending();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Save this search</h1>
      <Card as="section" padding="md" aria-label="Save this search" className="space-y-4">
        <p className="text-slate-700">
          <span className="font-medium text-slate-900">Search:</span> {description}{" "}
          <Link to={listing} className="text-sm text-brand-700 hover:underline">
            (see the results)
          </Link>
        </p>
        <ErrorNotice error={failure?.error} />
        <Form method="post" className="space-y-4" noValidate>
          <TextField
            label="Name"
            name="name"
            defaultValue={failure?.values?.name ?? description}
            error={failure?.fields?.name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
          />
          <SelectField
            label="E-mail alerts"
            name="frequency"
            options={FREQUENCY_OPTIONS}
            defaultValue={failure?.values?.frequency ?? DEFAULT_ALERT_FREQUENCY}
            error={failure?.fields?.frequency}
            hint="Each new listing is sent once. Every e-mail has a link to stop them."
          />
          <FormButtons>
            <SubmitButton pending={pending} pendingLabel="Saving..." fullWidth>
              Save search
            </SubmitButton>
          </FormButtons>
        </Form>
      </Card>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Save this search",
    description: "Save a property search and get e-mails about new matching listings.",
    path: "/dashboard/searches/new",
    noindex: true,
  });
