import { redirect } from "react-router";
import { requireAdmin, safeRedirectPath } from "~/auth/session.server";
import { sidebarCookie } from "~/components/admin/admin-nav";
import { readForm } from "~/http/read-form.server";
import type { Route } from "./+types/sidebar";

// The sidebar's collapse button without JavaScript: stores the state in its cookie and goes back
// to the page. With JavaScript the browser writes the cookie itself and never posts here.

export function loader() {
  throw redirect("/admin/dashboard");
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const form = await readForm(args.request);
  const open = form.get("open") !== "false";
  const back = safeRedirectPath(form.get("redirectTo"), "/admin/dashboard");
  throw redirect(back.startsWith("/admin") ? back : "/admin/dashboard", {
    headers: { "Set-Cookie": sidebarCookie(open) },
  });
}
