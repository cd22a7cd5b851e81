import { requireUser } from "~/auth/session.server";
import {
  LatestAppointments,
  LatestInquiries,
  LatestSaved,
  QuickActions,
  WelcomeCard,
} from "~/components/dashboard/overview";
import { MyTitleRequests } from "~/components/dashboard/title-requests";
import { Card } from "~/components/ui/card";
import { selectedTab, UrlTabs } from "~/components/ui/tabs";
import { pageMeta } from "~/lib/seo";
import { listAppointmentsForUser } from "~/models/appointment.server";
import { countCustomerActivity } from "~/models/customer-activity.server";
import { listFavoriteProperties } from "~/models/favorite.server";
import { listInquiriesForUser } from "~/models/inquiry.server";
import { listMyTitleCopyRequests } from "~/models/title-copy-requests.server";
import type { Route } from "./+types/index";

// The overview. "Inquiries" counts everything the customer sent us while signed in: complaints,
// contact messages and service inquiries; /dashboard/complaints lists them all with their answers.

const TABS = [
  { id: "appointments", label: "Appointments" },
  { id: "saved", label: "Saved Properties" },
  { id: "inquiries", label: "Inquiries" },
] as const;

/** Each tab shows the latest few (spec §9). */
const LATEST = 3;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const tab = selectedTab(request.url, TABS);
  const [counts, items, titleRequests] = await Promise.all([
    countCustomerActivity(user.id),
    loadTab(tab, user.id),
    // Requests for copies of a title (issue 46), with the office's answers.
    listMyTitleCopyRequests(user.id),
  ]);
  const firstName = user.firstName || user.name.split(" ")[0] || "";
  return { firstName, counts, items, titleRequests };
}

async function loadTab(tab: (typeof TABS)[number]["id"], userId: string) {
  switch (tab) {
    case "appointments":
      return { tab, list: await listAppointmentsForUser(userId, { limit: LATEST }) };
    case "saved":
      return { tab, list: await listFavoriteProperties(userId, { limit: LATEST }) };
    case "inquiries":
      return { tab, list: await listInquiriesForUser(userId, { limit: LATEST }) };
  }
}

export default function DashboardOverview({ loaderData }: Route.ComponentProps) {
  const { firstName, counts, items } = loaderData;
  return (
    <div className="space-y-6">
      <WelcomeCard firstName={firstName} counts={counts} />
      <Card as="section">
        <h2 className="sr-only">Latest activity</h2>
        <UrlTabs tabs={TABS} current={items.tab} label="Latest activity" className="mb-4" />
        {items.tab === "appointments" ? <LatestAppointments items={items.list} /> : null}
        {items.tab === "saved" ? <LatestSaved items={items.list} /> : null}
        {items.tab === "inquiries" ? <LatestInquiries items={items.list} /> : null}
      </Card>
      <MyTitleRequests items={loaderData.titleRequests} />
      <QuickActions />
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Dashboard",
    description: "Your appointments, saved properties and inquiries.",
    path: "/dashboard",
    noindex: true,
  });
