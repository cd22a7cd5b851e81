import crypto from "node:crypto";
import { FLASH_MESSAGES, type Flash, type FlashKey, isFlashKey } from "./flash";

const COOKIE = "flash";

/** The Set-Cookie value that carries a toast to the next page. */
export function flashCookie(key: FlashKey): string {
  return `${COOKIE}=${key}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

const CLEAR = `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;

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
  headers.append("Set-Cookie", CLEAR);
  if (!isFlashKey(raw)) return { flash: null, headers };
  return { flash: { id: crypto.randomUUID(), key: raw, ...FLASH_MESSAGES[raw] }, headers };
}
