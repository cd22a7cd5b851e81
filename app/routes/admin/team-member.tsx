import { AdminRouteError } from "~/components/admin/admin-route-error";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { EditItemPage } from "~/components/admin/ordered-list-screens";
import { TEAM_SCREEN } from "~/components/admin/team-form";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/team-member";
import { TEAM_ROUTES } from "./ordered-lists.server";

// One team member: edit (a new photo replaces the old one, or the old one is removed; link or
// unlink the staff account they are), or
// delete after 'Are you sure you want to delete this team member?'. Over the list with
// JavaScript, a page without. Unknown ids are the admin 404.

export const loader = TEAM_ROUTES.itemLoader;
export const action = TEAM_ROUTES.itemAction;
export const shouldRevalidate = revalidateAfterConflict;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EditItemPage
      screen={TEAM_SCREEN}
      item={loaderData.item}
      actionData={actionData}
      options={loaderData.options}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Edit Team Member | Admin | ${COMPANY_NAME}` },
];
