import { AdminRouteError } from "~/components/admin/admin-route-error";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { EditItemPage } from "~/components/admin/ordered-list-screens";
import { SLIDE_SCREEN } from "~/components/admin/slide-form";
import { SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/slide";
import { SLIDE_ROUTES } from "./ordered-lists.server";

// One gallery slide: edit (every field but its place, spec §7), or delete after 'Are you sure
// you want to delete this slide?'. Over the list with JavaScript, a page without. Unknown ids
// are the admin 404.

export const loader = SLIDE_ROUTES.itemLoader;
export const action = SLIDE_ROUTES.itemAction;
export const shouldRevalidate = revalidateAfterConflict;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <EditItemPage screen={SLIDE_SCREEN} item={loaderData.item} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit Slide | Admin | ${COMPANY_NAME}` }];
