import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { resolveAuthSecret } from "~/lib/auth-secret.server";

// The token in a saved-search alert's unsubscribe link: the search's id and an HMAC of it, so
// the link works signed out (and from a mail client's one-click POST) and cannot be made for
// another search. It does not expire: an old alert's link must still stop the alerts. The key
// is derived from the auth secret for this purpose only.

const PURPOSE = "saved-search-unsubscribe:v1";

let cachedKey: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = resolveAuthSecret(getEnv());
  if (cachedKey?.secret !== secret) {
    cachedKey = { secret, key: crypto.createHmac("sha256", secret).update(PURPOSE).digest() };
  }
  return cachedKey.key;
}

function signature(searchId: string): string {
  return crypto.createHmac("sha256", key()).update(searchId).digest("base64url");
}

export function signUnsubscribeToken(searchId: string): string {
  return `${searchId}.${signature(searchId)}`;
}

/** The search id a token was made for, or undefined for a forged, altered or malformed one. */
export function verifyUnsubscribeToken(token: string): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, searchId = "", given = ""] = match;
  const expected = Buffer.from(signature(searchId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual)
    ? searchId
    : undefined;
}
