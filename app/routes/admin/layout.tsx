import { data, Form, Link, Outlet } from "react-router";
import { consumeFlash } from "~/auth/flash.server";
import { adminMiddleware, getCurrentSession, requireAdmin } from "~/auth/session.server";
import { FlashToast } from "~/components/flash-toast";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/layout";

// Every /admin/* page (the login page is outside this layout) needs an admin session younger
// than ADMIN_SESSION_HOURS; checked before any child loader runs.
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const { request } = args;
  const admin = await requireAdmin(args);
  const { flash, headers } = consumeFlash(request);
  const renewed = (await getCurrentSession(request))?.headers;
  for (const cookie of renewed?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return data({ admin: { name: admin.name, email: admin.email }, flash }, { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
          <Link to="/admin/dashboard" className="font-bold text-brand-800">
            {COMPANY_NAME}{" "}
            <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              Admin
            </span>
          </Link>
          <Form method="post" action="/signout">
            <button
              type="submit"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Sign Out
            </button>
          </Form>
        </div>
      </header>
      <FlashToast flash={loaderData.flash} />
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
