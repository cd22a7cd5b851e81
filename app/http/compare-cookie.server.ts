import { MAX_COMPARE } from "~/lib/compare";
import { isUuid } from "~/lib/ids";

// The compare shortlist of a visitor without JavaScript: the Compare buttons post to /compare,
// which keeps the ids here (with JavaScript the list is in localStorage and this is never set).
// Only ids, nothing personal; a month, like a browsing session that spans a few days.

export const COMPARE_COOKIE = "compare";
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The ids in the request's compare cookie: well-formed ones only, each once, at most the limit. */
export function readCompareCookie(request: Request): string[] {
  const header = request.headers.get("Cookie") ?? "";
  const value = header
    .split(/;\s*/)
    .find((part) => part.startsWith(`${COMPARE_COOKIE}=`))
    ?.slice(COMPARE_COOKIE.length + 1);
  if (!value) return [];
  const ids = value
    .split(".")
    .filter(isUuid)
    .map((id) => id.toLowerCase());
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}

/** The Set-Cookie value keeping `ids` (an empty list removes the cookie). */
export function compareCookie(ids: readonly string[], secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return ids.length === 0
    ? `${COMPARE_COOKIE}=; Max-Age=0; ${attributes}`
    : `${COMPARE_COOKIE}=${ids.join(".")}; Max-Age=${MAX_AGE_SECONDS}; ${attributes}`;
}
