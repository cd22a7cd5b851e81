import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AddItemPage } from "~/components/admin/ordered-list-screens";
import { VIDEO_SCREEN } from "~/components/admin/video-form";
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/video-new";
import { VIDEO_ROUTES } from "./ordered-lists.server";

// Add Video: over the list with JavaScript, a page without. The new video goes last (the
// highest sort order plus one).

export const loader = VIDEO_ROUTES.addLoader;
export const action = VIDEO_ROUTES.addAction;

export default function Page({ actionData }: Route.ComponentProps) {
  return <AddItemPage screen={VIDEO_SCREEN} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Video | Admin | ${COMPANY_NAME}` }];
