import { and, asc, eq, isNotNull, lte, notExists, notInArray, or, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { announceContentChange, contentChanged } from "~/cache/content-generation.server";
import { db } from "~/db/client.server";
import {
  auditEvents,
  availabilityReminders,
  listingConfirmations,
  properties,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  type AvailabilityMethod,
  type AvailabilityRules,
  availabilityDueAt,
  closedStatusFor,
  confirmationPeriodDays,
  type OwnerAnswer,
  type StaffMethod,
} from "~/lib/availability";
import { isUuid } from "~/lib/ids";
import { CLOSED_STATUSES } from "~/lib/property-options";
import { ownListings } from "./admin-property-scope.server";
import { notify } from "./notification.server";
import { ON_SITE, readAvailabilityRules } from "./property-visibility.server";

// Confirming a listing's availability (issue 46, item 1): an agent (or an admin) from the To
// confirm list, the owner from the signed link in the reminder e-mail; and the reminders, queued
// by a job (app/mail/availability-job.server.ts) once per confirmation, `reminderDays` before the
// period ends. Each confirmation is a row of listing_confirmations and, on the listing, its last
// (what the public line and the search read: ./property-visibility.server).

const DAY_MS = 24 * 60 * 60 * 1000;

/** Not sold or let: only a listing on offer is confirmed as available. */
const OPEN = notInArray(properties.status, [...CLOSED_STATUSES]);

/** Writes one confirmation and makes it the listing's last, in `tx`. */
async function recordConfirmation(
  tx: Executor,
  input: {
    propertyId: string;
    at: Date;
    method: AvailabilityMethod;
    by: string | null;
    outcome: "available" | "closed";
  },
) {
  await tx.insert(listingConfirmations).values({
    propertyId: input.propertyId,
    confirmedAt: input.at,
    method: input.method,
    confirmedBy: input.by,
    outcome: input.outcome,
  });
  await tx
    .update(properties)
    .set({
      availabilityConfirmedAt: input.at,
      availabilityMethod: input.method,
      availabilityConfirmedBy: input.by,
    })
    .where(eq(properties.id, input.propertyId));
}

export type StaffConfirmation = Outcome<{ title: string }, "not-found" | "closed">;

/**
 * An agent (their own listings only) or an admin confirms that a listing on offer is still
 * available, by a visit or a call with the owner; audited (property.confirm-availability).
 */
export async function confirmAvailability(
  actor: AdminActor,
  propertyId: string,
  method: StaffMethod,
  now = new Date(),
): Promise<StaffConfirmation> {
  // A malformed id is an unknown listing (the uuid column would refuse it with an error).
  if (!isUuid(propertyId)) return { ok: false, reason: "not-found" };
  return auditedWrite<StaffConfirmation>(actor, "property.confirm-availability", async (tx) => {
    const [row] = await tx
      .select({
        title: properties.title,
        status: properties.status,
        availabilityConfirmedAt: properties.availabilityConfirmedAt,
        availabilityMethod: properties.availabilityMethod,
      })
      .from(properties)
      .where(and(eq(properties.id, propertyId), ON_SITE, ownListings(actor)))
      .for("update");
    if (!row) return { result: { ok: false, reason: "not-found" } };
    if ((CLOSED_STATUSES as readonly string[]).includes(row.status)) {
      return { result: { ok: false, reason: "closed" } };
    }
    await recordConfirmation(tx, {
      propertyId,
      at: now,
      method,
      by: actor.id,
      outcome: "available",
    });
    return {
      result: { ok: true, title: row.title },
      audit: {
        entityId: propertyId,
        before: {
          availabilityConfirmedAt: row.availabilityConfirmedAt,
          availabilityMethod: row.availabilityMethod,
        },
        after: { availabilityConfirmedAt: now, availabilityMethod: method },
      },
    };
  });
}

export type ToConfirmItem = {
  id: string;
  title: string;
  city: string;
  referenceCode: string;
  purpose: "sale" | "rent";
  status: string;
  availabilityConfirmedAt: Date;
  availabilityMethod: AvailabilityMethod;
  agentName: string | null;
  dueAt: Date;
};

/**
 * The To confirm list: the listings on offer the actor confirms (an agent's own, every one for an
 * admin), the one due first at the top (out of search already, then the nearest period's end).
 */
export async function listToConfirm(actor: AdminActor): Promise<ToConfirmItem[]> {
  const rules = await readAvailabilityRules();
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      city: properties.city,
      referenceCode: properties.referenceCode,
      purpose: properties.purpose,
      status: properties.status,
      availabilityConfirmedAt: properties.availabilityConfirmedAt,
      availabilityMethod: properties.availabilityMethod,
      agentName: users.name,
    })
    .from(properties)
    .leftJoin(users, eq(users.id, properties.agentId))
    .where(and(ON_SITE, OPEN, ownListings(actor)))
    // The due moment: the confirmation plus its purpose's period.
    .orderBy(
      sql`${properties.availabilityConfirmedAt} + make_interval(days => case when ${properties.purpose} = 'rent' then ${rules.rentDays}::int else ${rules.saleDays}::int end)`,
      asc(properties.id),
    );
  return rows.map((row) => ({ ...row, dueAt: availabilityDueAt(rules, row) }));
}

// ---------------------------------------------------------------------------
// The owner's answer (the signed link of the reminder e-mail; no session).

/** The owner's listing a link names, as the answer page shows it; undefined if not theirs now. */
export async function getListingForOwnerAnswer(propertyId: string, ownerId: string) {
  const [row] = await db
    .select({
      id: properties.id,
      title: properties.title,
      city: properties.city,
      purpose: properties.purpose,
      status: properties.status,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.ownerId, ownerId), ON_SITE))
    .limit(1);
  return row;
}

export type OwnerAnswerResult = Outcome<
  { title: string; status: "available" | "let" | "sold" | "under-offer" },
  "not-found"
>;

/**
 * The owner answers "still available" (a confirmation, method owner) or "it is let or sold" (the
 * listing is marked let or sold, and its badge shows for the period before it leaves the search).
 * Written with the owner's audit row in one transaction; the public pages are told.
 */
export async function answerAsOwner(
  input: { propertyId: string; ownerId: string; answer: OwnerAnswer },
  now = new Date(),
): Promise<OwnerAnswerResult> {
  const result = await db.transaction(async (tx): Promise<OwnerAnswerResult> => {
    const [row] = await tx
      .select({
        title: properties.title,
        purpose: properties.purpose,
        status: properties.status,
        ownerEmail: users.email,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(
        and(
          eq(properties.id, input.propertyId),
          eq(properties.ownerId, input.ownerId),
          eq(users.status, "active"),
          ON_SITE,
        ),
      )
      .for("update", { of: properties });
    if (!row) return { ok: false, reason: "not-found" };
    const closed = (CLOSED_STATUSES as readonly string[]).includes(row.status);
    const status = input.answer === "closed" && !closed ? closedStatusFor(row.purpose) : row.status;
    if (status !== row.status) {
      await tx.update(properties).set({ status }).where(eq(properties.id, input.propertyId));
    }
    await recordConfirmation(tx, {
      propertyId: input.propertyId,
      at: now,
      method: "owner",
      by: input.ownerId,
      outcome: input.answer,
    });
    await tx.insert(auditEvents).values({
      actorUserId: input.ownerId,
      actorEmail: row.ownerEmail,
      action: "property.owner-answer",
      entityType: "property",
      entityId: input.propertyId,
      changes: {
        answer: { before: null, after: input.answer },
        ...(status !== row.status ? { status: { before: row.status, after: status } } : {}),
      },
    });
    await announceContentChange(tx);
    return { ok: true, title: row.title, status };
  });
  if (result.ok) contentChanged();
  return result;
}

// ---------------------------------------------------------------------------
// The reminders.

export type ReminderRunReport = { queued: number };

/**
 * Queues the reminder of every listing on offer whose period ends within `reminderDays` (or has
 * ended) and whose current confirmation has not been reminded yet: one notification per listing
 * and confirmation, whatever the number of runs (the key of availability_reminders).
 */
export async function runAvailabilityReminders(now = new Date()): Promise<ReminderRunReport> {
  const rules = await readAvailabilityRules();
  const remindFrom = (purpose: "sale" | "rent") =>
    new Date(
      now.getTime() - (confirmationPeriodDays(rules, purpose) - rules.reminderDays) * DAY_MS,
    );
  const due = await db
    .select({ id: properties.id, confirmedAt: properties.availabilityConfirmedAt })
    .from(properties)
    .where(
      and(
        ON_SITE,
        OPEN,
        or(
          and(
            eq(properties.purpose, "rent"),
            lte(properties.availabilityConfirmedAt, remindFrom("rent")),
          ),
          and(
            eq(properties.purpose, "sale"),
            lte(properties.availabilityConfirmedAt, remindFrom("sale")),
          ),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(availabilityReminders)
            .where(
              and(
                eq(availabilityReminders.propertyId, properties.id),
                eq(availabilityReminders.confirmedAt, properties.availabilityConfirmedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(properties.availabilityConfirmedAt), asc(properties.id));
  let queued = 0;
  for (const listing of due) {
    const sent = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(availabilityReminders)
        .values({ propertyId: listing.id, confirmedAt: listing.confirmedAt })
        .onConflictDoNothing()
        .returning({ propertyId: availabilityReminders.propertyId });
      if (!row) return false;
      await notify(tx, {
        kind: "availability.reminder",
        propertyId: listing.id,
        confirmedAt: listing.confirmedAt.toISOString(),
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return { queued };
}

/** What a reminder e-mail says, read when it is sent; undefined once it no longer applies. */
export async function getReminderListing(
  executor: Executor,
  propertyId: string,
  confirmedAt: string,
): Promise<
  | {
      id: string;
      title: string;
      referenceCode: string;
      purpose: "sale" | "rent";
      ownerId: string | null;
      agentId: string | null;
      dueAt: Date;
      rules: AvailabilityRules;
    }
  | undefined
> {
  const [row] = await executor
    .select({
      id: properties.id,
      title: properties.title,
      referenceCode: properties.referenceCode,
      purpose: properties.purpose,
      ownerId: properties.ownerId,
      agentId: properties.agentId,
      availabilityConfirmedAt: properties.availabilityConfirmedAt,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), ON_SITE, OPEN))
    .limit(1);
  // Confirmed again since it was queued: nothing to remind.
  if (!row || row.availabilityConfirmedAt.getTime() !== new Date(confirmedAt).getTime()) {
    return undefined;
  }
  const rules = await readAvailabilityRules(executor);
  return { ...row, dueAt: availabilityDueAt(rules, row), rules };
}

/** The listings' owners who may answer by e-mail: active accounts only. */
export async function getOwnerForReminder(executor: Executor, ownerId: string) {
  const [row] = await executor
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.status, "active"), isNotNull(users.email)))
    .limit(1);
  return row;
}
