import crypto from "node:crypto";
import { and, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { resolveAuthSecret } from "~/auth/auth-secret.server";
import { db } from "~/db/client.server";
import { countedVisitors } from "~/db/schema";
import { getEnv } from "~/env.server";
import { lagosToday } from "~/lib/appointment-rules";
import { logger } from "~/log/logger.server";
import { addressGroup } from "~/rate-limit/address-group";

// "Once per visitor and day" for the numbers owners and staff read (views, WhatsApp and phone
// leads; issue 42 item 6): a listing's view or click counts once per Lagos day and client
// address, whatever the browser says it is. The address is the one the app resolves behind its
// proxy (getClientIp: TRUST_PROXY hops of X-Forwarded-For, else the socket), and an IPv6 address
// counts for its whole /64 (addressGroup, as the rate limits do): a phone picks a new address in
// its /64 at will. Changing the User-Agent per request, which counted every request before,
// buys at most MAX_COUNTS_PER_ADDRESS counts a day. Bots and nameless clients never count.
//
// The decision is stored (counted_visitors), so it holds across restarts and across instances;
// no address is: the visitor is an HMAC of the address under a key of the day (derived from the
// auth secret), so a row cannot be tied to an address without the secret, nor to the same
// visitor on another day, and rows go once the next day starts. A small in-memory set answers
// a visitor seen again by this instance without asking the database.

/**
 * Distinct browsers counted per address, listing, kind and day. Three: an office, a family or a
 * hall of residence shares one public address, and a mobile carrier's NAT puts many of its
 * customers behind one IPv4 address; two or three different people there looking at, or
 * calling about, the same listing on the same day happens, more is rare for one listing. So
 * honest shared addresses lose little, and a script rotating its User-Agent adds at most three
 * views and three leads of each kind a day per address it controls. Documented in
 * docs/decisions/0023-agents-and-leads.md.
 */
export const MAX_COUNTS_PER_ADDRESS = 3;

export type CountKind = "view" | "whatsapp" | "phone";

/** Visitors this instance remembers a day before the oldest are forgotten (bounded memory). */
const MAX_REMEMBERED = 200_000;

type Remembered = { agents: Set<string>; full: boolean };

let memoryDay = "";
let remembered = new Map<string, Remembered>();

let derivedKey: { secret: string; key: Buffer } | undefined;
let dayKey: { day: string; key: Buffer } | undefined;

/** The HMAC key of `day`: derived from the auth secret for this purpose only, new each day. */
function keyOf(day: string): Buffer {
  const secret = resolveAuthSecret(getEnv());
  if (derivedKey?.secret !== secret) {
    derivedKey = {
      secret,
      key: crypto.createHmac("sha256", secret).update("counted-visitors:v1").digest(),
    };
    dayKey = undefined;
  }
  if (dayKey?.day !== day) {
    dayKey = { day, key: crypto.createHmac("sha256", derivedKey.key).update(day).digest() };
  }
  return dayKey.key;
}

/** The client as counted that day: its address (an IPv6 /64 as one), keyed by the day. */
export function visitorOf(clientAddress: string, day: string): string {
  const address = addressGroup(clientAddress.trim().toLowerCase());
  return crypto.createHmac("sha256", keyOf(day)).update(address).digest("base64url").slice(0, 22);
}

/** A browser name, shortened: only told apart from the others of the same visitor. */
function agentOf(userAgent: string): string {
  return crypto.createHash("sha256").update(userAgent).digest("base64url").slice(0, 11);
}

/** A new day: this instance forgets yesterday, and the database drops rows of earlier days. */
function startDay(day: string) {
  memoryDay = day;
  remembered = new Map();
  db.delete(countedVisitors)
    .where(lt(countedVisitors.day, day))
    .catch((error: unknown) =>
      logger.warn({ err: error }, "Could not remove earlier days' counted visitors"),
    );
}

/**
 * Whether this view or click counts: the Lagos day if so, else null (a bot, no browser name,
 * the same browser from this address already counted today, or MAX_COUNTS_PER_ADDRESS reached).
 * A failed database write counts nothing and is logged: never the visitor's problem.
 */
export async function countsToday(input: {
  propertyId: string;
  kind: CountKind;
  clientAddress: string;
  userAgent: string | null;
  now?: Date;
}): Promise<string | null> {
  const userAgent = input.userAgent?.trim();
  if (!userAgent || isbot(userAgent)) return null;
  const day = lagosToday(input.now);
  if (day !== memoryDay) startDay(day);
  const visitor = visitorOf(input.clientAddress, day);
  const agent = agentOf(userAgent);
  const key = `${input.kind}|${input.propertyId}|${visitor}`;
  let seen = remembered.get(key);
  if (seen && (seen.full || seen.agents.has(agent))) return null;
  if (!seen) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    seen = { agents: new Set(), full: false };
    remembered.set(key, seen);
  }
  seen.agents.add(agent);
  let counted: { agents: number }[];
  try {
    counted = await db
      .insert(countedVisitors)
      .values({ propertyId: input.propertyId, day, kind: input.kind, visitor, agents: [agent] })
      .onConflictDoUpdate({
        target: [
          countedVisitors.propertyId,
          countedVisitors.day,
          countedVisitors.kind,
          countedVisitors.visitor,
        ],
        set: { agents: sql`array_append(${countedVisitors.agents}, ${agent})` },
        // Counted once per browser, and for MAX_COUNTS_PER_ADDRESS browsers at most.
        setWhere: and(
          sql`not (${agent} = any(${countedVisitors.agents}))`,
          sql`cardinality(${countedVisitors.agents}) < ${MAX_COUNTS_PER_ADDRESS}`,
        ),
      })
      .returning({ agents: sql<number>`cardinality(${countedVisitors.agents})`.mapWith(Number) });
  } catch (error) {
    // A listing purged meanwhile fails the foreign key; anything else is logged the same way.
    seen.agents.delete(agent);
    logger.warn({ err: error, propertyId: input.propertyId }, "Could not check a visitor's count");
    return null;
  }
  const [row] = counted;
  if (!row) return null;
  if (row.agents >= MAX_COUNTS_PER_ADDRESS) seen.full = true;
  return day;
}

/** What a restart does to this instance's memory (tests: the stored rows still decide). */
export function forgetCountedVisitors() {
  memoryDay = "";
  remembered = new Map();
}
