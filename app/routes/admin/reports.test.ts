import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointments,
  auditEvents,
  fraudReports,
  inquiries,
  mailOutbox,
  officialChannels,
  properties,
  verifyChecks,
} from "~/db/schema";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as channelsAction, loader as channelsLoader } from "./channels";
import { action as reportAction, loader as reportLoader } from "./report";
import { loader as reportsLoader } from "./reports";

// The office's side of issue 45: the Reports queue (status, take a listing down, warn its
// enquirers, each asking first) and the Official channels screen. Admins only.

await setupTestDatabase();

const admin = await createSignedInAdmin("office@reports.test", { name: "Office Admin" });
const agent = await createSignedInAgent("agent@reports.test");

const DAY = 24 * 60 * 60 * 1000;
let listingId = "";
let reportId = "";

async function enquiry(email: string, daysAgo: number, propertyId = listingId) {
  await db.insert(inquiries).values({
    source: "contact",
    name: email.split("@")[0],
    email,
    description: "Is it available?",
    propertyId,
    createdAt: new Date(Date.now() - daysAgo * DAY),
  });
}

async function booking(email: string, daysAgo: number) {
  await db.insert(appointments).values({
    fullName: `Booker ${email}`,
    email,
    phone: "0803 000 0000",
    appointmentDate: "2030-01-07",
    appointmentTime: "10:00 AM",
    propertyId: listingId,
    createdAt: new Date(Date.now() - daysAgo * DAY),
  });
}

function post(form: Record<string, string>, id = reportId, cookie = admin.cookie) {
  return callAction<FormFailure>(reportAction, `/admin/reports/${id}`, {
    form,
    cookie,
    params: { id },
  });
}

beforeEach(async () => {
  await db.delete(fraudReports);
  await db.delete(mailOutbox);
  await db.delete(inquiries);
  await db.delete(appointments);
  await db.delete(properties);
  const [listing] = await db
    .insert(properties)
    .values({
      title: "Duplex in Lekki",
      propertyType: "duplex",
      category: "residential",
      city: "Lagos",
    })
    .returning({ id: properties.id });
  listingId = listing?.id ?? "";
  const [report] = await db
    .insert(fraudReports)
    .values({
      propertyId: listingId,
      subjectTitle: "Duplex in Lekki",
      reason: "different_property",
    })
    .returning({ id: fraudReports.id });
  reportId = report?.id ?? "";
});

describe("/admin/reports", () => {
  it("lists reports newest first and filters by status", async () => {
    await db.insert(fraudReports).values({
      checkedKind: "phone",
      checkedValue: "+2348099990000",
      reason: "used_our_name",
      status: "resolved",
    });
    const all = await callLoader<{ rows: { reason: string }[]; counts: Record<string, number> }>(
      reportsLoader,
      "/admin/reports",
      { cookie: admin.cookie },
    );
    expect(all.body.rows.map((r) => r.reason)).toEqual(["used_our_name", "different_property"]);
    expect(all.body.counts).toEqual({ new: 1, resolved: 1 });
    const fresh = await callLoader<{ rows: { reason: string }[] }>(
      reportsLoader,
      "/admin/reports?status=new",
      { cookie: admin.cookie },
    );
    expect(fresh.body.rows.map((r) => r.reason)).toEqual(["different_property"]);
  });

  it("is closed to agents (403) and to visitors", async () => {
    const refused = await callLoader(reportsLoader, "/admin/reports", { cookie: agent.cookie });
    expect(refused.status).toBe(403);
    const visitor = await callLoader(reportsLoader, "/admin/reports");
    expect(visitor.location).toMatch(/^\/admin\/login/);
  });

  it("sets the status, audited", async () => {
    const { location } = await post({ intent: "status", status: "looking" });
    expect(location).toBe(`/admin/reports/${reportId}`);
    const [row] = await db.select().from(fraudReports).where(eq(fraudReports.id, reportId));
    expect(row?.status).toBe("looking");
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.entityId, reportId));
    expect(audit?.action).toBe("report.status");
    expect((await post({ intent: "status", status: "closed" })).status).toBe(400);
  });

  it("takes the listing down only after asking, audited, and the report moves on", async () => {
    const asked = await post({ intent: "take-down" });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm?.question).toBe(
      "Take this listing off the site now? It goes to the trash.",
    );
    let [listing] = await db.select().from(properties).where(eq(properties.id, listingId));
    expect(listing?.deletedAt).toBeNull();
    const done = await post({ intent: "take-down", confirmed: "yes" });
    expect(done.location).toBe(`/admin/reports/${reportId}`);
    [listing] = await db.select().from(properties).where(eq(properties.id, listingId));
    expect(listing?.deletedAt).toBeInstanceOf(Date);
    const [report] = await db.select().from(fraudReports).where(eq(fraudReports.id, reportId));
    expect(report?.status).toBe("looking");
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "property.take-down"));
    expect(audit).toMatchObject({ entityId: listingId, actorUserId: admin.id });
    expect(audit?.changes).toMatchObject({ report: { before: null, after: reportId } });
    // Already off the site: said, nothing more written.
    expect((await post({ intent: "take-down", confirmed: "yes" })).status).toBe(400);
  });

  it("warns everyone who enquired or booked in the last 60 days, once each, after saying how many", async () => {
    await enquiry("ada@example.com", 3);
    await enquiry("ADA@example.com", 10); // the same person again
    await booking("bola@example.com", 59);
    await booking("chidi@example.com", 61); // too long ago
    await enquiry("dayo@example.com", 61); // too long ago
    const [other] = await db
      .insert(properties)
      .values({
        title: "Other flat",
        propertyType: "apartment",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id });
    await enquiry("emeka@example.com", 1, other?.id); // another listing
    const page = await callLoader<{ warnCount: number }>(
      reportLoader,
      `/admin/reports/${reportId}`,
      {
        cookie: admin.cookie,
        params: { id: reportId },
      },
    );
    expect(page.body.warnCount).toBe(2);
    const asked = await post({ intent: "warn" });
    expect(asked.body.confirm?.question).toBe(
      "E-mail a warning to 2 people who enquired about or booked this listing in the last 60 days?",
    );
    expect(await db.select().from(mailOutbox)).toEqual([]);
    expect((await post({ intent: "warn", confirmed: "yes" })).location).toBe(
      `/admin/reports/${reportId}`,
    );
    const mail = await deliverDueMail();
    expect(mail.map((m) => m.to).sort()).toEqual(["ada@example.com", "bola@example.com"]);
    expect(mail[0]?.subject).toBe('Please be careful: "Duplex in Lekki" has been reported');
    expect(mail[0]?.text).toContain("never charges inspection or viewing fees");
    expect(mail[0]?.text).toContain("/verify");
    const [report] = await db.select().from(fraudReports).where(eq(fraudReports.id, reportId));
    expect(report?.warnedCount).toBe(2);
    // Once per report: a second yes mails nobody.
    expect((await post({ intent: "warn", confirmed: "yes" })).status).toBe(400);
    expect(await db.select().from(mailOutbox)).toHaveLength(2);
  });

  it("answers 404 for an unknown report", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const { status } = await callLoader(reportLoader, `/admin/reports/${missing}`, {
      cookie: admin.cookie,
      params: { id: missing },
    });
    expect(status).toBe(404);
  });
});

describe("/admin/channels", () => {
  beforeEach(async () => {
    await db.delete(officialChannels);
  });

  function postChannel(form: Record<string, string>, cookie = admin.cookie) {
    return callAction<FormFailure>(channelsAction, "/admin/channels", { form, cookie });
  }

  it("adds lines, accounts and impostors, refusing the same number in another spelling", async () => {
    const added = await postChannel({
      intent: "add",
      kind: "whatsapp",
      value: "0802 555 1834",
      label: "WhatsApp line of our agent Babatunde Adeyemi",
      usedFor: "Viewings",
    });
    expect(added.location).toBe("/admin/channels");
    const again = await postChannel({
      intent: "add",
      kind: "impostor",
      value: "+234 802 555 1834",
    });
    expect(again.status).toBe(400);
    expect(again.body.fields?.value).toBe("This number, account or address is already on the list");
    const account = await postChannel({
      intent: "add",
      kind: "bank_account",
      value: "1023456789",
      bankName: "",
      accountName: "",
    });
    expect(account.body.fields).toMatchObject({
      bankName: "Please enter the bank's name",
      accountName: "Please enter the account name",
    });
    expect(
      (await postChannel({ intent: "add", kind: "email", value: "0803", label: "Office" })).body
        .fields?.value,
    ).toBe("Please enter a valid email address");
    const rows = await db.select().from(officialChannels);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ valueKind: "phone", normalized: "+2348025551834" });
  });

  it("pages what visitors checked, newest first, every value on exactly one page", async () => {
    await db.delete(verifyChecks);
    const now = Date.now();
    // 53 strangers' numbers, two checked at the same moment (ties), and one of ours left out.
    await db.insert(verifyChecks).values([
      ...Array.from({ length: 53 }, (_, i) => ({
        valueKind: "phone" as const,
        normalized: `+2348090000${String(i).padStart(3, "0")}`,
        verdict: "not_ours" as const,
        lastCheckedAt: new Date(now - i * 60_000),
      })),
      {
        valueKind: "phone" as const,
        normalized: "+2348031234567",
        verdict: "ours" as const,
        lastCheckedAt: new Date(now + 60_000),
      },
    ]);
    await db
      .update(verifyChecks)
      .set({ lastCheckedAt: new Date(now - 49 * 60_000) })
      .where(eq(verifyChecks.normalized, "+2348090000050"));
    type Page = { checked: { rows: { value: string }[]; total: number; pageCount: number } };
    const page = async (search: string) =>
      (await callLoader<Page>(channelsLoader, `/admin/channels${search}`, { cookie: admin.cookie }))
        .body.checked;
    const first = await page("");
    const second = await page("?checked=2");
    expect(first.total).toBe(53);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.value).toBe("+2348090000000");
    expect(second.rows).toHaveLength(3);
    const seen = [...first.rows, ...second.rows].map((row) => row.value);
    expect(new Set(seen).size).toBe(53);
    expect(seen).not.toContain("+2348031234567");
    // A page past the last, or not a page number: empty, or the first page.
    expect((await page("?checked=9")).rows).toEqual([]);
    expect((await page("?checked=-1")).rows).toHaveLength(50);
  });

  it("edits and deletes (asking first), and is closed to agents", async () => {
    await postChannel({
      intent: "add",
      kind: "phone",
      value: "0803 123 4567",
      label: "Office line",
    });
    const [row] = await db.select().from(officialChannels);
    const id = row?.id ?? "";
    await postChannel({
      intent: "update",
      id,
      kind: "phone",
      value: "0803 123 4568",
      label: "Main office line",
    });
    expect((await db.select().from(officialChannels))[0]).toMatchObject({
      normalized: "+2348031234568",
      label: "Main office line",
    });
    expect((await postChannel({ intent: "delete", id })).body.confirm).toBeDefined();
    expect(await db.select().from(officialChannels)).toHaveLength(1);
    expect((await postChannel({ intent: "delete", id, confirmed: "yes" })).location).toBe(
      "/admin/channels",
    );
    expect(await db.select().from(officialChannels)).toHaveLength(0);
    const byAgent = await postChannel(
      { intent: "add", kind: "phone", value: "0803 123 4569", label: "Mine" },
      agent.cookie,
    );
    expect(byAgent.status).toBe(403);
    expect(
      (await callLoader(channelsLoader, "/admin/channels", { cookie: agent.cookie })).status,
    ).toBe(403);
  });
});
