import crypto from "node:crypto";
import { resolveAuthSecret } from "~/auth/auth-secret.server";
import { getEnv } from "~/env.server";

// The tokens in unsubscribe links: an id and an HMAC of it, so the link works signed out (and
// from a mail client's one-click POST) and cannot be made for another id. They do not expire:
// an old e-mail's link must still stop the e-mails. Each kind of e-mail has its own key, derived
// from the auth secret for that purpose only, so one kind's token never stops another's.
// - a saved-search alert's: the search's id;
// - an owner's weekly report's (issue 20): the owner's account id;
// - an owner's e-mails about interest in their listings (issue 47): the owner's account id.
// The availability reminder's answer links (issue 46) are signed the same way but do expire:
// their id carries the listing, the owner and the moment the link stops working.

type Purpose =
  | "saved-search-unsubscribe:v1"
  | "owner-report-unsubscribe:v1"
  | "availability-answer:v1"
  | "owner-alerts-unsubscribe:v1";

const cachedKeys = new Map<Purpose, { secret: string; key: Buffer }>();

function key(purpose: Purpose): Buffer {
  const secret = resolveAuthSecret(getEnv());
  const cached = cachedKeys.get(purpose);
  if (cached?.secret === secret) return cached.key;
  const derived = crypto.createHmac("sha256", secret).update(purpose).digest();
  cachedKeys.set(purpose, { secret, key: derived });
  return derived;
}

function signature(purpose: Purpose, id: string): string {
  return crypto.createHmac("sha256", key(purpose)).update(id).digest("base64url");
}

function verify(purpose: Purpose, idPattern: string, token: string): string | undefined {
  const match = new RegExp(`^(${idPattern})\\.([A-Za-z0-9_-]{43})$`).exec(token);
  if (!match) return undefined;
  const [, id = "", given = ""] = match;
  const expected = Buffer.from(signature(purpose, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual)
    ? id
    : undefined;
}

export function signUnsubscribeToken(searchId: string): string {
  return `${searchId}.${signature("saved-search-unsubscribe:v1", searchId)}`;
}

/** The search id a token was made for, or undefined for a forged, altered or malformed one. */
export function verifyUnsubscribeToken(token: string): string | undefined {
  return verify("saved-search-unsubscribe:v1", "[0-9a-f-]{36}", token);
}

export function signOwnerReportToken(userId: string): string {
  return `${userId}.${signature("owner-report-unsubscribe:v1", userId)}`;
}

/** The account id a report's token was made for, or undefined for a forged or altered one. */
export function verifyOwnerReportToken(token: string): string | undefined {
  return verify("owner-report-unsubscribe:v1", "[A-Za-z0-9_-]{1,64}", token);
}

/** How long an owner's availability answer link works. */
export const AVAILABILITY_LINK_DAYS = 14;

/** The owner's answer link for one listing, working until `expiresAt`. */
export function signAvailabilityToken(input: {
  propertyId: string;
  ownerId: string;
  expiresAt: Date;
}): string {
  const id = `${input.propertyId}.${input.ownerId}.${Math.floor(input.expiresAt.getTime() / 1000)}`;
  return `${id}.${signature("availability-answer:v1", id)}`;
}

export type AvailabilityTokenCheck =
  | { ok: true; propertyId: string; ownerId: string }
  | { ok: false; reason: "invalid" | "expired" };

/** The listing and owner a link was made for, unless forged, altered or past its time. */
export function verifyAvailabilityToken(token: string, now = new Date()): AvailabilityTokenCheck {
  const id = verify(
    "availability-answer:v1",
    "[0-9a-f-]{36}\\.[A-Za-z0-9_-]{1,64}\\.[0-9]{1,12}",
    token,
  );
  const [propertyId = "", ownerId = "", expires = ""] = id?.split(".") ?? [];
  if (!id) return { ok: false, reason: "invalid" };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, propertyId, ownerId };
}

/** The token of an owner's interest e-mails' unsubscribe link (issue 47). */
export function signOwnerAlertsToken(userId: string): string {
  return `${userId}.${signature("owner-alerts-unsubscribe:v1", userId)}`;
}

/** The account id an interest e-mail's token was made for, or undefined for a forged one. */
export function verifyOwnerAlertsToken(token: string): string | undefined {
  return verify("owner-alerts-unsubscribe:v1", "[A-Za-z0-9_-]{1,64}", token);
}
