import { data, Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import {
  availabilityMethodLabel,
  dueLabel,
  isStaffMethod,
  TO_CONFIRM_PATH,
} from "~/lib/availability";
import { formatDay } from "~/lib/dates";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { confirmAvailability, listToConfirm } from "~/models/availability.server";
import type { Route } from "./+types/to-confirm";

// /admin/to-confirm (issue 46, item 1): the listings on offer whose availability the staff member
// confirms (an agent's own; every one for an admin), the one due first at the top. One tap per
// listing, on a phone: "Visited" or "Called the owner" posts a plain form (no JavaScript needed),
// recorded with today's date, the agent and the how, audited. A listing past its period is out
// of the search until then, and back in at once after.

export const TO_CONFIRM_MESSAGES = {
  notFound: { title: "Not confirmed", message: "That listing is not one of yours to confirm." },
  closed: {
    title: "Not confirmed",
    message: "That listing is marked let or sold: there is nothing to confirm.",
  },
  badMethod: { title: "Not confirmed", message: "Choose Visited or Called the owner." },
} as const;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  try {
    const items = await listToConfirm(actor);
    return { items, now: new Date(), isAgent: actor.role === "agent" };
  } catch (error) {
    logger.error({ err: error }, "Could not load the listings to confirm");
    throw data("Failed to load the listings to confirm", { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  if (form.get("intent") !== "confirm") return unknownIntent();
  const method = form.get("method");
  if (!isStaffMethod(method)) return badRequest({ error: TO_CONFIRM_MESSAGES.badMethod });
  const confirmed = await confirmAvailability(actor, String(form.get("propertyId") ?? ""), method);
  if (!confirmed.ok) {
    return confirmed.reason === "closed"
      ? failed(409, { error: TO_CONFIRM_MESSAGES.closed })
      : failed(404, { error: TO_CONFIRM_MESSAGES.notFound });
  }
  throw redirectWithFlash(TO_CONFIRM_PATH, "availabilityConfirmed");
}

export default function ToConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, now, isAgent } = loaderData;
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">To Confirm</h1>
        <p className="mt-1 text-sm text-slate-600">
          {isAgent ? "Your listings" : "Every listing on offer"}, the one due first at the top.
          Confirm each after a visit or a call with the owner: the listing shows today's date and
          stays in the search. One not confirmed in time leaves the search until it is.
        </p>
      </div>
      <FormAlert error={failure?.error} />
      {items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 p-4 text-slate-600">
          No listings on offer to confirm.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Listings to confirm">
          {items.map((item) => {
            const out = item.dueAt <= now;
            return (
              <li
                key={item.id}
                aria-label={item.title}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      to={`/admin/properties/${item.id}`}
                      className="break-words font-semibold text-slate-900 hover:text-brand-700"
                    >
                      {item.title}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {item.referenceCode} · {item.city}
                      {!isAgent && item.agentName ? ` · ${item.agentName}` : ""}
                    </p>
                  </div>
                  <Badge tone={out ? "red" : "yellow"}>{dueLabel(item.dueAt, now)}</Badge>
                </div>
                <p className="mt-2 text-sm text-slate-600">
                  Last confirmed {formatDay(item.availabilityConfirmedAt)} (
                  {availabilityMethodLabel(item.availabilityMethod)})
                </p>
                <Form method="post" className="mt-3 grid grid-cols-2 gap-2">
                  <input type="hidden" name="intent" value="confirm" />
                  <input type="hidden" name="propertyId" value={item.id} />
                  <Button type="submit" name="method" value="visit" size="tall">
                    Visited
                  </Button>
                  <Button type="submit" name="method" value="call" size="tall" variant="secondary">
                    Called the owner
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the listings to confirm" />;
}

export const meta: Route.MetaFunction = () => [{ title: `To Confirm | Admin | ${COMPANY_NAME}` }];
