import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  agentRota,
  appointments,
  auditEvents,
  inquiries,
  leads,
  mailOutbox,
  officeSettings,
  properties,
  propertySubmissions,
  userSettings,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { renderNotification } from "~/mail/notification-mail.server";
import { createProperty, createSignedInUser, listingCodeOf } from "../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../tests/setup/admin";
import { guestBooking } from "../../tests/setup/appointments";
import { FLAT } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createAppointment } from "./appointment.server";
import { setGeneralBookings } from "./booking-rota.server";
import { createInquiry } from "./inquiry.server";
import { addLeadNote, getLead, getLeadCounts, listLeads, updateLead } from "./lead-inbox.server";
import { saveOwnerSubmission } from "./submission-owner.server";

await setupTestDatabase();

const ADMIN = (await createSignedInAdmin("inbox-admin@example.com", { name: "Ife Admin" })).actor;
const agentPromise = createSignedInAgent("inbox-agent@example.com", { name: "Bayo Agent" });
const otherPromise = createSignedInAgent("inbox-other@example.com", { name: "Chi Agent" });

async function listingOf(agentId: string | null, title = "Inbox flat") {
  const id = await createProperty(title);
  await db.update(properties).set({ agentId }).where(eq(properties.id, id));
  return id;
}

async function leadRows() {
  return db
    .select({
      source: leads.source,
      name: leads.name,
      phone: leads.phone,
      ownerId: leads.ownerId,
      propertyId: leads.propertyId,
      status: leads.status,
    })
    .from(leads)
    .orderBy(leads.createdAt);
}

async function kinds() {
  return (await db.select({ kind: mailOutbox.kind }).from(mailOutbox)).map((r) => r.kind).sort();
}

beforeEach(async () => {
  await db.delete(leads);
  await db.delete(mailOutbox);
  await db.delete(inquiries);
  await db.delete(appointments);
  await db.delete(propertySubmissions);
  await db.delete(properties);
  await db.delete(officeSettings);
  await db.delete(agentRota);
});

describe("a lead from each source", () => {
  it("an inquiry about a listing is its agent's lead; a complaint is none", async () => {
    const agent = await agentPromise;
    const listing = await listingOf(agent.id);
    await createInquiry({
      source: "contact",
      name: "Ngozi Eze",
      email: "ngozi@example.com",
      phone: "0803 555 1234",
      description: "Is it still free?",
      propertyId: listing,
    });
    await createInquiry({ source: "complaint", email: "angry@example.com", description: "Late" });
    expect(await leadRows()).toEqual([
      {
        source: "inquiry",
        name: "Ngozi Eze",
        phone: "0803 555 1234",
        ownerId: agent.id,
        propertyId: listing,
        status: "new",
      },
    ]);
    // The agent hears of it once: the inquiry's own e-mail, not a second one for the lead.
    expect(await kinds()).toEqual(["inquiry.received"]);
  });

  it("a booking is the viewing's agent's lead; a general one the rota's, who is e-mailed", async () => {
    const agent = await agentPromise;
    const listing = await listingOf(agent.id);
    await createAppointment(guestBooking("booker@example.com", { propertyId: listing }));
    const [booked] = await leadRows();
    expect(booked).toMatchObject({ source: "booking", ownerId: agent.id, propertyId: listing });

    // A contact message with no listing: the rota's next agent when the office uses the rota.
    await db.delete(mailOutbox);
    await setGeneralBookings(ADMIN, "rota");
    await createInquiry({ source: "service", email: "svc@example.com", description: "Valuation" });
    const general = (await leadRows()).at(-1);
    expect(general?.ownerId).toBeTruthy();
    expect(await kinds()).toEqual(["lead.assigned"]);
  });

  it("an owner's listing sent for review is a lead for the office, a draft is none", async () => {
    const owner = await createSignedInUser(`owner-${Date.now()}@example.com`, "Mrs Adeyemi");
    const draft = await saveOwnerSubmission(owner.id, { values: FLAT, photos: [], send: false });
    expect(draft.ok).toBe(true);
    expect(await leadRows()).toEqual([]);
    if (!draft.ok) return;
    await saveOwnerSubmission(owner.id, { id: draft.id, values: FLAT, photos: [], send: true });
    expect(await leadRows()).toEqual([
      {
        source: "submission",
        name: "Mrs Adeyemi",
        phone: null,
        ownerId: null,
        propertyId: null,
        status: "new",
      },
    ]);
  });
});

describe("the new lead's e-mail", () => {
  it("names the lead and the listing's code, and obeys the agent's e-mail switch", async () => {
    const agent = await agentPromise;
    await setGeneralBookings(ADMIN, "rota");
    await db.delete(agentRota);
    const other = await otherPromise;
    // Both agents are in the rota; whoever is next gets the lead and its e-mail.
    await createInquiry({
      source: "contact",
      name: "Tolu Bello",
      email: "tolu@example.com",
      phone: "08031112222",
      description: "Call me",
    });
    const [lead] = await db.select().from(leads);
    const [row] = await db.select().from(mailOutbox);
    expect(row?.kind).toBe("lead.assigned");
    if (!row || !lead) return;
    const to = lead.ownerId === agent.id ? agent : other;
    const [mail] = await renderNotification(db, row.kind ?? "", row.payload);
    expect(mail?.to).toBe(to.email);
    expect(mail?.subject).toBe("New lead: Tolu Bello");
    expect(mail?.text).toContain("Phone: 08031112222");
    expect(mail?.text).toContain(`/admin/leads/${lead.id}`);
    // Switched off: no e-mail.
    await db
      .insert(userSettings)
      .values({ userId: to.id, emailNotificationsEnabled: false })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { emailNotificationsEnabled: false },
      });
    expect(await renderNotification(db, row.kind ?? "", row.payload)).toEqual([]);
    await db.delete(userSettings);

    // A listing's code is in the subject.
    const listing = await listingOf(null, "Lekki duplex");
    const code = await listingCodeOf(listing);
    await db.update(leads).set({ propertyId: listing }).where(eq(leads.id, lead.id));
    const [withListing] = await renderNotification(db, row.kind ?? "", row.payload);
    expect(withListing?.subject).toBe(`New lead about Lekki duplex (${code}): Tolu Bello`);
  });
});

describe("the inbox", () => {
  async function leadOf(name: string, set: Partial<typeof leads.$inferInsert>) {
    const [row] = await db
      .insert(leads)
      .values({ source: "inquiry", name, ...set })
      .returning({ id: leads.id });
    return row?.id ?? "";
  }

  it("sorts what is due first, filters, and shows an agent only their own", async () => {
    const agent = await agentPromise;
    const other = await otherPromise;
    const today = lagosToday();
    const t0 = Date.now();
    const at = (minutes: number) => new Date(t0 - minutes * 60_000);
    await leadOf("Later", {
      ownerId: agent.id,
      status: "contacted",
      nextFollowUp: addDays(today, 3),
      createdAt: at(1),
    });
    await leadOf("Fresh", { ownerId: agent.id, createdAt: at(2) });
    await leadOf("Today", {
      ownerId: agent.id,
      status: "contacted",
      nextFollowUp: today,
      createdAt: at(3),
    });
    await leadOf("Overdue", {
      ownerId: agent.id,
      status: "offer_made",
      nextFollowUp: addDays(today, -2),
      createdAt: at(4),
    });
    await leadOf("Won", {
      ownerId: agent.id,
      status: "won",
      nextFollowUp: addDays(today, -5),
      createdAt: at(5),
    });
    await leadOf("Not his", { ownerId: other.id, nextFollowUp: today, createdAt: at(6) });
    await leadOf("Office", { ownerId: null, createdAt: at(7) });

    const names = async (actor = agent.actor, options: Parameters<typeof listLeads>[1] = {}) =>
      (await listLeads(actor, options)).rows.map((row) => row.name);
    expect(await names()).toEqual(["Overdue", "Today", "Fresh", "Later"]);
    // Due today: follow-ups of today and before, and new leads nobody has planned yet.
    expect(await names(agent.actor, { view: "due" })).toEqual(["Overdue", "Today", "Fresh"]);
    expect(await names(agent.actor, { view: "all" })).toEqual([
      "Overdue",
      "Today",
      "Fresh",
      "Later",
      "Won",
    ]);
    expect(await names(agent.actor, { view: "all", status: "won" })).toEqual(["Won"]);
    expect(await names(ADMIN, { view: "due" })).toEqual([
      "Overdue",
      "Today",
      "Not his",
      "Fresh",
      "Office",
    ]);
    expect(await names(ADMIN)).toHaveLength(6);

    expect(await getLeadCounts(agent.actor)).toEqual({
      total: 5,
      open: 4,
      new: 1,
      due: 3,
      sources: { inquiry: 5, booking: 0, callback: 0, submission: 0 },
    });
    expect((await getLeadCounts(ADMIN)).total).toBe(7);
  });

  it("a status change and a note are kept with who and when; lost needs a reason", async () => {
    const agent = await agentPromise;
    const other = await otherPromise;
    const id = await leadOf("Worked", { ownerId: agent.id });
    const followUp = addDays(lagosToday(), 2);
    expect(
      await updateLead(agent.actor, id, {
        status: "contacted",
        nextFollowUp: followUp,
        lostReason: null,
      }),
    ).toEqual({ ok: true, changed: true });
    expect(await addLeadNote(agent.actor, id, "Wants a 3-bed, call after 5pm")).toEqual({
      ok: true,
    });
    expect(
      await updateLead(agent.actor, id, { status: "lost", nextFollowUp: null, lostReason: " " }),
    ).toEqual({ ok: false, reason: "lost-needs-reason" });

    // Another agent can neither read nor change it, nor add a note.
    expect(await getLead(other.actor, id)).toBeUndefined();
    expect(
      await updateLead(other.actor, id, { status: "won", nextFollowUp: null, lostReason: null }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await addLeadNote(other.actor, id, "Mine now")).toEqual({
      ok: false,
      reason: "not-found",
    });

    const lead = await getLead(agent.actor, id);
    expect(lead).toMatchObject({ status: "contacted", nextFollowUp: followUp });
    expect(lead?.history.map((event) => [event.kind, event.body, event.by])).toEqual([
      ["note", "Wants a 3-bed, call after 5pm", "Bayo Agent"],
      [
        "change",
        expect.stringMatching(/^Status: New → Contacted\. Next follow-up: /),
        "Bayo Agent",
      ],
    ]);
    const audit = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id));
    expect(audit.map((row) => row.action).sort()).toEqual(["lead.note", "lead.update"]);
  });

  it("a save opened before someone else's change writes nothing (the route merges it)", async () => {
    const agent = await agentPromise;
    const id = await leadOf("Two at once", { ownerId: agent.id });
    const opened = (await getLead(agent.actor, id))?.version;
    await updateLead(ADMIN, id, { status: "contacted", nextFollowUp: null, lostReason: null });
    const late = await updateLead(
      agent.actor,
      id,
      { status: "lost", nextFollowUp: null, lostReason: "Bought elsewhere" },
      { expectedVersion: opened },
    );
    expect(late).toMatchObject({ ok: false, reason: "conflict", change: { by: "Ife Admin" } });
    expect((await getLead(ADMIN, id))?.status).toBe("contacted");
  });
});
