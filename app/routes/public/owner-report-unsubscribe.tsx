import { OwnerUnsubscribePage } from "~/components/unsubscribe-cards";
import { loadOwnerUnsubscribe, postOwnerUnsubscribe } from "~/http/owner-unsubscribe.server";
import { MY_LISTINGS_PATH } from "~/lib/navigation";
import { WEEKLY_REPORT_MESSAGES } from "~/lib/owner-report";
import { pageMeta } from "~/lib/seo";
import { verifyOwnerReportToken } from "~/mail/unsubscribe-token.server";
import { getWeeklyReportSubscriber, unsubscribeWeeklyReport } from "~/models/owner-report.server";
import type { Route } from "./+types/owner-report-unsubscribe";

// The unsubscribe link of an owner's weekly report (issue 20): works signed out, the signed
// token in the address names the account (app/http/owner-unsubscribe.server.ts).

const REPORT = {
  verify: verifyOwnerReportToken,
  subscriber: getWeeklyReportSubscriber,
  unsubscribe: unsubscribeWeeklyReport,
};

export function loader({ request }: Route.LoaderArgs) {
  return loadOwnerUnsubscribe(request, REPORT);
}

export function action({ request }: Route.ActionArgs) {
  return postOwnerUnsubscribe(request, REPORT);
}

export default function OwnerReportUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <OwnerUnsubscribePage
      loaderData={loaderData}
      actionData={actionData}
      intro="Weekly report of your listings"
      question={(email) =>
        `Stop the weekly e-mail report of your listings sent to ${email}. You can switch it on again under My Listings.`
      }
      messages={WEEKLY_REPORT_MESSAGES}
      next={{ to: MY_LISTINGS_PATH, label: "Go to My Listings" }}
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
