import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, userSettings, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { InterestEvent } from "~/lib/owner-alerts";
import { notify } from "./notification.server";

// An owner hears the same day when their listing gets an inquiry or a booked viewing (issue 47).
// The inquiry or booking's own transaction queues the notification (createInquiry,
// insertAppointment), so the two commit together; the e-mail says what happened and when, and
// who the agent is, never who asked. `user_settings.owner_interest_alerts` is the switch (on
// unless the owner turned it off, on My Listings or by the e-mail's unsubscribe link); the
// sender checks it again when it sends.

/** Whether the owner's switch is on: no settings row means on. */
const ALERTS_ON = sql<boolean>`coalesce(${userSettings.ownerInterestAlerts}, true)`;

/**
 * The owner to tell about interest in a listing, with what their e-mail needs: undefined when the
 * listing has none (or is in the trash), the account is inactive, the switch is off, or (with
 * `ownerId`, when the e-mail is sent) the listing is no longer theirs.
 */
async function ownerToTell(executor: Executor, propertyId: string, ownerId?: string) {
  const [row] = await executor
    .select({
      ownerId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      title: properties.title,
      code: properties.referenceCode,
      agentId: properties.agentId,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(properties.id, propertyId),
        ownerId ? eq(properties.ownerId, ownerId) : isNull(properties.deletedAt),
        eq(users.status, "active"),
        ALERTS_ON,
      ),
    );
  return row;
}

/**
 * Inside an inquiry's or a booking's write: queues the listing owner's e-mail, if the listing
 * has an active owner whose switch is on. `day` and `time` are the viewing's, or the day asked.
 */
export async function notifyOwnerOfInterest(
  tx: Executor,
  propertyId: string,
  moment: { event: InterestEvent; day: string; time?: string | null },
): Promise<void> {
  const owner = await ownerToTell(tx, propertyId);
  if (!owner) return;
  await notify(tx, {
    kind: "owner.listing-interest",
    propertyId,
    ownerId: owner.ownerId,
    event: moment.event,
    day: moment.day,
    time: moment.time ?? null,
  });
}

/** What the owner's e-mail needs, read when it is sent (see ownerToTell). */
export function getInterestAlertForMail(executor: Executor, propertyId: string, ownerId: string) {
  return ownerToTell(executor, propertyId, ownerId);
}

// ---------------------------------------------------------------------------
// The owner's switch.

export async function getInterestAlertSetting(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: ALERTS_ON })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function setInterestAlerts(userId: string, enabled: boolean): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, ownerInterestAlerts: enabled })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { ownerInterestAlerts: enabled, updatedAt: new Date() },
    });
}

/** Whom the unsubscribe page names, and whether the e-mails are on. */
export async function getInterestAlertSubscriber(userId: string) {
  const [row] = await db
    .select({ email: users.email, on: ALERTS_ON })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { email: row.email, enabled: row.on } : undefined;
}

/**
 * The unsubscribe link's account (signed token, no session): the e-mails are switched off.
 * "already-off" when they were; "not-found" for an account that is gone.
 */
export async function unsubscribeInterestAlerts(
  userId: string,
): Promise<Outcome<{ email: string }, "not-found" | "already-off">> {
  const subscriber = await getInterestAlertSubscriber(userId);
  if (!subscriber) return { ok: false, reason: "not-found" };
  if (!subscriber.enabled) return { ok: false, reason: "already-off" };
  await setInterestAlerts(userId, false);
  return { ok: true, email: subscriber.email };
}
