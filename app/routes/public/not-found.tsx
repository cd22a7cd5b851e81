import { data } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route claims. The status is a real 404 for crawlers and monitors.
export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundMessage />;
}

export function NotFoundMessage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <p className="text-slate-600">
        The page you are looking for does not exist or has been moved.
      </p>
      <LinkButton to="/" size="xl">
        Return to Home
      </LinkButton>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "The page you are looking for does not exist or has been moved.",
    path: args.location.pathname,
    noindex: true,
  });
