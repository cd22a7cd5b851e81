import { data } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import { notFoundMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

// Any path no other route claims. The status is a real 404 for crawlers and monitors.
export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundMessage />;
}

export const meta: Route.MetaFunction = notFoundMeta;
