import { Outlet } from "react-router";
import { requireUser } from "~/auth/session.server";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { DashboardSidebar } from "~/components/dashboard/sidebar";
import type { Route } from "./+types/layout";

// Every /dashboard/* page needs a signed-in user; checked before any child loader runs.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireUser(request);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { name: user.name, email: user.email } };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:flex md:items-start md:gap-8 md:py-10">
      <DashboardSidebar user={loaderData.user} />
      <div className="min-w-0 flex-1">
        {/* The owner's submission and change forms ask before typed work is left behind. */}
        <UnsavedChangesGuard>
          <Outlet />
        </UnsavedChangesGuard>
      </div>
    </div>
  );
}
