import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { fraudReports, mailOutbox, properties, rateLimits, userSettings, users } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { REPORT_MESSAGES } from "~/lib/schemas/trust";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./report";

// Fraud reports (issue 45, item 6): the one form every page posts to /report. What is stored,
// the admins' e-mail, the abuse limits, and that a report hides nothing by itself.

await setupTestDatabase();

type Body = {
  ok?: boolean;
  back?: string;
  error?: { message: string };
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

let listingId = "";
let ips = 0;

function post(form: Record<string, string>, ip = `10.47.0.${++ips % 250}`) {
  return callAction<Body>(action, "/report", { form, ip });
}

beforeEach(async () => {
  await db.delete(fraudReports);
  await db.delete(mailOutbox);
  await db.delete(rateLimits);
  await db.delete(users);
  await db.delete(properties);
  const [row] = await db
    .insert(properties)
    .values({
      title: "Flat in Yaba",
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
    })
    .returning({ id: properties.id });
  listingId = row?.id ?? "";
  await db.insert(users).values([
    { id: "r-admin", name: "Ada Admin", email: "ada@r.test", role: "admin" },
    { id: "r-quiet", name: "Quiet Admin", email: "quiet@r.test", role: "admin" },
    { id: "r-agent", name: "Tunde Agent", email: "tunde@r.test", role: "agent" },
    { id: "r-tenant", name: "Ngozi", email: "ngozi@r.test", role: "tenant" },
  ]);
  await db.insert(userSettings).values({ userId: "r-quiet", emailNotificationsEnabled: false });
});

describe("/report", () => {
  it("stores a report about a listing and e-mails the admins at once; the listing stays up", async () => {
    const { status, body } = await post({
      about: "listing",
      id: listingId,
      back: `/property/${listingId}`,
      reason: "money_before_viewing",
      message: "He asked for ₦10,000 before showing me the flat.",
      name: "Bisi",
      phone: "0803 111 2222",
      email: "bisi@example.com",
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, back: `/property/${listingId}` });
    const [report] = await db.select().from(fraudReports);
    expect(report).toMatchObject({
      propertyId: listingId,
      subjectTitle: "Flat in Yaba",
      reason: "money_before_viewing",
      status: "new",
      name: "Bisi",
      phone: "0803 111 2222",
      email: "bisi@example.com",
    });
    const [listing] = await db.select().from(properties).where(eq(properties.id, listingId));
    expect(listing?.deletedAt).toBeNull();
    const mail = await deliverDueMail();
    // Every active admin with e-mail notifications on; not the one who switched them off.
    expect(mail.map((m) => m.to)).toEqual(["ada@r.test"]);
    expect(mail[0]?.subject).toBe(
      'Fraud report: Asked for money before a viewing ("Flat in Yaba")',
    );
    expect(mail[0]?.text).toContain("He asked for ₦10,000 before showing me the flat.");
    expect(mail[0]?.text).toContain(`/admin/reports/${report?.id}`);
  });

  it("stores a report about a value checked on /verify, normalised, with no contact", async () => {
    const { body } = await post({
      about: "value",
      value: "0809 999 0000",
      reason: "used_our_name",
    });
    expect(body.ok).toBe(true);
    const [report] = await db.select().from(fraudReports);
    expect(report).toMatchObject({
      checkedKind: "phone",
      checkedValue: "+2348099990000",
      propertyId: null,
      name: null,
      email: null,
    });
  });

  it("takes an agent as its subject (for the agent profile), never a customer", async () => {
    expect((await post({ about: "agent", id: "r-agent", reason: "other" })).body.ok).toBe(true);
    const [report] = await db.select().from(fraudReports);
    expect(report).toMatchObject({ agentId: "r-agent", subjectTitle: "Tunde Agent" });
    const refused = await post({ about: "agent", id: "r-tenant", reason: "other" });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(REPORT_MESSAGES.subjectMissing);
  });

  it("refuses a missing reason or a bad e-mail, keeping what was typed, and stores nothing", async () => {
    const { status, body } = await post({
      about: "listing",
      id: listingId,
      reason: "",
      email: "not-an-email",
      message: "Keep me",
    });
    expect(status).toBe(400);
    expect(body.fields).toMatchObject({
      reason: REPORT_MESSAGES.reasonMissing,
      email: "Please enter a valid email address",
    });
    expect(body.values).toMatchObject({ message: "Keep me", about: "listing", id: listingId });
    expect(await db.select().from(fraudReports)).toEqual([]);
    // A reason that is not one of the six is refused too.
    expect((await post({ about: "listing", id: listingId, reason: "spam" })).status).toBe(400);
  });

  it("refuses a listing that is gone or an id that is none", async () => {
    await db.update(properties).set({ deletedAt: new Date() });
    for (const id of [listingId, "not-a-uuid"]) {
      const { status } = await post({ about: "listing", id, reason: "not_available" });
      expect(status).toBe(400);
    }
    expect(await db.select().from(fraudReports)).toEqual([]);
  });

  it("thanks a bot and stores nothing (honeypot)", async () => {
    const { body } = await post({
      about: "listing",
      id: listingId,
      reason: "other",
      [HONEYPOT_FIELD]: "http://spam.example",
    });
    expect(body.ok).toBe(true);
    expect(await db.select().from(fraudReports)).toEqual([]);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("allows 10 reports per address in 10 minutes, then answers 429", async () => {
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post({ about: "listing", id: listingId, reason: "other" }, "10.48.0.1")).status,
      ).toBe(200);
    }
    const limited = await post({ about: "listing", id: listingId, reason: "other" }, "10.48.0.1");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(await db.select().from(fraudReports)).toHaveLength(10);
  });

  it("never sends the visitor off the site after sending", async () => {
    const { body } = await post({
      about: "listing",
      id: listingId,
      reason: "other",
      back: "//evil.example/",
    });
    expect(body.back).toBe("/");
  });

  it("opens as a page of its own from a link", async () => {
    const opened = await callLoader<{ subject: unknown }>(loader, `/report?listing=${listingId}`);
    expect(opened.body.subject).toEqual({ kind: "listing", id: listingId });
    const value = await callLoader<{ subject: unknown }>(loader, "/report?value=0809%20999%200000");
    expect(value.body.subject).toEqual({ kind: "value", value: "0809 999 0000" });
    expect((await callLoader<{ subject: unknown }>(loader, "/report")).body.subject).toBeNull();
  });
});
