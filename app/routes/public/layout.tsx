import { data, Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { getCurrentSession } from "~/auth/session.server";
import { CompareTray } from "~/components/compare/compare-tray";
import { FlashToast } from "~/components/flash-toast";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { consumeFlash } from "~/http/flash.server";
import { getContactDetails, getSocialLinks } from "~/models/site-content.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [social, contact, current] = await Promise.all([
    getSocialLinks(),
    getContactDetails(),
    getCurrentSession(request),
  ]);
  // The toast a sign-in/up/out redirect left, and a renewed session cookie, if any.
  const { flash, headers } = consumeFlash(request);
  for (const cookie of current?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const user = current ? { name: current.user.name, isAdmin: current.user.role === "admin" } : null;
  return data({ social, contact, user, flash }, { headers });
}

// The header shows who is signed in, so the layout is reloaded when the visitor moves to
// another page (a session may have ended meanwhile) and after a form submission; not when only
// the query changes (searching, filtering, paging), which would repeat the same answer.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.pathname !== nextUrl.pathname;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader user={loaderData.user} />
      <FlashToast flash={loaderData.flash} />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter social={loaderData.social} contact={loaderData.contact} />
      <CompareTray />
    </>
  );
}
