import { and, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { appointments, fraudReports, inquiries, properties, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import {
  type ReportInput,
  type ReportStatus,
  type ReportSubject,
  WARN_WINDOW_DAYS,
} from "~/lib/schemas/trust";
import { readCheckedValue } from "~/lib/verify-value";
import { notify } from "./notification.server";

// Fraud reports (issue 45, item 6): "Report this listing" on property pages and agent profiles,
// and the one-step report on /verify. A report is stored with a notice to the admins in one
// transaction; it never hides anything by itself (DESIGN.md, Trust and fraud): the office reads
// it in /admin/reports and decides, and can take the listing down and warn its enquirers.

/**
 * Stores a report about `subject`; answers "no-subject" when the listing or agent is not one the
 * site shows (a tampered or stale form). The admins' e-mail is queued in the same transaction.
 */
export async function createFraudReport(
  subject: ReportSubject,
  input: ReportInput,
): Promise<Outcome<{ id: string }, "no-subject">> {
  const about = await resolveSubject(subject);
  if (!about) return { ok: false, reason: "no-subject" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(fraudReports)
      .values({
        ...about,
        reason: input.reason,
        name: input.name || null,
        phone: input.phone || null,
        email: input.email || null,
        message: input.message,
      })
      .returning({ id: fraudReports.id });
    if (!row) throw new Error("report insert returned nothing");
    await notify(tx, { kind: "report.received", reportId: row.id });
    return { ok: true, id: row.id };
  });
}

async function resolveSubject(subject: ReportSubject) {
  if (subject.kind === "value") {
    const value = readCheckedValue(subject.value);
    return value ? { checkedKind: value.kind, checkedValue: value.normalized } : undefined;
  }
  if (subject.kind === "listing") {
    if (!isUuid(subject.id)) return undefined;
    const [row] = await db
      .select({ title: properties.title })
      .from(properties)
      .where(and(eq(properties.id, subject.id), isNull(properties.deletedAt)));
    return row ? { propertyId: subject.id, subjectTitle: row.title } : undefined;
  }
  const [agent] = await db
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, subject.id), eq(users.role, "agent")));
  return agent ? { agentId: subject.id, subjectTitle: agent.name } : undefined;
}

const REPORT_COLUMNS = {
  id: fraudReports.id,
  propertyId: fraudReports.propertyId,
  agentId: fraudReports.agentId,
  checkedKind: fraudReports.checkedKind,
  checkedValue: fraudReports.checkedValue,
  subjectTitle: fraudReports.subjectTitle,
  reason: fraudReports.reason,
  name: fraudReports.name,
  phone: fraudReports.phone,
  email: fraudReports.email,
  message: fraudReports.message,
  status: fraudReports.status,
  warnedAt: fraudReports.warnedAt,
  warnedCount: fraudReports.warnedCount,
  createdAt: fraudReports.createdAt,
};

/** A report as its e-mail to the admins shows it. */
export async function getReportForMail(id: string, executor: Executor = db) {
  const [row] = await executor
    .select(REPORT_COLUMNS)
    .from(fraudReports)
    .where(eq(fraudReports.id, id));
  return row;
}

/** Rows per page of /admin/reports. */
export const REPORTS_PAGE_SIZE = 50;

/** The queue, newest first; `status` keeps one status. */
export async function listReportsForAdmin(_actor: AdminActor, status?: ReportStatus) {
  const where = status ? eq(fraudReports.status, status) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select(REPORT_COLUMNS)
      .from(fraudReports)
      .where(where)
      .orderBy(desc(fraudReports.createdAt), desc(fraudReports.id))
      .limit(REPORTS_PAGE_SIZE),
    db
      .select({ status: fraudReports.status, n: count() })
      .from(fraudReports)
      .groupBy(fraudReports.status),
  ]);
  return { rows, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/** One report, with its listing's state and how many people a warning would reach. */
export async function getReportForAdmin(_actor: AdminActor, id: string) {
  if (!isUuid(id)) return undefined;
  const report = await getReportForMail(id);
  if (!report) return undefined;
  const listing = report.propertyId
    ? await db
        .select({ id: properties.id, title: properties.title, deletedAt: properties.deletedAt })
        .from(properties)
        .where(eq(properties.id, report.propertyId))
        .then((rows) => rows[0])
    : undefined;
  const recipients = listing ? await listWarnRecipients(db, listing.id) : [];
  return { report, listing, warnCount: recipients.length };
}

/**
 * Everyone who enquired about or booked the listing in the last WARN_WINDOW_DAYS days, one per
 * e-mail address (the first name given for it).
 */
export async function listWarnRecipients(
  executor: Executor,
  propertyId: string,
): Promise<{ email: string; name: string | null }[]> {
  const since = sql`now() - make_interval(days => ${WARN_WINDOW_DAYS}::int)`;
  const rows = await executor
    .select({ email: inquiries.email, name: inquiries.name, at: inquiries.createdAt })
    .from(inquiries)
    .where(and(eq(inquiries.propertyId, propertyId), gte(inquiries.createdAt, since)))
    .unionAll(
      executor
        .select({
          email: appointments.email,
          name: appointments.fullName,
          at: appointments.createdAt,
        })
        .from(appointments)
        .where(and(eq(appointments.propertyId, propertyId), gte(appointments.createdAt, since))),
    );
  const byEmail = new Map<string, { email: string; name: string | null }>();
  for (const row of rows.sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const email = row.email.trim().toLowerCase();
    if (email && !byEmail.has(email)) byEmail.set(email, { email, name: row.name });
  }
  return [...byEmail.values()];
}

type ReportOutcome = Outcome<object, "not-found">;

export async function setReportStatus(actor: AdminActor, id: string, status: ReportStatus) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<ReportOutcome>(actor, "report.status", async (tx) => {
    const [before] = await tx
      .select({ status: fraudReports.status })
      .from(fraudReports)
      .where(eq(fraudReports.id, id));
    if (!before) return { result: { ok: false, reason: "not-found" } };
    await tx
      .update(fraudReports)
      .set({ status, updatedAt: new Date() })
      .where(eq(fraudReports.id, id));
    return { result: { ok: true }, audit: { entityId: id, before, after: { status } } };
  });
}

/**
 * Takes the reported listing off the site (to the trash, restorable from /admin/properties),
 * audited as the listing's take-down with the report it came from. A new report moves to
 * "looking into it".
 */
export async function takeDownReportedListing(actor: AdminActor, reportId: string) {
  if (!isUuid(reportId)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<Outcome<{ title: string }, "not-found" | "no-listing">>(
    actor,
    "property.take-down",
    async (tx) => {
      const [report] = await tx
        .select({ propertyId: fraudReports.propertyId, status: fraudReports.status })
        .from(fraudReports)
        .where(eq(fraudReports.id, reportId));
      if (!report) return { result: { ok: false, reason: "not-found" } };
      if (!report.propertyId) return { result: { ok: false, reason: "no-listing" } };
      const [listing] = await tx
        .update(properties)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(properties.id, report.propertyId), isNull(properties.deletedAt)))
        .returning({ title: properties.title });
      if (!listing) return { result: { ok: false, reason: "no-listing" } };
      if (report.status === "new") {
        await tx
          .update(fraudReports)
          .set({ status: "looking", updatedAt: new Date() })
          .where(eq(fraudReports.id, reportId));
      }
      return {
        result: { ok: true, title: listing.title },
        audit: {
          entityId: report.propertyId,
          before: { trashed: false },
          after: { trashed: true, title: listing.title, report: reportId },
        },
      };
    },
  );
}

/**
 * E-mails everyone who enquired about or booked the reported listing in the last
 * WARN_WINDOW_DAYS days (one message per address, queued with the write). Once per report.
 */
export async function warnListingEnquirers(actor: AdminActor, reportId: string) {
  if (!isUuid(reportId)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<Outcome<{ count: number }, "not-found" | "no-listing" | "already-warned">>(
    actor,
    "report.warn",
    async (tx) => {
      const [report] = await tx
        .select({
          propertyId: fraudReports.propertyId,
          title: fraudReports.subjectTitle,
          warnedAt: fraudReports.warnedAt,
        })
        .from(fraudReports)
        .where(eq(fraudReports.id, reportId))
        .for("update");
      if (!report) return { result: { ok: false, reason: "not-found" } };
      if (!report.propertyId) return { result: { ok: false, reason: "no-listing" } };
      if (report.warnedAt) return { result: { ok: false, reason: "already-warned" } };
      const recipients = await listWarnRecipients(tx, report.propertyId);
      for (const recipient of recipients) {
        await notify(tx, {
          kind: "report.listing-warning",
          reportId,
          email: recipient.email,
          name: recipient.name,
          title: report.title ?? "",
        });
      }
      await tx
        .update(fraudReports)
        .set({ warnedAt: new Date(), warnedCount: recipients.length, updatedAt: new Date() })
        .where(eq(fraudReports.id, reportId));
      return {
        result: { ok: true, count: recipients.length },
        audit: { entityId: reportId, before: { warned: 0 }, after: { warned: recipients.length } },
      };
    },
  );
}
