import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, listingConfirmations, officeSettings, properties } from "~/db/schema";
import { parseListingFilters } from "~/lib/listing-filters";
import { searchProperties } from "~/models/property-search.server";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as propertyLoader } from "../public/property";
import { action as settingsAction, loader as settingsLoader } from "./settings";
import { action, loader } from "./to-confirm";

// Issue 46, item 1: an agent confirms their own listings' availability in one tap (a plain form
// post), ordered by due date; the listing is back in the search at once with today's date, and
// the confirmation is recorded and audited. The authorization matrix runs the route as everyone.

await setupTestDatabase();

const DAY_MS = 24 * 60 * 60 * 1000;
const PATH = "/admin/to-confirm";
const admin = await createSignedInAdmin("office@example.com");
const agent = await createSignedInAgent("tunde@example.com", { name: "Tunde Bakare" });
const other = await createSignedInAgent("bisi@example.com", { name: "Bisi Agent" });

async function listing(title: string, purpose: "sale" | "rent", days: number, agentId: string) {
  const id = await createProperty(title);
  await db
    .update(properties)
    .set({ purpose, agentId, availabilityConfirmedAt: new Date(Date.now() - days * DAY_MS) })
    .where(eq(properties.id, id));
  return id;
}

type Page = { items: { id: string; title: string; dueAt: Date }[] };

const found = async (q: string) =>
  (await searchProperties(parseListingFilters(new URLSearchParams({ q })))).items.map((i) => i.id);

describe("the To confirm list", () => {
  it("holds the agent's own listings on offer, the one due first at the top", async () => {
    await listing("Rent due in 4 days", "rent", 10, agent.id);
    await listing("Sale due in 20 days", "sale", 10, agent.id);
    await listing("Rent out of search", "rent", 20, agent.id);
    const sold = await listing("Sold one", "sale", 40, agent.id);
    await db.update(properties).set({ status: "sold" }).where(eq(properties.id, sold));
    await listing("Bisi's rental", "rent", 13, other.id);

    const page = await callLoader<Page>(loader, PATH, { cookie: agent.cookie });
    expect(page.status).toBe(200);
    expect(page.body.items.map((i) => i.title)).toEqual([
      "Rent out of search",
      "Rent due in 4 days",
      "Sale due in 20 days",
    ]);
    // An admin sees every agent's.
    const office = await callLoader<Page>(loader, PATH, { cookie: admin.cookie });
    expect(office.body.items.map((i) => i.title)).toContain("Bisi's rental");
  });
});

describe("confirming in one tap", () => {
  it("puts a listing back in the search with today's date, the agent and the how, audited", async () => {
    const id = await listing("Stale Surulere flat", "rent", 16, agent.id);
    expect(await found("Stale Surulere")).toEqual([]);
    const before = await callLoader<{ availability: { line: string } }>(
      propertyLoader,
      `/property/${id}`,
      { params: { id } },
    );
    expect(before.body.availability.line).toBe("Availability being checked");

    const answer = await callAction(action, PATH, {
      cookie: agent.cookie,
      form: { intent: "confirm", propertyId: id, method: "visit" },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(PATH);

    expect(await found("Stale Surulere")).toEqual([id]);
    const after = await callLoader<{ availability: { line: string } }>(
      propertyLoader,
      `/property/${id}`,
      { params: { id } },
    );
    expect(after.body.availability.line).toMatch(
      /^Availability confirmed \d{1,2} [A-Z][a-z]{2} \d{4} by Tunde Bakare \(visit\)$/,
    );
    const history = await db
      .select()
      .from(listingConfirmations)
      .where(eq(listingConfirmations.propertyId, id));
    expect(history).toEqual([
      expect.objectContaining({ method: "visit", confirmedBy: agent.id, outcome: "available" }),
    ]);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ["property.confirm-availability", agent.id],
    ]);
  });

  it("names the office when an admin confirms by a call", async () => {
    const id = await listing("Office call flat", "rent", 2, agent.id);
    await callAction(action, PATH, {
      cookie: admin.cookie,
      form: { intent: "confirm", propertyId: id, method: "call" },
    });
    const page = await callLoader<{ availability: { line: string } }>(
      propertyLoader,
      `/property/${id}`,
      { params: { id } },
    );
    expect(page.body.availability.line).toMatch(/by the office \(call with the owner\)$/);
  });

  it("refuses another agent's listing, a sold one, and an unknown how, writing nothing", async () => {
    const bisis = await listing("Bisi's flat", "rent", 16, other.id);
    const sold = await listing("Sold flat", "sale", 1, agent.id);
    await db.update(properties).set({ status: "sold" }).where(eq(properties.id, sold));
    const count = async () => (await db.select().from(listingConfirmations)).length;
    const rows = await count();

    const notTheirs = await callAction<FormFailure>(action, PATH, {
      cookie: agent.cookie,
      form: { intent: "confirm", propertyId: bisis, method: "visit" },
    });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error?.message).toBe("That listing is not one of yours to confirm.");
    const closed = await callAction<FormFailure>(action, PATH, {
      cookie: agent.cookie,
      form: { intent: "confirm", propertyId: sold, method: "visit" },
    });
    expect(closed.status).toBe(409);
    const badHow = await callAction<FormFailure>(action, PATH, {
      cookie: agent.cookie,
      form: { intent: "confirm", propertyId: bisis, method: "guess" },
    });
    expect(badHow.status).toBe(400);
    expect(await count()).toBe(rows);
    expect(await found("Bisi's flat")).toEqual([]);
  });
});

describe("the periods on /admin/settings", () => {
  const SETTINGS = "/admin/settings?tab=general";
  const form = (days: Record<string, string>) => ({
    intent: "availability",
    rentDays: "14",
    saleDays: "30",
    reminderDays: "3",
    closedBadgeDays: "14",
    ...days,
  });

  it("start at 14, 30, 3 and 14 days; an admin changes them, audited, and the search follows", async () => {
    const page = await callLoader<{ availability: Record<string, number> }>(
      settingsLoader,
      SETTINGS,
      { cookie: admin.cookie },
    );
    expect(page.body.availability).toEqual({
      rentDays: 14,
      saleDays: 30,
      reminderDays: 3,
      closedBadgeDays: 14,
    });
    await listing("Rent 9 days Ebute", "rent", 9, agent.id);
    expect(await found("Ebute")).toHaveLength(1);
    const saved = await callAction(settingsAction, SETTINGS, {
      cookie: admin.cookie,
      form: form({ rentDays: "7", reminderDays: "2" }),
    });
    expect(saved.status).toBe(302);
    expect(await found("Ebute")).toEqual([]);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.availability"));
    expect(audit).toHaveLength(1);
    await callAction(settingsAction, SETTINGS, { cookie: admin.cookie, form: form({}) });
    expect(await found("Ebute")).toHaveLength(1);
  });

  it("refuses a reminder that would come after the shorter period ends, keeping what was typed", async () => {
    const refused = await callAction<FormFailure>(settingsAction, SETTINGS, {
      cookie: admin.cookie,
      form: form({ rentDays: "3", reminderDays: "3" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.reminderDays).toBe(
      "The reminder must come before the shorter period ends: fewer days than both periods.",
    );
    expect(refused.body.values?.rentDays).toBe("3");
    const zero = await callAction<FormFailure>(settingsAction, SETTINGS, {
      cookie: admin.cookie,
      form: form({ saleDays: "0" }),
    });
    expect(zero.body.fields?.saleDays).toBe("Enter a whole number of days from 1 to 365.");
    const [row] = await db.select().from(officeSettings);
    expect(row?.availabilityRentDays).toBe(14);
  });
});
