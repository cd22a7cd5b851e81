import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointments,
  inquiries,
  mailOutbox,
  properties,
  propertyDailyLeads,
  propertyDailyViews,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { LEAD_WEEKS } from "~/lib/leads";
import { renderNotification } from "~/mail/notification-mail.server";
import { createProperty, listingCodeOf } from "../../tests/setup/accounts";
import { actorFor, createSignedInAgent } from "../../tests/setup/admin";
import { guestBooking } from "../../tests/setup/appointments";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createAppointment } from "./appointment.server";
import { createInquiry } from "./inquiry.server";
import {
  countLeadClick,
  getLeadCountsByProperty,
  getLeadsDashboard,
  getListingLeads,
  UNASSIGNED,
} from "./lead.server";

await setupTestDatabase();

const ADMIN = actorFor({ id: "leads-admin", email: "leads-admin@example.com" });
const BROWSER =
  "Mozilla/5.0 (Linux; Android 13; Tecno) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function stored(propertyId: string) {
  const rows = await db
    .select({
      day: propertyDailyLeads.day,
      source: propertyDailyLeads.source,
      leads: propertyDailyLeads.leads,
    })
    .from(propertyDailyLeads)
    .where(eq(propertyDailyLeads.propertyId, propertyId));
  return rows.sort((a, b) => a.source.localeCompare(b.source));
}

const agentPromise = createSignedInAgent("lead-agent@example.com", { name: "Lead Agent" });
const otherPromise = createSignedInAgent("other-lead-agent@example.com", { name: "Other Agent" });

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(inquiries);
  await db.delete(appointments);
  await db.delete(properties);
});

describe("counting clicks", () => {
  it("counts a visitor's WhatsApp and phone clicks once a day each, and never a bot's", async () => {
    const id = await createProperty("Clicked flat");
    const click = (click: "whatsapp" | "phone", clientAddress: string, userAgent = BROWSER) =>
      countLeadClick({ propertyId: id, click, clientAddress, userAgent });
    await click("whatsapp", "10.9.0.1");
    await click("whatsapp", "10.9.0.1");
    await click("phone", "10.9.0.1");
    await click("whatsapp", "10.9.0.2");
    await click("phone", "10.9.0.3", BOT);
    await countLeadClick({
      propertyId: id,
      click: "phone",
      clientAddress: "10.9.0.4",
      userAgent: null,
    });
    expect(await stored(id)).toEqual([
      { day: lagosToday(), source: "phone", leads: 1 },
      { day: lagosToday(), source: "whatsapp", leads: 2 },
    ]);
    // The next day the same visitor counts again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    await countLeadClick({
      propertyId: id,
      click: "whatsapp",
      clientAddress: "10.9.0.1",
      userAgent: BROWSER,
      now: tomorrow,
    });
    expect((await stored(id)).filter((r) => r.source === "whatsapp")).toHaveLength(2);
  });
});

describe("bookings and inquiries", () => {
  it("a viewing of a listing is a booking lead, stored with it; a general booking is none", async () => {
    const id = await createProperty("Booked flat");
    await createAppointment(guestBooking("viewer@example.ng", { propertyId: id }));
    await createAppointment(guestBooking("general@example.ng"));
    expect(await stored(id)).toEqual([{ day: lagosToday(), source: "booking", leads: 1 }]);
    expect(await db.select().from(propertyDailyLeads)).toHaveLength(1);
  });

  it("a booking the database refuses stores neither it nor a lead", async () => {
    const id = await createProperty("Failing flat");
    // A date the column refuses: the whole booking fails.
    await expect(
      createAppointment(
        guestBooking("viewer@example.ng", { propertyId: id, appointmentDate: "not-a-date" }),
      ),
    ).rejects.toThrow();
    expect(await stored(id)).toEqual([]);
    expect(await db.select().from(appointments)).toEqual([]);
  });

  it("an inquiry about a listing is an inquiry lead and an e-mail to its agent", async () => {
    const agent = await agentPromise;
    const id = await createProperty("Asked-about flat");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, id));
    const { id: inquiryId } = await createInquiry({
      source: "contact",
      name: "Ngozi Asks",
      email: "ngozi@example.ng",
      description: "Is the flat still available?",
      propertyId: id,
    });
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, inquiryId));
    expect(row?.propertyId).toBe(id);
    expect(await stored(id)).toEqual([{ day: lagosToday(), source: "inquiry", leads: 1 }]);
    const [note] = await db.select().from(mailOutbox);
    expect(note).toMatchObject({ kind: "inquiry.received", payload: { inquiryId } });
    const mails = await renderNotification(db, note?.kind ?? "", note?.payload ?? null);
    expect(mails.map((m) => m.to)).toEqual(["lead-agent@example.com"]);
    expect(mails[0]?.subject).toBe(
      `New inquiry about Asked-about flat (${await listingCodeOf(id)}): Ngozi Asks`,
    );
    expect(mails[0]?.text).toContain("Is the flat still available?");
  });

  it("a contact message about no listing is no lead and no notification", async () => {
    await createInquiry({ source: "contact", email: "a@example.ng", description: "Hello" });
    expect(await db.select().from(propertyDailyLeads)).toEqual([]);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });
});

describe("reading leads", () => {
  it("sums by week, source, agent and listing; an agent sees only their own listings", async () => {
    const agent = await agentPromise;
    const other = await otherPromise;
    const mine = await createProperty("Agent's flat");
    const theirs = await createProperty("Other agent's flat");
    const office = await createProperty("Office flat");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, mine));
    await db.update(properties).set({ agentId: other.id }).where(eq(properties.id, theirs));
    const today = lagosToday();
    const lastWeek = addDays(today, -7);
    const tooOld = addDays(today, -LEAD_WEEKS * 7);
    await db.insert(propertyDailyLeads).values([
      { propertyId: mine, day: today, source: "whatsapp", leads: 3 },
      { propertyId: mine, day: lastWeek, source: "booking", leads: 2 },
      { propertyId: mine, day: tooOld, source: "phone", leads: 50 },
      { propertyId: theirs, day: today, source: "phone", leads: 4 },
      { propertyId: office, day: today, source: "inquiry", leads: 1 },
    ]);
    await db.insert(propertyDailyViews).values([
      { propertyId: mine, day: today, views: 50 },
      { propertyId: theirs, day: today, views: 50 },
    ]);

    const all = await getLeadsDashboard(ADMIN);
    expect(all.totals).toEqual({ booking: 2, inquiry: 1, whatsapp: 3, phone: 4 });
    expect(all.total).toBe(10);
    expect(all.views).toBe(100);
    expect(all.rate).toBe(10);
    expect(all.weeks).toHaveLength(LEAD_WEEKS);
    expect(all.weeks.at(-1)?.counts).toEqual({ booking: 0, inquiry: 1, whatsapp: 3, phone: 4 });
    expect(all.weeks.at(-2)?.counts).toEqual({ booking: 2, inquiry: 0, whatsapp: 0, phone: 0 });
    expect(all.agents.map((a) => [a.name, a.total])).toEqual([
      ["Lead Agent", 5],
      ["Other Agent", 4],
      [UNASSIGNED, 1],
    ]);
    expect(all.top.map((t) => [t.name, t.total, t.rate])).toEqual([
      ["Agent's flat", 5, 10],
      ["Other agent's flat", 4, 8],
      ["Office flat", 1, null],
    ]);

    const found = await getLeadsDashboard(ADMIN, { q: "OTHER AGENT" });
    expect(found.top.map((t) => t.name)).toEqual(["Other agent's flat"]);
    expect(found.total).toBe(10);

    const own = await getLeadsDashboard(agent.actor);
    expect(own.totals).toEqual({ booking: 2, inquiry: 0, whatsapp: 3, phone: 0 });
    expect(own.top.map((t) => t.name)).toEqual(["Agent's flat"]);
    expect(own.agents.map((a) => a.name)).toEqual(["Lead Agent"]);
    expect(own.views).toBe(50);

    const listing = await getListingLeads(ADMIN, mine);
    expect(listing.totals).toEqual({ booking: 2, inquiry: 0, whatsapp: 3, phone: 0 });
    expect(listing.views).toBe(50);
    expect(listing.rate).toBe(10);
    // Another agent's listing reads as nothing for an agent.
    expect((await getListingLeads(agent.actor, theirs)).total).toBe(0);

    const owners = await getLeadCountsByProperty([mine], addDays(today, -(LEAD_WEEKS * 7 - 1)));
    expect(owners.get(mine)).toEqual({
      leads: { booking: 2, inquiry: 0, whatsapp: 3, phone: 0 },
      inquiries: 0,
    });
  });
});
