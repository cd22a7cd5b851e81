import { getCurrentSession } from "~/auth/session.server";
import type { MeAnswer } from "~/components/viewer-store";
import { isStaffRole } from "~/lib/roles";
import { logger } from "~/log/logger.server";
import { listAllFavoriteIds } from "~/models/favorite.server";
import { recordPropertyView } from "~/models/property-view.server";
import type { Route } from "./+types/me";

// GET /api/me: what a public page from the page cache does not know about the visitor (ADR 19),
// asked once per page load: the header's account (name, admin or not) and the ids of the saved
// properties (the hearts). Tiny and never kept by any cache; a signed-out visitor gets the same
// shape with no user. This is also where a visitor browsing cached pages has their session
// cookie renewed (better-auth's Set-Cookie is passed on), and where a cached property page is
// added to their "Recently Viewed" (`?viewed=<property id>`).

const PRIVATE = "private, no-store";

export async function loader({ request, url }: Route.LoaderArgs) {
  const current = await getCurrentSession(request);
  const headers = new Headers({ "Cache-Control": PRIVATE });
  if (!current) {
    return Response.json({ user: null, favorites: [] } satisfies MeAnswer, { headers });
  }
  for (const cookie of current.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const { user } = current;
  const viewed = url.searchParams.get("viewed");
  const [favorites] = await Promise.all([
    listAllFavoriteIds(user.id),
    viewed
      ? recordPropertyView(user.id, viewed).catch((error: unknown) =>
          logger.warn({ err: error }, "Could not record a property view"),
        )
      : undefined,
  ]);
  const answer: MeAnswer = {
    user: { id: user.id, name: user.name, isAdmin: isStaffRole(user.role) },
    favorites,
  };
  return Response.json(answer, { headers });
}
