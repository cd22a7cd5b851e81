import { parseCookies } from "better-auth/cookies";
import { constantTimeEqual, makeSignature } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import {
  cachedSession,
  rememberSession,
  type SessionRecord,
  sessionCacheGeneration,
} from "~/cache/session-cache.server";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { getAuth } from "./auth.server";

// The signed-in session of a request in one indexed query (ADR 21), instead of better-auth's
// getSession, which reads the session row and then the user row (two queries) through its
// endpoint machinery on every request. The cookie is checked as better-auth checks it (its
// cookie parser, its HMAC signature helper, a constant-time comparison), and the answer is read
// from the database on every request, so a sign-out, a revoked session or a deactivated account
// counts at once, on every instance: nothing is kept between requests.
//
// better-auth still answers whenever it has something to do or the case is not the plain one:
// a session due for renewal (updateAge: it moves the expiry and sets the new cookie), an expired
// one (it deletes the row), or a Cookie header this reader would not read exactly as the library
// does (the session cookie named twice, or a value its parser refuses).

export type SessionLookup =
  | { kind: "found"; record: SessionRecord }
  /** No session cookie, a forged or unknown one: signed out. */
  | { kind: "none" }
  /** Ask better-auth's getSession (renewal, expiry, an unusual Cookie header). */
  | { kind: "ask-library" };

type AuthContext = Awaited<ReturnType<typeof getAuth>["$context"]>;

/** The length of better-call's cookie signature: base64 of an HMAC-SHA-256 (ends in "="). */
const SIGNATURE_LENGTH = 44;

/**
 * The signed value of the request's session cookie (token "." signature), unverified: "none"
 * when it carries none.
 */
function readSessionCookie(
  cookieHeader: string,
  context: AuthContext,
): { kind: "value"; value: string } | { kind: "none" } | { kind: "ask-library" } {
  const name = context.authCookies.sessionToken.name;
  const named = cookieHeader
    .split(";")
    .filter((pair) => pair.slice(0, Math.max(0, pair.indexOf("="))).trim() === name).length;
  if (named === 0) return { kind: "none" };
  const value = parseCookies(cookieHeader).get(name);
  // Two cookies of that name (the library takes the first, its parser here the last) or one
  // its parser refuses: the library decides.
  if (named > 1 || value === undefined) return { kind: "ask-library" };
  return { kind: "value", value };
}

/** The token of a signed cookie value if its signature is ours (as better-call checks it). */
async function verifiedToken(value: string, context: AuthContext): Promise<string | undefined> {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return undefined;
  const expected = await makeSignature(token, context.secret);
  return constantTimeEqual(expected, signature) ? token : undefined;
}

/** The verified session token of a request's cookie, if it carries a well-signed one. */
export async function sessionTokenOf(headers: Headers): Promise<string | undefined> {
  const context = await getAuth().$context;
  const cookie = readSessionCookie(headers.get("cookie") ?? "", context);
  return cookie.kind === "value" ? verifiedToken(cookie.value, context) : undefined;
}

/** The session and its user for a request: from the cache, or one query on the token index. */
export async function lookupSession(headers: Headers, now = new Date()): Promise<SessionLookup> {
  const cookieHeader = headers.get("cookie");
  if (!cookieHeader) return { kind: "none" };
  const context = await getAuth().$context;
  const cookie = readSessionCookie(cookieHeader, context);
  if (cookie.kind !== "value") return cookie;
  const cached = cachedSession(cookie.value, now.getTime());
  if (cached) return checked(cached, context, now);
  const generation = sessionCacheGeneration();
  const token = await verifiedToken(cookie.value, context);
  if (!token) return { kind: "none" };
  const record = await findSessionByToken(token);
  if (!record) return { kind: "none" };
  const answer = checked(record, context, now);
  if (answer.kind === "found") rememberSession(cookie.value, record, generation, now.getTime());
  return answer;
}

/** A session past its expiry or due for renewal goes to the library, which ends or renews it. */
function checked(record: SessionRecord, context: AuthContext, now: Date): SessionLookup {
  const { expiresAt } = record.session;
  if (expiresAt <= now || isDueForRenewal(expiresAt, context, now)) return { kind: "ask-library" };
  return { kind: "found", record };
}

async function findSessionByToken(token: string): Promise<SessionRecord | undefined> {
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        token: sessions.token,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      },
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        role: users.role,
        isSuperAdmin: users.isSuperAdmin,
        status: users.status,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  // Never another token's session, whatever the database answered.
  return row?.session.token === token ? row : undefined;
}

/**
 * better-auth's renewal rule: a session is renewed (expiry moved on, cookie set again) once
 * updateAge has passed since it was created or last renewed.
 */
function isDueForRenewal(expiresAt: Date, context: AuthContext, now: Date) {
  const { expiresIn, updateAge } = context.sessionConfig;
  return expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now.getTime();
}
