import { redirect } from "react-router";
import { z } from "zod";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { flashCookie } from "~/http/flash.server";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed } from "~/http/responses.server";
import { favoriteSchema } from "~/lib/schemas/favorite";
import { setFavorite, toggleFavorite } from "~/models/favorite.server";
import type { Route } from "./+types/favorites";

// POST /favorites: the heart buttons. With JavaScript they post here through a fetcher and get
// JSON back; without it the form posts and the visitor is sent back to the page (or to sign in)
// with a toast saying what was done. A page from the page cache does not know what the visitor
// saved (ADR 19), so its form before JavaScript asks for "toggle": the server flips it.

/** The button's intents, and "toggle" from a page that cannot know (add/remove stay exact). */
function favoriteFormSchema() {
  return favoriteSchema().extend({ intent: z.enum(["add", "remove", "toggle"]) });
}

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
  const parsed = favoriteFormSchema().safeParse(Object.fromEntries(form));
  const outcome = !parsed.success
    ? undefined
    : parsed.data.intent === "toggle"
      ? await toggleFavorite(user.id, parsed.data.propertyId)
      : await setFavorite(user.id, parsed.data.propertyId, parsed.data.intent === "add");
  if (!wantsJson) {
    const said = !outcome?.ok
      ? "favoriteFailed"
      : outcome.saved
        ? "favoriteAdded"
        : "favoriteRemoved";
    throw redirect(back, { headers: { "Set-Cookie": flashCookie(said) } });
  }
  if (!outcome?.ok) return badRequest({ reason: "invalid" });
  return { ok: true as const, saved: outcome.saved };
}
