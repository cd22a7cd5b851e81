import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { FLASH_MESSAGES, type Flash, type FlashKey, isFlashKey } from "~/lib/flash";

const COOKIE = "flash";

/** Secure when the site is served over HTTPS (SITE_URL), like the session cookie. */
function attributes(maxAge: number) {
  const secure = getEnv().siteUrl.startsWith("https://") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

/** The Set-Cookie value that carries a toast to the next page. */
export function flashCookie(key: FlashKey): string {
  return `${COOKIE}=${key}; ${attributes(60)}`;
}

/**
 * Reads (and clears) the toast a redirect left for this page. Answers the toast, if any, and the
 * headers that clear the cookie (empty when there was none).
 */
export function consumeFlash(request: Request): { flash: Flash | null; headers: Headers } {
  const headers = new Headers();
  const raw = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (raw === undefined) return { flash: null, headers };
  headers.append("Set-Cookie", `${COOKIE}=; ${attributes(0)}`);
  if (!isFlashKey(raw)) return { flash: null, headers };
  return { flash: { id: crypto.randomUUID(), key: raw, ...FLASH_MESSAGES[raw] }, headers };
}
