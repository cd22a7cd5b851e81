import { useCallback } from "react";
import { data, Outlet } from "react-router";
import { adminMiddleware, getCurrentSession, requireAdmin } from "~/auth/session.server";
import { AdminHeader } from "~/components/admin/admin-header";
import { type AdminNavCounts, readSidebarOpen, sidebarCookie } from "~/components/admin/admin-nav";
import { AdminSidebarContent } from "~/components/admin/admin-sidebar";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { ResultNotice } from "~/components/dashboard/result-toast";
import { FlashToast } from "~/components/flash-toast";
import { Sidebar, SidebarProvider, SidebarSheet } from "~/components/ui/sidebar";
import { useHydrated } from "~/hooks/use-hydrated";
import { consumeFlash } from "~/http/flash.server";
import { can, permissionForRoute } from "~/lib/permissions";
import { countWaitingSubmissions } from "~/models/submission-review.server";
import { countOpenTitleCopyRequests } from "~/models/title-copy-requests.server";
import type { Route } from "./+types/layout";

// Every /admin/* page (the login page is outside this layout) needs an admin session younger
// than ADMIN_SESSION_HOURS; adminMiddleware checks it before any child loader or action runs.

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const { flash, headers } = consumeFlash(request);
  const renewed = (await getCurrentSession(request))?.headers;
  for (const cookie of renewed?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  // Owners' submissions waiting for review, beside Submissions in the sidebar (not an agent's).
  const counts: AdminNavCounts = can(admin, permissionForRoute("/admin/submissions"))
    ? { "/admin/submissions": await countWaitingSubmissions(admin) }
    : {};
  // Buyers waiting for title copies (issue 46), beside Title Requests.
  const titleRequests: AdminNavCounts = can(admin, permissionForRoute("/admin/title-requests"))
    ? { "/admin/title-requests": await countOpenTitleCopyRequests(admin) }
    : {};
  return data(
    {
      admin: { name: admin.name, email: admin.email, role: admin.role },
      sidebarOpen: readSidebarOpen(request.headers.get("cookie")),
      counts: { ...counts, ...titleRequests },
      flash,
    },
    { headers },
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const storeSidebar = useCallback((open: boolean) => {
    // biome-ignore lint/suspicious/noDocumentCookie: a preference the server reads on the next page.
    document.cookie = sidebarCookie(open);
  }, []);
  // The same menu in the desktop sidebar (collapsible) and the phone's sheet (always open).
  const menu = (collapsed: boolean) => (
    <AdminSidebarContent
      collapsed={collapsed}
      role={loaderData.admin.role}
      counts={loaderData.counts}
    />
  );
  return (
    <SidebarProvider defaultOpen={loaderData.sidebarOpen} onOpenChange={storeSidebar}>
      <div className="flex min-h-screen bg-slate-50">
        <Sidebar label="Admin sidebar">{menu}</Sidebar>
        <SidebarSheet title="Admin menu">{menu(false)}</SidebarSheet>
        <div className="flex min-w-0 flex-1 flex-col">
          <AdminHeader
            adminName={loaderData.admin.name || loaderData.admin.email}
            role={loaderData.admin.role}
          />
          <FlashToast flash={loaderData.flash} />
          <main id="main" className="flex-1">
            {/* Without JavaScript there is no toast: the message shows above the page. */}
            {loaderData.flash && !hydrated ? (
              <div className="mx-auto max-w-7xl px-4 pt-4 md:px-6">
                <ResultNotice message={loaderData.flash} />
              </div>
            ) : null}
            <UnsavedChangesGuard>
              <Outlet />
            </UnsavedChangesGuard>
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
