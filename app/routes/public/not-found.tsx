import { data } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route claims. The status is a real 404 for crawlers and monitors.
export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundMessage />;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Page not found",
    description: "The page you are looking for does not exist or has been moved.",
    path: args.location.pathname,
    noindex: true,
  });
