import { isIP } from "node:net";
import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { db } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { socketAddressContext } from "~/http/request-context.server";
import { logger } from "~/log/logger.server";
import { addressGroup } from "./address-group";

// What counts as one client (an IPv6 /64 as one): address-group.ts, which the view and lead
// counts (app/models/count-once.server.ts) import too, so both group addresses by the same rule.
export { addressGroup };

export type RateLimitRule = { limit: number; windowMs: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Attempts allowed per window. Keys say what is counted, e.g. `signIn:${ip}:${email}`
 * (see rateLimitKey): a per-IP+e-mail sign-in key slows password guessing against one account
 * without locking its owner out from another network.
 */
export const RATE_LIMITS = {
  /** Per IP + e-mail. */
  signIn: { limit: 10, windowMs: 15 * MINUTE_MS },
  /**
   * Per IP, whatever the e-mail: password spraying (a few passwords tried on many accounts)
   * from one address. Generous, because mobile networks put many people behind one address.
   */
  signInPerAddress: { limit: 50, windowMs: 15 * MINUTE_MS },
  /** Per IP. */
  signUp: { limit: 5, windowMs: HOUR_MS },
  /** Per IP + e-mail: each request sends an e-mail. */
  passwordReset: { limit: 5, windowMs: HOUR_MS },
  /** Per IP, whatever the e-mail: one address mailing reset links to many inboxes. */
  passwordResetPerAddress: { limit: 20, windowMs: HOUR_MS },
  /** Per IP + e-mail: admin accounts are the valuable ones, so fewer guesses. */
  adminLogin: { limit: 5, windowMs: 15 * MINUTE_MS },
  /** Per IP and form: booking, contact, inquiry, complaint and fraud report forms. */
  publicForm: { limit: 10, windowMs: 10 * MINUTE_MS },
  /**
   * Per IP: checks on /verify (issue 45). More than a form's: a worried visitor checks a number,
   * an account and a code in a row; few enough that nobody walks the agency's numbers.
   */
  verifyCheck: { limit: 20, windowMs: 10 * MINUTE_MS },
  /** Per account: requests for copies of a title (issue 46), each one a task for the office. */
  titleCopyRequest: { limit: 5, windowMs: HOUR_MS },
} as const satisfies Record<string, RateLimitRule>;

/** What a refused attempt shows (app/http/responses.server.ts tooManyAttempts answers it with 429). */
export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Too many attempts. Please wait a few minutes and try again.";

/**
 * A rate-limit key from its parts, e.g. rateLimitKey("signIn", ip, email). E-mails are
 * lower-cased; an IPv6 address counts for its whole /64 (see addressGroup).
 */
export function rateLimitKey(name: keyof typeof RATE_LIMITS | (string & {}), ...parts: string[]) {
  return [name, ...parts.map((part) => addressGroup(part.trim().toLowerCase()))].join(":");
}

/**
 * Counts one attempt against `key` and says whether it is within `rule`.
 *
 * One INSERT ... ON CONFLICT statement does the read and the write, so concurrent requests (on
 * several server instances against one PostgreSQL, or on PGlite) each see a distinct count and
 * exactly `limit` of them are allowed per window. The database clock decides when a window ends,
 * so instances with skewed clocks agree.
 */
export async function consumeRateLimit(
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowSeconds = rule.windowMs / 1000;
  const result = await db.execute<{ count: number; retry_after: string | number }>(sql`
    insert into rate_limits as r (key, count, window_started_at)
    values (${key}, 1, now())
    on conflict (key) do update set
      count = case
        when r.window_started_at <= now() - make_interval(secs => ${windowSeconds}::float8) then 1
        else r.count + 1
      end,
      window_started_at = case
        when r.window_started_at <= now() - make_interval(secs => ${windowSeconds}::float8) then now()
        else r.window_started_at
      end
    returning
      r.count,
      extract(epoch from (r.window_started_at + make_interval(secs => ${windowSeconds}::float8) - now())) as retry_after
  `);
  await deleteExpiredRateLimitsOccasionally(rule.windowMs);
  const row = result.rows[0];
  if (!row) throw new Error("rate_limits upsert returned no row");
  const allowed = Number(row.count) <= rule.limit;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(Number(row.retry_after))),
  };
}

// ---------------------------------------------------------------------------
// Old rows are harmless but would pile up (one per IP and e-mail tried), so the process that
// counts also sweeps, at most once an hour. No timer: nothing to stop at shutdown or in tests.

const CLEANUP_INTERVAL_MS = HOUR_MS;
/** How long after its window ended a row is kept (a window longer than a day is kept whole). */
const EXPIRED_ROW_GRACE_MS = 24 * HOUR_MS;

let lastCleanupAt = 0;
let longestWindowMs = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowMs));

async function deleteExpiredRateLimitsOccasionally(windowMs: number) {
  longestWindowMs = Math.max(longestWindowMs, windowMs);
  const now = Date.now();
  if (now - lastCleanupAt < CLEANUP_INTERVAL_MS) return;
  lastCleanupAt = now;
  try {
    await deleteExpiredRateLimits();
  } catch (error) {
    // A failed sweep must never turn into a failed sign-in; the next one retries.
    logger.warn({ err: error }, "Could not delete expired rate-limit rows");
  }
}

/** Deletes rows whose window ended more than a day ago. Returns how many were deleted. */
export async function deleteExpiredRateLimits(): Promise<number> {
  const olderThanSeconds = (longestWindowMs + EXPIRED_ROW_GRACE_MS) / 1000;
  const result = await db.execute<{ key: string }>(sql`
    delete from rate_limits
    where window_started_at < now() - make_interval(secs => ${olderThanSeconds}::float8)
    returning key
  `);
  return result.rows.length;
}

// ---------------------------------------------------------------------------

/**
 * The visitor's IP address. Behind a reverse proxy (TRUST_PROXY=n, n proxies in front of the
 * server) it is the address the outermost trusted proxy saw: the n-th X-Forwarded-For entry
 * counted from the right, since each proxy appends the peer it saw and everything to the left of
 * that can be written by the client. Without TRUST_PROXY the header is ignored (anyone could send
 * one to dodge a limit) and the socket address is used. "unknown" when neither is known.
 */
export function clientIp(
  request: Request,
  socketAddress: string | undefined,
  trustProxyHops: number = getEnv().trustProxyHops,
): string {
  if (trustProxyHops > 0) {
    const hops = (request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const seenByProxy = hops[Math.max(0, hops.length - trustProxyHops)];
    const address = seenByProxy && normalizeIp(seenByProxy);
    if (address) return address;
  }
  return (socketAddress && normalizeIp(socketAddress)) || "unknown";
}

/** The visitor's IP in a loader or action: `getClientIp(args)`. */
export function getClientIp(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  return clientIp(args.request, args.context.get(socketAddressContext));
}

function normalizeIp(value: string): string | undefined {
  let address = value.trim();
  // "[::1]:1234" and "1.2.3.4:5678" come from some proxies; Node gives "::ffff:1.2.3.4" for IPv4.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  if (address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4) {
    address = address.slice(7);
  }
  return isIP(address) ? address.toLowerCase() : undefined;
}
