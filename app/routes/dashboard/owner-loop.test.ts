import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  mailOutbox,
  properties,
  propertySubmissions,
  submissionMessages,
  users,
} from "~/db/schema";
import { INTEREST_ALERTS_MESSAGES, LEADS_EXPLAINED } from "~/lib/owner-alerts";
import { THREAD_MESSAGES } from "~/lib/submission-thread";
import { ownerAlertsUnsubscribeLink } from "~/mail/owner-loop-mail.server";
import { createAppointment, createAppointmentByStaff } from "~/models/appointment.server";
import { createInquiry } from "~/models/inquiry.server";
import { createProperty, createSignedInUser, listingCodeOf } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { guestBooking } from "../../../tests/setup/appointments";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as reviewAction, loader as reviewLoader } from "../admin/submission";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "../public/owner-alerts-unsubscribe";
import { action as listingAction, loader as listingLoader } from "./listing";
import { action as submissionAction, loader as submissionLoader } from "./listing-submission";
import { action as listingsAction, loader as listingsLoader } from "./listings";

// Owners kept in the loop (issue 47 item 6): the owner's e-mail when their listing gets an
// inquiry or a booked viewing (no visitor's contact details in it; switchable, with a one-click
// unsubscribe), the listing's agent on My Listings, and the thread between the owner and the
// office on a submission or listing (only the owner's own; the other side is e-mailed). Every
// actor on these routes: app/routes/authorization-matrix.test.ts.

await setupTestDatabase();

const admin = await createSignedInAdmin("office@example.ng", { name: "Kemi Office" });
const agent = await createSignedInAgent("musa.agent@example.ng", { name: "Musa Agent" });
await db.update(users).set({ phone: "0803 555 1234" }).where(eq(users.id, agent.id));

let counter = 0;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;
let listingId: string;
let code: string;
let originId: string;

const VISITOR = {
  name: "Chidi Visitor",
  email: "chidi.visitor@example.ng",
  phone: "08099887766",
  message: "Is the flat still free? Call me on my private line.",
};

beforeEach(async () => {
  counter += 1;
  await db.delete(mailOutbox);
  owner = await createSignedInUser(`loop-owner-${counter}@example.ng`, "Bola Owner");
  other = await createSignedInUser(`loop-other-${counter}@example.ng`, "Femi Other");
  listingId = await createProperty("Two-bedroom flat in Yaba");
  code = await listingCodeOf(listingId);
  await db
    .update(properties)
    .set({ ownerId: owner.id, agentId: agent.id })
    .where(eq(properties.id, listingId));
  const [origin] = await db
    .insert(propertySubmissions)
    .values({
      ownerId: owner.id,
      kind: "listing",
      status: "approved",
      propertyId: listingId,
      title: "Two-bedroom flat in Yaba",
      values: { title: "Two-bedroom flat in Yaba" },
      submittedAt: new Date(),
    })
    .returning({ id: propertySubmissions.id });
  originId = origin?.id ?? "";
});

async function mailTo(email: string) {
  return (await deliverDueMail()).filter((mail) => mail.to === email);
}

function expectNoVisitorDetails(mail: { subject: string; text: string; html: string | null }) {
  for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
    for (const secret of [VISITOR.name, VISITOR.email, VISITOR.phone, "Chidi", "private line"]) {
      expect(part).not.toContain(secret);
    }
  }
}

describe("the owner's e-mail about interest in their listing", () => {
  it("tells of an inquiry: code, title, day and agent, never who asked", async () => {
    await createInquiry({
      source: "contact",
      propertyId: listingId,
      name: VISITOR.name,
      email: VISITOR.email,
      phone: VISITOR.phone,
      description: VISITOR.message,
    });
    const [mail, ...more] = await mailTo(owner.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain(`Someone asked about ${code} Two-bedroom flat in Yaba`);
    expect(mail?.text).toMatch(
      new RegExp(`Someone asked about your listing ${code} Two-bedroom flat in Yaba on \\w+, \\d`),
    );
    expect(mail?.text).toContain(
      "Musa Agent, your listing's agent, is handling it (0803 555 1234)",
    );
    expect(mail?.text).toContain(`/dashboard/listings/${listingId}`);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toContain("/listings/alerts/unsubscribe?token=");
    if (mail) expectNoVisitorDetails(mail);
  });

  it("tells of a booked viewing (web or staff) with its day and time, queued with the booking", async () => {
    await createAppointment(
      guestBooking(VISITOR.email, {
        fullName: VISITOR.name,
        phone: VISITOR.phone,
        message: VISITOR.message,
        propertyId: listingId,
        appointmentDate: "2026-12-01",
        appointmentTime: "02:00 PM",
      }),
    );
    // Stored in the booking's own transaction: the outbox holds it before any sending.
    const queued = await db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "owner.listing-interest"));
    expect(queued).toHaveLength(1);
    const [mail] = await mailTo(owner.email);
    expect(mail?.subject).toContain(`A viewing was booked: ${code}`);
    expect(mail?.text).toContain(
      `Someone booked a viewing of your listing ${code} Two-bedroom flat in Yaba for Tuesday, 1 December 2026 at 02:00 PM.`,
    );
    if (mail) expectNoVisitorDetails(mail);

    await createAppointmentByStaff(
      admin.actor,
      guestBooking(VISITOR.email, { fullName: VISITOR.name, propertyId: listingId }),
    );
    expect(await mailTo(owner.email)).toHaveLength(1);
  });

  it("names the office when the listing has no agent, and tells nobody about a listing without owner", async () => {
    await db.update(properties).set({ agentId: null }).where(eq(properties.id, listingId));
    await createInquiry({
      source: "contact",
      propertyId: listingId,
      email: VISITOR.email,
      description: "Hi",
    });
    const [mail] = await mailTo(owner.email);
    expect(mail?.text).toContain("Our office is handling it.");

    await db.delete(mailOutbox);
    const unowned = await createProperty("Shop in Wuse");
    await createInquiry({
      source: "contact",
      propertyId: unowned,
      email: VISITOR.email,
      description: "Hi",
    });
    const kinds = await db.select({ kind: mailOutbox.kind }).from(mailOutbox);
    expect(kinds.map((k) => k.kind)).not.toContain("owner.listing-interest");
  });

  it("is switched off on My Listings (only the poster's), and then nothing is queued", async () => {
    const path = "/dashboard/listings";
    const page = await callLoader<{ interestAlerts: boolean }>(listingsLoader, path, {
      cookie: owner.cookie,
    });
    expect(page.body.interestAlerts).toBe(true);
    const off = await callAction(listingsAction, path, {
      cookie: owner.cookie,
      form: { intent: "interest-alerts", userId: other.id },
    });
    expect(off.status).toBe(302);
    const after = await callLoader<{ interestAlerts: boolean }>(listingsLoader, path, {
      cookie: owner.cookie,
    });
    expect(after.body.interestAlerts).toBe(false);
    const others = await callLoader<{ interestAlerts: boolean }>(listingsLoader, path, {
      cookie: other.cookie,
    });
    expect(others.body.interestAlerts).toBe(true);

    await createInquiry({
      source: "contact",
      propertyId: listingId,
      email: VISITOR.email,
      description: "Hi",
    });
    expect(await mailTo(owner.email)).toHaveLength(0);

    const forged = await callAction<FormFailure>(listingsAction, path, {
      cookie: owner.cookie,
      form: { intent: "interest-alerts", interestAlerts: "yes" },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.fields).toEqual({ interestAlerts: INTEREST_ALERTS_MESSAGES.invalid });
  });

  it("is not sent when switched off between the inquiry and the sending", async () => {
    await createInquiry({
      source: "contact",
      propertyId: listingId,
      email: VISITOR.email,
      description: "Hi",
    });
    await callAction(listingsAction, "/dashboard/listings", {
      cookie: owner.cookie,
      form: { intent: "interest-alerts" },
    });
    expect(await mailTo(owner.email)).toHaveLength(0);
  });

  it("stops with the unsubscribe link, signed out, and refuses a forged token", async () => {
    const link = new URL(ownerAlertsUnsubscribeLink(owner.id));
    const path = `${link.pathname}${link.search}`;
    const page = await callLoader<{ subscriber: unknown }>(unsubscribeLoader, path);
    expect(page.body.subscriber).toEqual({ email: owner.email, enabled: true });
    const signature = link.searchParams.get("token")?.split(".")[1] ?? "";
    const forged = `/listings/alerts/unsubscribe?token=${other.id}.${signature}`;
    expect((await callAction(unsubscribeAction, forged, { form: {} })).status).toBe(400);
    // One click from the mail client: a POST to the link itself.
    const done = await callAction(unsubscribeAction, path, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(done.body).toEqual({ ok: true, alreadyOff: false });
    const again = await callAction(unsubscribeAction, path, { form: {} });
    expect(again.body).toEqual({ ok: true, alreadyOff: true });
    await createInquiry({
      source: "contact",
      propertyId: listingId,
      email: VISITOR.email,
      description: "Hi",
    });
    expect(await mailTo(owner.email)).toHaveLength(0);
    // The other owner's switch is untouched by the forged token.
    const others = await callLoader<{ interestAlerts: boolean }>(
      listingsLoader,
      "/dashboard/listings",
      {
        cookie: other.cookie,
      },
    );
    expect(others.body.interestAlerts).toBe(true);
  });
});

describe("My Listings and the listing page", () => {
  it("name the listing's agent with a phone, and explain Leads", async () => {
    type Page = {
      listings: { id: string; agent: { name: string; phone: string | null } | null }[];
    };
    const page = await callLoader<Page>(listingsLoader, "/dashboard/listings", {
      cookie: owner.cookie,
    });
    expect(page.body.listings.find((l) => l.id === listingId)?.agent).toEqual({
      name: "Musa Agent",
      phone: "0803 555 1234",
    });
    const one = await callLoader<{ agent: unknown }>(
      listingLoader,
      `/dashboard/listings/${listingId}`,
      {
        cookie: owner.cookie,
        params: { id: listingId },
      },
    );
    expect(one.body.agent).toEqual({ name: "Musa Agent", phone: "0803 555 1234" });
    // A deactivated agent is no one's agent: the office handles it.
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, agent.id));
    const later = await callLoader<Page>(listingsLoader, "/dashboard/listings", {
      cookie: owner.cookie,
    });
    expect(later.body.listings.find((l) => l.id === listingId)?.agent).toBeNull();
    await db.update(users).set({ status: "active" }).where(eq(users.id, agent.id));
    expect(LEADS_EXPLAINED).toMatch(/inquiry, a viewing booked, or a tap on WhatsApp or Call/);
  });
});

describe("the thread on a submission or listing", () => {
  async function changesRequested(ownerId: string) {
    const [row] = await db
      .insert(propertySubmissions)
      .values({
        ownerId,
        status: "changes_requested",
        title: "Shop in Ikeja",
        values: { title: "Shop in Ikeja" },
        reviewMessage: "Add photos of the frontage",
        submittedAt: new Date(),
      })
      .returning({ id: propertySubmissions.id });
    return row?.id ?? "";
  }
  const stored = (submissionId: string) =>
    db
      .select({ body: submissionMessages.body, fromOffice: submissionMessages.fromOffice })
      .from(submissionMessages)
      .where(eq(submissionMessages.submissionId, submissionId));

  it("the owner replies to changes requested; the office is e-mailed, answers, and the owner is e-mailed", async () => {
    const id = await changesRequested(owner.id);
    const path = `/dashboard/listings/submissions/${id}`;
    const posted = await callAction(submissionAction, path, {
      cookie: owner.cookie,
      params: { id },
      form: { intent: "message", body: "  The frontage photos come on Monday.  " },
    });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe(path);
    const [toOffice] = await mailTo(admin.email);
    expect(toOffice?.subject).toContain("Owner's message: Shop in Ikeja");
    expect(toOffice?.text).toContain("The frontage photos come on Monday.");
    expect(toOffice?.text).toContain(`/admin/submissions/${id}`);

    const reviewPath = `/admin/submissions/${id}`;
    type Thread = {
      thread: { author: string; fromOffice: boolean; body: string; createdAt: Date }[];
    };
    const seen = await callLoader<Thread>(reviewLoader, reviewPath, {
      cookie: admin.cookie,
      params: { id },
    });
    expect(seen.body.thread.map((m) => [m.author, m.fromOffice, m.body])).toEqual([
      ["Bola Owner", false, "The frontage photos come on Monday."],
    ]);
    const answered = await callAction(reviewAction, reviewPath, {
      cookie: admin.cookie,
      params: { id },
      form: { intent: "message", body: "Thank you, we will wait." },
    });
    expect(answered.location).toBe(reviewPath);
    const [toOwner] = await mailTo(owner.email);
    expect(toOwner?.subject).toContain("A message from our office: Shop in Ikeja");
    expect(toOwner?.text).toContain("Kemi Office of our office wrote");
    expect(toOwner?.text).toContain(path);

    const mine = await callLoader<Thread>(submissionLoader, path, {
      cookie: owner.cookie,
      params: { id },
    });
    expect(mine.body.thread.map((m) => [m.author, m.fromOffice])).toEqual([
      ["Bola Owner", false],
      ["Kemi Office", true],
    ]);
    expect(mine.body.thread[1]?.createdAt).toBeInstanceOf(Date);
  });

  it("another owner can neither read nor post on it (a guessed id is a 404), and nothing is stored", async () => {
    const id = await changesRequested(owner.id);
    const path = `/dashboard/listings/submissions/${id}`;
    expect(
      (await callLoader(submissionLoader, path, { cookie: other.cookie, params: { id } })).status,
    ).toBe(404);
    expect(
      (
        await callAction(submissionAction, path, {
          cookie: other.cookie,
          params: { id },
          form: { intent: "message", body: "Let me in" },
        })
      ).status,
    ).toBe(404);
    // Nor through the listing page: the listing is not theirs.
    expect(
      (
        await callAction(listingAction, `/dashboard/listings/${listingId}`, {
          cookie: other.cookie,
          params: { id: listingId },
          form: { intent: "message", body: "Let me in" },
        })
      ).status,
    ).toBe(404);
    expect(await stored(id)).toEqual([]);
    expect(await stored(originId)).toEqual([]);
  });

  it("refuses an empty or too long message and a draft's, keeping what was typed", async () => {
    const id = await changesRequested(owner.id);
    const path = `/dashboard/listings/submissions/${id}`;
    const empty = await callAction<FormFailure>(submissionAction, path, {
      cookie: owner.cookie,
      params: { id },
      form: { intent: "message", body: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ body: THREAD_MESSAGES.empty });
    const long = "x".repeat(2001);
    const tooLong = await callAction<FormFailure>(submissionAction, path, {
      cookie: owner.cookie,
      params: { id },
      form: { intent: "message", body: long },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.values).toEqual({ body: long });
    await db
      .update(propertySubmissions)
      .set({ status: "draft" })
      .where(eq(propertySubmissions.id, id));
    const draft = await callAction<FormFailure>(submissionAction, path, {
      cookie: owner.cookie,
      params: { id },
      form: { intent: "message", body: "Hello?" },
    });
    expect(draft.status).toBe(409);
    expect(draft.body.fields).toEqual({ body: THREAD_MESSAGES.notSent });
    expect(await stored(id)).toEqual([]);
  });

  it("on a live listing is the thread of the submission that made it, seen by the office there", async () => {
    const path = `/dashboard/listings/${listingId}`;
    const posted = await callAction(listingAction, path, {
      cookie: owner.cookie,
      params: { id: listingId },
      form: { intent: "message", body: "Can we lower the rent to 2.2m?" },
    });
    expect(posted.location).toBe(path);
    expect(await stored(originId)).toEqual([
      { body: "Can we lower the rent to 2.2m?", fromOffice: false },
    ]);
    const page = await callLoader<{ thread: { body: string }[] | null }>(listingLoader, path, {
      cookie: owner.cookie,
      params: { id: listingId },
    });
    expect(page.body.thread?.map((m) => m.body)).toEqual(["Can we lower the rent to 2.2m?"]);
    const office = await callLoader<{ thread: { body: string }[] }>(
      reviewLoader,
      `/admin/submissions/${originId}`,
      { cookie: admin.cookie, params: { id: originId } },
    );
    expect(office.body.thread.map((m) => m.body)).toEqual(["Can we lower the rent to 2.2m?"]);
  });

  it("is rate limited like the public forms", async () => {
    const id = await changesRequested(owner.id);
    const path = `/dashboard/listings/submissions/${id}`;
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await callAction(submissionAction, path, {
        cookie: owner.cookie,
        params: { id },
        form: { intent: "message", body: `Message ${i}` },
        ip: "203.0.113.47",
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 302)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await stored(id)).toHaveLength(10);
  });
});
