import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { getContactDetails, getSocialLinks } from "~/models/site-content.server";
import type { Route } from "./+types/layout";

export async function loader(_: Route.LoaderArgs) {
  const [social, contact] = await Promise.all([getSocialLinks(), getContactDetails()]);
  return { social, contact };
}

// Social links and contact details change only when an admin edits them: reload them after a
// form submission, not on every search or filter click.
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
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
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter social={loaderData.social} contact={loaderData.contact} />
    </>
  );
}
