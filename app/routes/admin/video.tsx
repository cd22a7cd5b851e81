import { AdminRouteError } from "~/components/admin/admin-route-error";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { EditItemPage } from "~/components/admin/ordered-list-screens";
import { VIDEO_SCREEN } from "~/components/admin/video-form";
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/video";
import { VIDEO_ROUTES } from "./ordered-lists.server";

// One featured video: edit (every field but its place), or delete after 'Are you sure you want
// to delete this video?'. Over the list with JavaScript, a page without. Unknown ids are the
// admin 404.

export const loader = VIDEO_ROUTES.itemLoader;
export const action = VIDEO_ROUTES.itemAction;
export const shouldRevalidate = revalidateAfterConflict;

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <EditItemPage screen={VIDEO_SCREEN} item={loaderData.item} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit Video | Admin | ${COMPANY_NAME}` }];
