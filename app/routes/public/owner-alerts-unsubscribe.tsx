import { OwnerUnsubscribePage } from "~/components/unsubscribe-cards";
import { loadOwnerUnsubscribe, postOwnerUnsubscribe } from "~/http/owner-unsubscribe.server";
import { MY_LISTINGS_PATH } from "~/lib/navigation";
import { INTEREST_ALERTS_MESSAGES } from "~/lib/owner-alerts";
import { pageMeta } from "~/lib/seo";
import { verifyOwnerAlertsToken } from "~/mail/unsubscribe-token.server";
import {
  getInterestAlertSubscriber,
  unsubscribeInterestAlerts,
} from "~/models/owner-alerts.server";
import type { Route } from "./+types/owner-alerts-unsubscribe";

// The unsubscribe link of an owner's e-mail about an inquiry or a booked viewing of their
// listing (issue 47): works signed out, the signed token names the account
// (app/http/owner-unsubscribe.server.ts).

const ALERTS = {
  verify: verifyOwnerAlertsToken,
  subscriber: getInterestAlertSubscriber,
  unsubscribe: unsubscribeInterestAlerts,
};

export function loader({ request }: Route.LoaderArgs) {
  return loadOwnerUnsubscribe(request, ALERTS);
}

export function action({ request }: Route.ActionArgs) {
  return postOwnerUnsubscribe(request, ALERTS);
}

export default function OwnerAlertsUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <OwnerUnsubscribePage
      loaderData={loaderData}
      actionData={actionData}
      intro="E-mails about your listings"
      question={(email) =>
        `Stop the e-mails sent to ${email} when someone asks about or books a viewing of your listings. You can switch them on again under My Listings.`
      }
      messages={INTEREST_ALERTS_MESSAGES}
      next={{ to: MY_LISTINGS_PATH, label: "Go to My Listings" }}
    />
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Unsubscribe",
    description: "Stop the e-mails about interest in your listings.",
    path: "/listings/alerts/unsubscribe",
    noindex: true,
  }),
  // The address carries the token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
