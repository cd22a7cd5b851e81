import { and, eq, gt, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { officeSettings, properties } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import {
  type AvailabilityRules,
  closedBadgeSince,
  DEFAULT_AVAILABILITY_RULES,
  freshSince,
} from "~/lib/availability";
import { CLOSED_STATUSES } from "~/lib/property-options";

// What the public site shows, decided here and nowhere else. A listing in the trash is gone at
// once; the rest depends on its dated availability (issue 46, app/lib/availability.ts): on offer
// and confirmed within its period, it is in the search, the lists, the sitemap and the home page;
// confirmed longer ago, only its own page stays ("Availability being checked", noindex); let or
// sold, it stays in the search with its badge for a while, then only its page stays. The clock
// decides too, so a cached answer (reference data, pages) is at most a minute late
// (REFERENCE_DATA_MAX_AGE_MS) when a listing's period runs out with nobody writing anything.

/** Listings on the site: not in the trash (a deleted listing's page is gone at once). */
export const ON_SITE: SQL = isNull(properties.deletedAt);

/** Not sold or let (as isOffered in app/lib/property-options.ts). */
const NOT_CLOSED: SQL = notInArray(properties.status, [...CLOSED_STATUSES]);

/** On the site and not sold or let, whatever its confirmation (the owner's report counts these). */
export const OFFERED: SQL = and(ON_SITE, NOT_CLOSED) as SQL;

// ---------------------------------------------------------------------------
// The periods: office settings (the one office_settings row; none stored reads as the defaults).

const RULE_COLUMNS = {
  rentDays: officeSettings.availabilityRentDays,
  saleDays: officeSettings.availabilitySaleDays,
  reminderDays: officeSettings.availabilityReminderDays,
  closedBadgeDays: officeSettings.closedBadgeDays,
};

export async function readAvailabilityRules(executor: Executor = db): Promise<AvailabilityRules> {
  const [row] = await executor
    .select(RULE_COLUMNS)
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  return row ?? DEFAULT_AVAILABILITY_RULES;
}

/** The periods the public pages apply (kept until an admin changes something). */
export const getAvailabilityRules: () => Promise<AvailabilityRules> = cachedUntilContentChanges(
  () => readAvailabilityRules(),
);

/** Saves the periods, audited (settings.availability), and tells the public pages. */
export async function setAvailabilityRules(actor: AdminActor, rules: AvailabilityRules) {
  return auditedWrite(actor, "settings.availability", async (tx) => {
    const [before] = await tx
      .select(RULE_COLUMNS)
      .from(officeSettings)
      .where(eq(officeSettings.id, 1))
      .for("update");
    const columns = {
      availabilityRentDays: rules.rentDays,
      availabilitySaleDays: rules.saleDays,
      availabilityReminderDays: rules.reminderDays,
      closedBadgeDays: rules.closedBadgeDays,
    };
    await tx
      .insert(officeSettings)
      .values({ id: 1, ...columns })
      .onConflictDoUpdate({
        target: officeSettings.id,
        set: { ...columns, updatedAt: new Date() },
      });
    return {
      result: { ok: true as const },
      audit: { entityId: null, before: before ?? DEFAULT_AVAILABILITY_RULES, after: rules },
    };
  });
}

// ---------------------------------------------------------------------------
// The conditions.

/** On offer and confirmed within its period at `now`: the home page and the agents' lists. */
export function confirmedOnOffer(rules: AvailabilityRules, now: Date): SQL {
  return and(
    ON_SITE,
    NOT_CLOSED,
    or(
      and(
        eq(properties.purpose, "rent"),
        gt(properties.availabilityConfirmedAt, freshSince(rules, "rent", now)),
      ),
      and(
        eq(properties.purpose, "sale"),
        gt(properties.availabilityConfirmedAt, freshSince(rules, "sale", now)),
      ),
    ),
  ) as SQL;
}

/**
 * What the search and the sitemap list at `now`: the confirmed listings on offer, and the ones
 * let or sold within the badge's days (`includeClosed`, the search's "Include sold and let":
 * every let or sold one).
 */
export function listedPublicly(
  rules: AvailabilityRules,
  now: Date,
  options: { includeClosed?: boolean } = {},
): SQL {
  const closed = inArray(properties.status, [...CLOSED_STATUSES]);
  const closedShown = options.includeClosed
    ? closed
    : and(closed, gt(properties.closedAt, closedBadgeSince(rules, now)));
  return and(ON_SITE, or(confirmedOnOffer(rules, now), closedShown)) as SQL;
}
