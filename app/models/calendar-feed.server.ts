import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { appointments, calendarFeeds, properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { appointmentBookingColumns } from "./appointment.server";

// Each admin's secret calendar address: the confirmed appointments as an iCalendar feed that a
// phone's calendar subscribes to (calendar apps send no cookies, so the address is the key).
// Only the token's SHA-256 is stored, so the address is shown once, when it is made; resetting
// makes a new one and the old one stops working at once. A feed answers only while its owner is
// an active admin.

/** How far back the feed reaches: recent viewings stay in the calendar for reference. */
export const FEED_PAST_DAYS = 30;

/** A token is 43 characters of base64url (32 random bytes). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashOf(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** When the admin's current calendar address was made; undefined when there is none. */
export async function getCalendarFeedCreatedAt(actor: AdminActor): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.id));
  return row?.createdAt;
}

/** Makes the admin a new calendar address (replacing any old one); answers its token. */
export async function resetCalendarFeed(actor: AdminActor) {
  const token = randomBytes(32).toString("base64url");
  return auditedWrite(actor, "calendar-feed.reset", async (tx) => {
    const [old] = await tx
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, actor.id));
    const now = new Date();
    await tx
      .insert(calendarFeeds)
      .values({ userId: actor.id, tokenHash: hashOf(token), createdAt: now })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: hashOf(token), createdAt: now },
      });
    return {
      result: { ok: true as const, token },
      // The token itself never reaches the log: only that the address changed.
      audit: {
        entityId: actor.id,
        before: { address: old ? "old" : null },
        after: { address: "new" },
      },
    };
  });
}

/**
 * The open appointments of the feed that `token` opens: confirmed ones, and pending ones (issue
 * 47) so an agent's day holds the viewings still to confirm; undefined for a dead address.
 */
export async function readCalendarFeed(token: string, now = new Date()) {
  if (!TOKEN.test(token)) return undefined;
  const [owner] = await db
    .select({ id: users.id, role: users.role })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashOf(token)),
        inArray(users.role, ["admin", "agent"]),
        eq(users.status, "active"),
      ),
    );
  if (!owner) return undefined;
  return db
    .select({
      ...appointmentBookingColumns,
      message: appointments.message,
      propertyTitle: properties.title,
      propertyCode: properties.referenceCode,
      viewingCode: appointments.viewingCode,
      status: appointments.status,
      updatedAt: appointments.updatedAt,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(
      and(
        inArray(appointments.status, ["pending", "confirmed"]),
        gte(appointments.appointmentDate, addDays(lagosToday(now), -FEED_PAST_DAYS)),
        // An agent's feed holds their own viewings; an admin's the office's.
        owner.role === "agent" ? eq(appointments.agentId, owner.id) : undefined,
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id));
}

export type FeedAppointment = NonNullable<Awaited<ReturnType<typeof readCalendarFeed>>>[number];
