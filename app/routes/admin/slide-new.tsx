import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AddItemPage } from "~/components/admin/ordered-list-screens";
import { SLIDE_SCREEN } from "~/components/admin/slide-form";
import { SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/slide-new";
import { SLIDE_ROUTES } from "./ordered-lists.server";

// Add Slide: over the list with JavaScript, a page without. The new slide goes last (its sort
// order is the current count).

export const loader = SLIDE_ROUTES.addLoader;
export const action = SLIDE_ROUTES.addAction;

export default function Page({ actionData }: Route.ComponentProps) {
  return <AddItemPage screen={SLIDE_SCREEN} actionData={actionData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Slide | Admin | ${COMPANY_NAME}` }];
