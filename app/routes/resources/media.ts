import { knownGeneratedKeys } from "~/db/seed/demo-media";
import { serveMedia } from "~/lib/media/media-store.server";
import type { Route } from "./+types/media";

// /media/<key>[?w=<width>]: stored and generated images (see app/lib/images.ts for the contract).
// Only the pictures the site itself refers to are drawn on request.
export function loader({ request, params }: Route.LoaderArgs) {
  return serveMedia(request, params["*"] ?? "", (key) => knownGeneratedKeys().has(key));
}
