import { Form } from "react-router";
import { AuthCard, DeadLinkCard } from "~/components/auth/auth-fields";
import { Button, LinkButton } from "~/components/ui/button";
import { readForm } from "~/http/read-form.server";
import { badRequest } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { closedStatusFor, isOwnerAnswer, OWNER_AVAILABILITY_PATH } from "~/lib/availability";
import { formatDay } from "~/lib/dates";
import { MY_LISTINGS_PATH } from "~/lib/navigation";
import { pageMeta } from "~/lib/seo";
import { verifyAvailabilityToken } from "~/mail/unsubscribe-token.server";
import { answerAsOwner, getListingForOwnerAnswer } from "~/models/availability.server";
import type { Route } from "./+types/owner-availability";

// The owner's answer to the availability reminder (issue 46, item 1): "Still available? Yes / It
// is let or sold", from a signed link that needs no sign-in. The token names one listing and its
// owner and stops working after AVAILABILITY_LINK_DAYS. Opening the link changes nothing (mail
// scanners open links): the page asks once more and the button posts. A bad or expired link
// gives a page saying so, and nothing is written.

export const OWNER_AVAILABILITY_MESSAGES = {
  invalid: {
    title: "Invalid link",
    message:
      "This link is not valid. Use the buttons in the most recent e-mail about your listing, or sign in to see My Listings.",
  },
  expired: {
    title: "Link expired",
    message:
      "This link has expired. Your agent will contact you, or sign in to see My Listings; nothing was changed.",
  },
} as const;

const NEXT = { to: MY_LISTINGS_PATH, label: "Go to My Listings" };
const INTRO = "Your listing's availability";

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/** The listing a token names, or why the link does not work. */
async function listingOf(token: string) {
  const check = verifyAvailabilityToken(token);
  if (!check.ok) return { reason: check.reason } as const;
  const listing = await getListingForOwnerAnswer(check.propertyId, check.ownerId);
  return listing
    ? ({ listing, ownerId: check.ownerId } as const)
    : ({ reason: "invalid" } as const);
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const found = await listingOf(token);
  const suggested = new URL(request.url).searchParams.get("answer");
  if ("reason" in found) return { token, listing: null, reason: found.reason, suggested: null };
  return {
    token,
    listing: found.listing,
    reason: null,
    suggested: isOwnerAnswer(suggested) ? suggested : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "") || tokenOf(request);
  const answer = form.get("answer");
  const check = verifyAvailabilityToken(token);
  if (!check.ok) return badRequest({ reason: check.reason });
  if (!isOwnerAnswer(answer)) return badRequest({ reason: "invalid" as const });
  const answered = await answerAsOwner({
    propertyId: check.propertyId,
    ownerId: check.ownerId,
    answer,
  });
  if (!answered.ok) return badRequest({ reason: "invalid" as const });
  return { ok: true as const, title: answered.title, status: answered.status };
}

export default function OwnerAvailabilityPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.ok) {
    const closed = actionData.status === "let" || actionData.status === "sold";
    return (
      <AuthCard title="Thank you" intro={INTRO}>
        <p className="text-sm text-slate-700">
          {closed
            ? `"${actionData.title}" is now marked ${actionData.status}. It shows that for a short while, then leaves the search.`
            : `"${actionData.title}" shows as available, confirmed ${formatDay(new Date())} by you. It stays in the search.`}
        </p>
        <LinkButton to={NEXT.to} fullWidth variant="outline" className="mt-6">
          {NEXT.label}
        </LinkButton>
      </AuthCard>
    );
  }
  const failure = failureOf(actionData);
  const reason = (failure?.reason as "invalid" | "expired" | undefined) ?? loaderData.reason;
  const { listing, token, suggested } = loaderData;
  if (reason || !listing) {
    const error = OWNER_AVAILABILITY_MESSAGES[reason === "expired" ? "expired" : "invalid"];
    return <DeadLinkCard title="Still available?" intro={INTRO} error={error} next={NEXT} />;
  }
  const closedWord = closedStatusFor(listing.purpose);
  return (
    <AuthCard title="Still available?" intro={INTRO}>
      <p className="text-sm text-slate-700">
        Is "{listing.title}" in {listing.city} still available? Your answer is shown on the listing
        with today's date.
      </p>
      <Form method="post" action={`${OWNER_AVAILABILITY_PATH}?token=${encodeURIComponent(token)}`}>
        <input type="hidden" name="token" value={token} />
        <div className="mt-6 grid gap-3">
          <Button
            type="submit"
            name="answer"
            value="available"
            size="tall"
            variant={suggested === "closed" ? "outline" : "primary"}
          >
            Yes
          </Button>
          <Button
            type="submit"
            name="answer"
            value="closed"
            size="tall"
            variant={suggested === "closed" ? "primary" : "outline"}
          >
            It is let or sold
          </Button>
        </div>
        <p className="mt-3 text-xs text-slate-500">
          "It is let or sold" marks the listing {closedWord}.
        </p>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Still available?",
    description: "Tell us whether your listed property is still available.",
    path: OWNER_AVAILABILITY_PATH,
    noindex: true,
  }),
  // The address carries the token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
