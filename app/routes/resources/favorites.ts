import { redirect } from "react-router";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { badRequest, failed } from "~/http/responses.server";
import { readForm } from "~/lib/read-form.server";
import { favoriteSchema } from "~/lib/schemas/favorite";
import { setFavorite } from "~/models/favorite.server";
import type { Route } from "./+types/favorites";

// POST /favorites: the heart buttons. With JavaScript they post here through a fetcher and get
// JSON back; without it the form posts and the visitor is sent back to the page (or to sign in).

export function loader() {
  throw redirect("/properties");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirectPath(form.get("redirectTo"), "/properties");
  const wantsJson = form.get("js") === "1";
  const user = await getSessionUser(request);
  if (!user) {
    if (wantsJson) return failed(401, { reason: "signin" });
    throw redirect(`/signin?redirectTo=${encodeURIComponent(back)}`);
  }
  const parsed = favoriteSchema().safeParse(Object.fromEntries(form));
  const outcome = parsed.success
    ? await setFavorite(user.id, parsed.data.propertyId, parsed.data.intent === "add")
    : undefined;
  if (!wantsJson) throw redirect(back);
  if (!outcome?.ok) return badRequest({ reason: "invalid" });
  return { ok: true as const, saved: outcome.saved };
}
