import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import { Toasts } from "~/components/toaster";
import { LinkButton } from "~/components/ui/button";
import { getEnv } from "~/env.server";
import { HydrationFlag } from "~/hooks/use-hydrated";
import { InlineStylesheet } from "~/lib/inline-css";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

// A PNG, not favicon.svg: the browser builds an SVG favicon as a document of its own on the page's
// main thread, just as the scripts start (scripts/generate-favicon.ts).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "96x96" },
];

// The absolute origin for canonical links and sharing cards (app/lib/seo.ts). It never changes
// while the server runs, so it is loaded once per document.
export function loader() {
  return { siteUrl: getEnv().siteUrl };
}

export function shouldRevalidate() {
  return false;
}

/**
 * The one stylesheet. Inline on the public and account pages (app/http/inline-css.server.ts),
 * where a visitor from a search lands on a slow phone and most pages come from the page cache,
 * compressed once: the first paint waits for no request after the HTML. Linked on the customer
 * dashboard and the admin area (rendered and compressed per request, for people who come back:
 * the file in their browser's cache beats 68 KB more in every response). With a
 * precedence, React sends the link before the script preloads it hoists. style-src allows
 * inline styles and our origin: no nonce.
 */
function SiteStylesheet() {
  const ownPage = useMatches().some((match) => /^routes\/(dashboard|admin)\//.test(match.id));
  if (!ownPage) return <InlineStylesheet />;
  // The URL is empty only where nothing builds the stylesheet (route tests under Vitest); an
  // empty href would make React warn on every page those tests render.
  return appStylesheet ? <link rel="stylesheet" href={appStylesheet} precedence="default" /> : null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#065f46" />
        <Meta />
        <SiteStylesheet />
        {/* "" keeps ServerRouter's default nonce off the page links, which the browser would
            keep visible on <link> and hydration would then report as a mismatch. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen">
        <HydrationFlag>
          {children}
          <Toasts />
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </HydrationFlag>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refused request (400 unreadable form, 403, 413 too large, 429) says why, in its own words.
  const refused =
    isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !notFound;
  const status = notFound ? 404 : refused ? error.status : 500;
  const title = notFound
    ? "Oops! Page not found"
    : refused
      ? "We could not accept that request"
      : "Something went wrong";
  const detail = notFound
    ? "The page you are looking for does not exist or has been moved."
    : refused && typeof error.data === "string" && error.data
      ? error.data
      : refused
        ? "Please go back, check what you sent and try again."
        : "An unexpected error occurred. Please try again in a moment.";
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-brand-700">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600">{detail}</p>
      <LinkButton to="/" size="md">
        Return to Home
      </LinkButton>
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="max-w-full overflow-auto text-left text-xs">{error.stack}</pre>
      ) : null}
    </main>
  );
}
