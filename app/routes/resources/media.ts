import { demoMediaGenerator } from "~/demo/media/generator.server";
import { serveMedia } from "~/media/media-store.server";
import type { Route } from "./+types/media";

// /media/<key>[?w=<width>]: stored files, and the demo photos drawn on their first request (see
// app/lib/images.ts for the contract).
export function loader({ request, params }: Route.LoaderArgs) {
  return serveMedia(request, params["*"] ?? "", demoMediaGenerator);
}
