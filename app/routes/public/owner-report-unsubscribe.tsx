import { AuthCard, DeadLinkCard } from "~/components/auth/auth-fields";
import { LinkButton } from "~/components/ui/button";
import { UnsubscribeCard, UnsubscribedCard } from "~/components/unsubscribe-cards";
import { readForm } from "~/http/read-form.server";
import { badRequest } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { MY_LISTINGS_PATH } from "~/lib/navigation";
import { WEEKLY_REPORT_MESSAGES } from "~/lib/owner-report";
import { pageMeta } from "~/lib/seo";
import { verifyOwnerReportToken } from "~/mail/unsubscribe-token.server";
import { getWeeklyReportSubscriber, unsubscribeWeeklyReport } from "~/models/owner-report.server";
import type { Route } from "./+types/owner-report-unsubscribe";

// The unsubscribe link of an owner's weekly report (issue 20): works signed out, the signed
// token in the address names the account. As the saved-search alerts' page: opening it changes
// nothing (mail scanners open links), the one button posts, and a mail client's one-click
// unsubscribe (List-Unsubscribe-Post, RFC 8058) posts to the same address.

const BAD_LINK = { title: "Invalid link", message: WEEKLY_REPORT_MESSAGES.badLink };
const NEXT = { to: MY_LISTINGS_PATH, label: "Go to My Listings" };

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const userId = verifyOwnerReportToken(token);
  const subscriber = userId ? await getWeeklyReportSubscriber(userId) : undefined;
  return { token, subscriber: subscriber ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "") || tokenOf(request);
  const userId = verifyOwnerReportToken(token);
  const result = userId ? await unsubscribeWeeklyReport(userId) : undefined;
  // Already off: the link did its job before; say so rather than call it invalid.
  if (result?.ok === false && result.reason === "already-off") {
    return { ok: true as const, alreadyOff: true };
  }
  if (!result?.ok) return badRequest({ reason: "invalid-link" });
  return { ok: true as const, alreadyOff: false };
}

export default function OwnerReportUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const intro = "Weekly report of your listings";
  if (actionData?.ok) {
    const message = actionData.alreadyOff
      ? WEEKLY_REPORT_MESSAGES.alreadyOff
      : WEEKLY_REPORT_MESSAGES.unsubscribed;
    return <UnsubscribedCard intro={intro} message={message} next={NEXT} />;
  }

  const failure = failureOf(actionData);
  const { subscriber, token } = loaderData;
  if (!subscriber || failure?.reason === "invalid-link") {
    return <DeadLinkCard title="Unsubscribe" intro={intro} error={BAD_LINK} next={NEXT} />;
  }

  if (!subscriber.enabled) {
    return (
      <AuthCard title="Unsubscribe" intro={intro}>
        <p className="text-sm text-slate-700">{WEEKLY_REPORT_MESSAGES.alreadyOff}</p>
        <LinkButton to={NEXT.to} fullWidth variant="outline" className="mt-6">
          {NEXT.label}
        </LinkButton>
      </AuthCard>
    );
  }

  return (
    <UnsubscribeCard
      intro={`Stop the weekly e-mail report of your listings sent to ${subscriber.email}. You can switch it on again under My Listings.`}
      token={token}
    />
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Unsubscribe",
    description: "Stop the weekly e-mail report of your listings.",
    path: "/listings/report/unsubscribe",
    noindex: true,
  }),
  // The address carries the token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
