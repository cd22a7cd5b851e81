import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { fraudReports, officialChannels, verifyChecks } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import type { ChannelInput, ChannelKind } from "~/lib/schemas/trust";

// The agency's official channels and known impostors (issue 45, /admin/channels), and what
// /verify was asked: every channel is an admin's audited write; /verify and its page read them.

export type OfficialChannel = {
  id: string;
  kind: ChannelKind;
  value: string;
  label: string;
  bankName: string | null;
  accountName: string | null;
  usedFor: string;
};

const CHANNEL_COLUMNS = {
  id: officialChannels.id,
  kind: officialChannels.kind,
  value: officialChannels.value,
  label: officialChannels.label,
  bankName: officialChannels.bankName,
  accountName: officialChannels.accountName,
  usedFor: officialChannels.usedFor,
};

/** Every entry, impostors included, for the admin screen (oldest first within a kind). */
export async function listOfficialChannelsForAdmin(_actor: AdminActor): Promise<OfficialChannel[]> {
  return db
    .select(CHANNEL_COLUMNS)
    .from(officialChannels)
    .orderBy(asc(officialChannels.kind), asc(officialChannels.createdAt));
}

/** The agency's own channels as /verify lists them (never the impostors). */
export async function listPublicOfficialChannels(): Promise<OfficialChannel[]> {
  return db
    .select(CHANNEL_COLUMNS)
    .from(officialChannels)
    .where(ne(officialChannels.kind, "impostor"))
    .orderBy(asc(officialChannels.kind), asc(officialChannels.createdAt));
}

type ChannelOutcome = Outcome<object, "taken" | "not-found">;

async function valueTaken(tx: Transaction, input: ChannelInput, exceptId?: string) {
  const [row] = await tx
    .select({ id: officialChannels.id })
    .from(officialChannels)
    .where(
      and(
        eq(officialChannels.valueKind, input.valueKind),
        eq(officialChannels.normalized, input.normalized),
        exceptId ? ne(officialChannels.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

function auditValues(input: ChannelInput | OfficialChannel) {
  return {
    kind: input.kind,
    value: input.value,
    label: input.label,
    bankName: input.bankName,
    accountName: input.accountName,
    usedFor: input.usedFor,
  };
}

export async function addOfficialChannel(actor: AdminActor, input: ChannelInput) {
  return auditedWrite<ChannelOutcome>(actor, "official-channel.add", async (tx) => {
    if (await valueTaken(tx, input)) return { result: { ok: false, reason: "taken" } };
    const [row] = await tx
      .insert(officialChannels)
      .values(input)
      .returning({ id: officialChannels.id });
    return {
      result: { ok: true },
      audit: { entityId: row?.id ?? null, after: auditValues(input) },
    };
  });
}

/** A new value and words for an entry; its kind never changes (a tampered form: not found). */
export async function updateOfficialChannel(actor: AdminActor, id: string, input: ChannelInput) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<ChannelOutcome>(actor, "official-channel.update", async (tx) => {
    const [row] = await tx
      .select(CHANNEL_COLUMNS)
      .from(officialChannels)
      .where(eq(officialChannels.id, id));
    if (!row || row.kind !== input.kind) return { result: { ok: false, reason: "not-found" } };
    if (await valueTaken(tx, input, id)) return { result: { ok: false, reason: "taken" } };
    await tx
      .update(officialChannels)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(officialChannels.id, id));
    return {
      result: { ok: true },
      audit: { entityId: id, before: auditValues(row), after: auditValues(input) },
    };
  });
}

export async function deleteOfficialChannel(actor: AdminActor, id: string) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<ChannelOutcome>(actor, "official-channel.delete", async (tx) => {
    const [row] = await tx
      .delete(officialChannels)
      .where(eq(officialChannels.id, id))
      .returning(CHANNEL_COLUMNS);
    if (!row) return { result: { ok: false, reason: "not-found" } };
    return { result: { ok: true }, audit: { entityId: id, before: auditValues(row), after: null } };
  });
}

export type CheckedValueSummary = {
  kind: (typeof verifyChecks.$inferSelect)["valueKind"];
  value: string;
  verdict: (typeof verifyChecks.$inferSelect)["verdict"];
  checks: number;
  reports: number;
  lastCheckedAt: Date;
};

/** Rows per page of the office's list of checked values (the most recently checked first). */
export const CHECKED_VALUES_PAGE_SIZE = 50;

/** What /verify was asked that is not ours: the values on one page and how many there are. */
const notOurs = ne(verifyChecks.verdict, "ours");

/**
 * One page of the values checked on /verify that are not ours (strangers' numbers, accounts,
 * impostors), most recently checked first, with how often each was checked and reported, and
 * the number of such values in all (for the page links). A page past the last is empty.
 */
export async function listCheckedValuesForAdmin(
  _actor: AdminActor,
  page = 1,
): Promise<{ rows: CheckedValueSummary[]; total: number }> {
  const reports = db
    .select({
      kind: fraudReports.checkedKind,
      value: fraudReports.checkedValue,
      n: count().as("n"),
    })
    .from(fraudReports)
    .where(sql`${fraudReports.checkedValue} is not null`)
    .groupBy(fraudReports.checkedKind, fraudReports.checkedValue)
    .as("reports");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        kind: verifyChecks.valueKind,
        value: verifyChecks.normalized,
        verdict: verifyChecks.verdict,
        checks: verifyChecks.checkCount,
        reports: sql<number>`coalesce(${reports.n}, 0)::int`,
        lastCheckedAt: verifyChecks.lastCheckedAt,
      })
      .from(verifyChecks)
      .leftJoin(
        reports,
        and(eq(reports.kind, verifyChecks.valueKind), eq(reports.value, verifyChecks.normalized)),
      )
      .where(notOurs)
      // The value breaks ties, so a row never shows on two pages or none.
      .orderBy(
        desc(verifyChecks.lastCheckedAt),
        asc(verifyChecks.valueKind),
        asc(verifyChecks.normalized),
      )
      .limit(CHECKED_VALUES_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * CHECKED_VALUES_PAGE_SIZE),
    db.select({ n: count() }).from(verifyChecks).where(notOurs),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
