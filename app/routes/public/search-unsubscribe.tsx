import { DeadLinkCard } from "~/components/auth/auth-fields";
import { UnsubscribeCard, UnsubscribedCard } from "~/components/unsubscribe-cards";
import { readForm } from "~/http/read-form.server";
import { badRequest } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { alertFrequencyLabel, SAVED_SEARCH_MESSAGES } from "~/lib/schemas/saved-search";
import { pageMeta } from "~/lib/seo";
import { verifyUnsubscribeToken } from "~/mail/unsubscribe-token.server";
import { getSavedSearchForUnsubscribe, unsubscribeSavedSearch } from "~/models/saved-search.server";
import type { Route } from "./+types/search-unsubscribe";

// The unsubscribe link of a saved-search alert: works signed out, the signed token in the
// address names the search. Opening it changes nothing (mail scanners open links): the page's
// one button posts. A mail client's one-click unsubscribe (List-Unsubscribe-Post, RFC 8058)
// posts to the same address and is answered the same way.

const BAD_LINK = { title: "Invalid link", message: SAVED_SEARCH_MESSAGES.badLink };

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const searchId = verifyUnsubscribeToken(token);
  const search = searchId ? await getSavedSearchForUnsubscribe(searchId) : undefined;
  return {
    token,
    search: search ? { name: search.name, frequency: alertFrequencyLabel(search.frequency) } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "") || tokenOf(request);
  const searchId = verifyUnsubscribeToken(token);
  const result = searchId ? await unsubscribeSavedSearch(searchId) : undefined;
  if (!result?.ok) return badRequest({ reason: "invalid-link" });
  return { ok: true as const, name: result.name };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const next = { to: "/dashboard/searches", label: "Manage saved searches" };

  if (actionData?.ok) {
    return (
      <UnsubscribedCard
        intro={`Saved search "${actionData.name}"`}
        message={SAVED_SEARCH_MESSAGES.unsubscribed}
        next={next}
      />
    );
  }

  const failure = failureOf(actionData);
  const { search, token } = loaderData;
  if (!search || failure?.reason === "invalid-link") {
    return (
      <DeadLinkCard title="Unsubscribe" intro="Saved search alerts" error={BAD_LINK} next={next} />
    );
  }

  return (
    <UnsubscribeCard
      intro={`Stop the e-mail alerts of your saved search "${search.name}" (now: ${search.frequency}). The search stays saved.`}
      token={token}
    />
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Unsubscribe",
    description: "Stop the e-mail alerts of a saved property search.",
    path: "/searches/unsubscribe",
    noindex: true,
  }),
  // The address carries the token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
