import { redirect } from "react-router";
import { requireUser } from "~/auth/session.server";
import { EmptyState } from "~/components/dashboard/empty-state";
import { ErrorNotice } from "~/components/dashboard/result-toast";
import { SavedSearchCard } from "~/components/dashboard/saved-search-card";
import { readForm } from "~/http/read-form.server";
import { badRequest, notFound, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { describeListing } from "~/lib/listing-filters";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  alertFrequencySchema,
  MAX_SAVED_SEARCHES,
  renameSearchSchema,
} from "~/lib/schemas/saved-search";
import { pageMeta } from "~/lib/seo";
import {
  deleteSavedSearch,
  filtersOfSavedSearch,
  listSavedSearches,
  openSavedSearch,
  renameSavedSearch,
  setSavedSearchFrequency,
} from "~/models/saved-search.server";
import type { Route } from "./+types/searches";

// Saved searches: each with its number of new matches (listings added since it was last
// opened), Open (marks them seen and goes to the listing), Rename, Alerts and Delete. Every
// form posts here with an intent and the search's id; the model puts the user id in every
// WHERE, so another customer's id is a 404 that changes nothing.

const PATH = "/dashboard/searches";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const searches = await listSavedSearches(user.id);
  return {
    searches: searches.map((s) => ({
      ...s,
      description: describeListing(filtersOfSavedSearch(s.query)),
    })),
    max: MAX_SAVED_SEARCHES,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");

  switch (intent) {
    case "open": {
      const opened = await openSavedSearch(user.id, id);
      if (!opened.ok) notFound();
      throw redirect(opened.query ? `/properties?${opened.query}` : "/properties");
    }
    case "rename": {
      const values = { name: String(form.get("name") ?? "") };
      const parsed = renameSearchSchema().safeParse(values);
      if (!parsed.success) {
        return badRequest({ intent, id, fields: fieldErrorsOf(parsed.error), values });
      }
      const renamed = await renameSavedSearch(user.id, id, parsed.data.name);
      if (!renamed.ok) notFound();
      throw redirectWithFlash(PATH, "searchRenamed");
    }
    case "alerts": {
      const values = { frequency: String(form.get("frequency") ?? "") };
      const parsed = alertFrequencySchema().safeParse(values);
      if (!parsed.success) {
        return badRequest({ intent, id, fields: fieldErrorsOf(parsed.error), values });
      }
      const changed = await setSavedSearchFrequency(user.id, id, parsed.data.frequency);
      if (!changed.ok) notFound();
      throw redirectWithFlash(PATH, "searchAlertsUpdated");
    }
    case "delete": {
      if (!isConfirmed(form)) return askToConfirm(form, "Delete this saved search?");
      const deleted = await deleteSavedSearch(user.id, id);
      if (!deleted.ok) notFound();
      throw redirectWithFlash(PATH, "searchDeleted");
    }
    default:
      return unknownIntent();
  }
}

export default function SavedSearchesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, max } = loaderData;
  const failure = failureOf(actionData);
  const failedFor = failure && "id" in failure ? String(failure.id) : undefined;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Saved Searches</h1>
        <p className="text-sm text-slate-600">
          Save a search from the property listing and we'll e-mail you new listings that match it.
          Up to {max} searches.
        </p>
      </div>
      <ErrorNotice error={failure?.error} />
      {searches.length === 0 ? (
        <EmptyState
          title="No saved searches yet"
          text="Search the listing, then choose Save search to be told about new matches."
          action={{ label: "Browse Properties", to: "/properties" }}
        />
      ) : (
        <ul className="space-y-4">
          {searches.map((search) => (
            <li key={search.id}>
              <SavedSearchCard
                search={search}
                failure={
                  failedFor === search.id && failure && "intent" in failure
                    ? {
                        intent: String(failure.intent),
                        fields: failure.fields ?? {},
                        values: (failure.values ?? {}) as Record<string, string>,
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Saved Searches",
    description: "Your saved property searches and their e-mail alerts.",
    path: PATH,
    noindex: true,
  });
