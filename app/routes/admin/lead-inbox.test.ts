import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { leadEvents, leads } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { LEAD_MESSAGES } from "~/lib/lead-inbox";
import { createInquiry } from "~/models/inquiry.server";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as dashboardLoader } from "./dashboard";
import { action as leadAction, loader as leadLoader } from "./lead";
import { loader as leadsLoader } from "./leads";

// Issue 47 item 1, through the routes: the inbox's counts and the dashboard's agree; an agent
// works his own lead from its page (status, follow-up, note) and cannot open or change another's.

await setupTestDatabase();

const admin = await createSignedInAdmin("inbox-route-admin@example.com");
const agent = await createSignedInAgent("inbox-route-agent@example.com", { name: "Femi Agent" });
const other = await createSignedInAgent("inbox-route-other@example.com", { name: "Other Agent" });

async function leadOf(
  name: string,
  ownerId: string | null,
  set: Partial<typeof leads.$inferInsert> = {},
) {
  const [row] = await db
    .insert(leads)
    .values({ source: "inquiry", name, phone: "0803 555 1234", ownerId, ...set })
    .returning({ id: leads.id });
  if (!row) throw new Error("no lead");
  return row.id;
}

type LeadsPage = {
  counts: { total: number; new: number; due: number };
  inbox: { rows: { name: string }[] };
};
type LeadPage = { lead: { version: string; status: string } };

describe("the counts", () => {
  it("Leads and the dashboard read the same figures, for every lead however it came", async () => {
    await createInquiry({ source: "contact", email: "a@example.com", description: "Hi" });
    await createInquiry({ source: "service", email: "b@example.com", description: "Valuation" });
    await createInquiry({ source: "complaint", email: "c@example.com", description: "Late" });
    await leadOf("Counted", agent.id, { nextFollowUp: lagosToday(), status: "contacted" });
    const page = await callLoader<LeadsPage>(leadsLoader, "/admin/leads", { cookie: admin.cookie });
    const home = await callLoader<{ leads: LeadsPage["counts"] }>(
      dashboardLoader,
      "/admin/dashboard",
      {
        cookie: admin.cookie,
      },
    );
    expect(home.body.leads).toEqual(page.body.counts);
    // Two inquiries and the lead made here; the complaint is no lead.
    expect(page.body.counts).toMatchObject({ total: 3, new: 2, due: 3 });
  });
});

describe("an agent's lead", () => {
  it("opens on his due leads, and he sets it contacted with a follow-up and a note", async () => {
    const id = await leadOf("Kemi Due", agent.id, {
      nextFollowUp: lagosToday(),
      status: "contacted",
    });
    await leadOf("Not Kemi", other.id, { nextFollowUp: lagosToday() });
    const due = await callLoader<LeadsPage>(leadsLoader, "/admin/leads?view=due", {
      cookie: agent.cookie,
    });
    const names = due.body.inbox.rows.map((row) => row.name);
    expect(names).toContain("Kemi Due");
    expect(names).not.toContain("Not Kemi");

    const path = `/admin/leads/${id}`;
    const opened = await callLoader<LeadPage>(leadLoader, path, {
      cookie: agent.cookie,
      params: { id },
    });
    const followUp = addDays(lagosToday(), 3);
    const saved = await callAction(leadAction, path, {
      cookie: agent.cookie,
      params: { id },
      form: {
        intent: "update",
        version: opened.body.lead.version,
        status: "contacted",
        nextFollowUp: followUp,
        lostReason: "",
      },
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(path);
    const noted = await callAction(leadAction, path, {
      cookie: agent.cookie,
      params: { id },
      form: { intent: "note", note: "Call after 5pm" },
    });
    expect(noted.status).toBe(302);
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: "contacted", nextFollowUp: followUp });
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, id));
    expect(events.map((e) => [e.kind, e.actorUserId])).toEqual(
      expect.arrayContaining([
        ["change", agent.id],
        ["note", agent.id],
      ]),
    );
  });

  it("lost needs a reason, a note needs words: refused, nothing written", async () => {
    const id = await leadOf("Refused", agent.id);
    const path = `/admin/leads/${id}`;
    const opened = await callLoader<LeadPage>(leadLoader, path, {
      cookie: agent.cookie,
      params: { id },
    });
    const lost = await callAction<FormFailure>(leadAction, path, {
      cookie: agent.cookie,
      params: { id },
      form: { intent: "update", version: opened.body.lead.version, status: "lost", lostReason: "" },
    });
    expect(lost.status).toBe(400);
    expect(lost.body.fields?.lostReason).toBe(LEAD_MESSAGES.lostReason);
    const empty = await callAction<FormFailure>(leadAction, path, {
      cookie: agent.cookie,
      params: { id },
      form: { intent: "note", note: "  " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields?.note).toBe(LEAD_MESSAGES.note);
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe("new");
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
  });

  it("another agent can neither open nor change it by its id (404); an admin can", async () => {
    const id = await leadOf("Private", agent.id);
    const path = `/admin/leads/${id}`;
    const seen = await callLoader(leadLoader, path, { cookie: other.cookie, params: { id } });
    expect(seen.status).toBe(404);
    for (const form of [
      { intent: "update", status: "won", nextFollowUp: "", lostReason: "" },
      { intent: "note", note: "Taking this one" },
    ] as Record<string, string>[]) {
      const posted = await callAction(leadAction, path, {
        cookie: other.cookie,
        params: { id },
        form,
      });
      expect(posted.status).toBe(404);
    }
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    expect(row?.status).toBe("new");
    expect(await db.select().from(leadEvents).where(eq(leadEvents.leadId, id))).toEqual([]);
    const office = await callLoader<LeadPage>(leadLoader, path, {
      cookie: admin.cookie,
      params: { id },
    });
    expect(office.body.lead.status).toBe("new");
  });
});
