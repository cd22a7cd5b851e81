import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AddItemPage } from "~/components/admin/ordered-list-screens";
import { TEAM_SCREEN } from "~/components/admin/team-form";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/team-new";
import { TEAM_ROUTES } from "./ordered-lists.server";

// Add Team Member: over the list with JavaScript, a page without. The new member goes last.

export const loader = TEAM_ROUTES.addLoader;
export const action = TEAM_ROUTES.addAction;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AddItemPage screen={TEAM_SCREEN} actionData={actionData} options={loaderData.options} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Add Team Member | Admin | ${COMPANY_NAME}` },
];
