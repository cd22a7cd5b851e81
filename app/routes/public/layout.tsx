import { useEffect } from "react";
import { data, Outlet, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { getCurrentSession } from "~/auth/session.server";
import { pageVariantContext } from "~/cache/page-cache.server";
import { CompareTray } from "~/components/compare/compare-tray";
import { FlashToast } from "~/components/flash-toast";
import { SiteFooter } from "~/components/layout/site-footer";
import { type HeaderUser, SiteHeader } from "~/components/layout/site-header";
import {
  dropOtherViewers,
  type LayoutAccount,
  loadViewer,
  useViewer,
} from "~/components/viewer-store";
import { consumeFlash } from "~/http/flash.server";
import type { FlashKey } from "~/lib/flash";
import { isStaffRole } from "~/lib/roles";
import { getContactDetails, getSocialLinks } from "~/models/site-content.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shared = context.get(pageVariantContext);
  const [social, contact, current] = await Promise.all([
    getSocialLinks(),
    getContactDetails(),
    // A shared copy is rendered from a request without cookies: no session to read.
    shared ? null : getCurrentSession(request),
  ]);
  // The toast a sign-in/up/out redirect left, and a renewed session cookie, if any.
  const { flash, headers } = consumeFlash(request);
  for (const cookie of current?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const account: LayoutAccount = shared
    ? { shared }
    : {
        viewer: current
          ? {
              id: current.user.id,
              name: current.user.name,
              isAdmin: isStaffRole(current.user.role),
            }
          : null,
      };
  return data({ social, contact, account, flash }, { headers });
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
  const { account, flash } = loaderData;
  const viewer = useAccountViewer(account);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader user={viewer} />
      <FlashToast flash={flash} />
      {flash && SAID_WITHOUT_SCRIPT.has(flash.key) ? (
        // Without JavaScript the toast cannot pop up: it is said at the top of the page instead.
        <noscript>
          <p
            role="status"
            className={
              flash.type === "error"
                ? "bg-red-50 px-4 py-3 text-center text-sm font-medium text-red-900"
                : "bg-brand-50 px-4 py-3 text-center text-sm font-medium text-brand-900"
            }
          >
            {flash.title}
            {flash.description ? `: ${flash.description}` : null}
          </p>
        </noscript>
      ) : null}
      {/* The browser may paint a page before it has read all of it; on a phone's slower
          processor it did, and what arrived next moved what was drawn (the hero's text as its
          search form came, a card's Compare pill as its word came: layout shifts). The first
          paint waits for the end of the main content, which comes with the same response. */}
      <link rel="expect" href="#main-end" blocking="render" />
      <main id="main">
        <Outlet />
        <div id="main-end" hidden />
      </main>
      <SiteFooter social={loaderData.social} contact={loaderData.contact} />
      <CompareTray />
    </>
  );
}

/**
 * Toasts also written into the page for visitors without JavaScript: a heart's, whose page has
 * no other way to say what was done (ADR 19). The booking page says its own inline.
 */
const SAID_WITHOUT_SCRIPT: ReadonlySet<FlashKey> = new Set([
  "favoriteAdded",
  "favoriteRemoved",
  "favoriteFailed",
]);

const PROPERTY_PAGE = /^\/property\/([^/]+)$/;

/**
 * The header's visitor (useViewer). A shared copy asks /api/me once, after it loads. A page
 * rendered for this visitor (client navigation, a toast) says who it is itself; if that is
 * someone else than /api/me said (signed in or out since), the old answer is dropped.
 */
function useAccountViewer(account: LayoutAccount): HeaderUser {
  const { pathname } = useLocation();
  const sharedCopy = "shared" in account ? account.shared : null;
  const ownViewer = "viewer" in account ? account.viewer : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per document, not per navigation.
  useEffect(() => {
    if (sharedCopy) void loadViewer(PROPERTY_PAGE.exec(pathname)?.[1]);
  }, [sharedCopy]);
  useEffect(() => (ownViewer === undefined ? undefined : dropOtherViewers(ownViewer)), [ownViewer]);
  return useViewer(account);
}
