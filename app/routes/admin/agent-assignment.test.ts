import { asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointmentEvents,
  appointments,
  auditEvents,
  mailOutbox,
  properties,
  users,
} from "~/db/schema";
import { parseCsv, toCsv, unguardCell } from "~/lib/csv";
import { readPropertyCsv } from "~/lib/property-import";
import { renderNotification } from "~/mail/notification-mail.server";
import {
  getPropertyImportPlan,
  importPropertiesByAdmin,
} from "~/models/admin-property-import.server";
import { AGENT_REFUSAL_MESSAGES } from "~/models/listing-agent.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as appointmentAction, loader as appointmentLoader } from "./appointment";
import { loader as appointmentsLoader } from "./appointments";
import { action as propertiesAction, loader as propertiesLoader } from "./properties";
import { loader as exportLoader } from "./properties-export";
import { loader as templateLoader } from "./properties-template";

// Issue 21, items 3 and 6: the office gives a viewing to another agent (or to the admins), both
// parties are told, and every refusal writes nothing.

await setupTestDatabase();

const admin = await createSignedInAdmin("office@example.com", { name: "Tola Admin" });
const tunde = await createSignedInAgent("tunde@example.com", { name: "Tunde Agent" });
const bisi = await createSignedInAgent("bisi@example.com", { name: "Bisi Agent" });
const customer = await createSignedInUser("customer@example.com", "Chidi Customer");

type Failure = {
  ok: false;
  error?: { message: string };
  fields?: Record<string, string>;
  values?: Record<string, string>;
  conflict?: unknown;
};
type Screen = {
  appointment: { version: string; agent: { id: string; name: string } | null };
  agents: { id: string; name: string }[] | null;
};

async function book(agentId: string | null, status: "pending" | "confirmed" = "pending") {
  const [row] = await db
    .insert(appointments)
    .values({
      fullName: "Ngozi Okafor",
      email: "ngozi@example.com",
      phone: "08030000000",
      appointmentDate: "2030-03-04",
      appointmentTime: "10:00 AM",
      status,
      agentId,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("no row");
  return row.id;
}

async function screen(id: string, cookie = admin.cookie) {
  return callLoader<Screen>(appointmentLoader, `/admin/appointments/${id}`, {
    cookie,
    params: { id },
  });
}

async function reassign(
  id: string,
  agentId: string,
  options: { cookie?: string; version?: string } = {},
) {
  const version = options.version ?? (await screen(id)).body.appointment.version;
  return callAction<Failure>(appointmentAction, `/admin/appointments/${id}`, {
    cookie: options.cookie ?? admin.cookie,
    params: { id },
    form: { intent: "assign", agentId, version, back: "/admin/appointments" },
  });
}

async function agentOf(id: string) {
  const [row] = await db
    .select({ agentId: appointments.agentId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.agentId;
}

async function countOf(table: typeof auditEvents | typeof mailOutbox | typeof appointmentEvents) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** The e-mails the stored reassignment notification sends. */
async function reassignMails() {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "appointment.reassigned"))
    .orderBy(asc(mailOutbox.createdAt));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  return renderNotification(db, row?.kind ?? "", row?.payload as Record<string, unknown>);
}

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(mailOutbox);
});

describe("reassigning a viewing", () => {
  it("gives it to another agent: stored, in the history and the audit log, the new agent invited with the .ics and the old one told", async () => {
    const id = await book(tunde.id);
    const opened = await screen(id);
    expect(opened.body.appointment.agent?.name).toBe("Tunde Agent");
    expect(opened.body.agents?.map((a) => a.name)).toEqual(["Bisi Agent", "Tunde Agent"]);

    const answer = await reassign(id, bisi.id);
    expect(answer.status).toBe(302);
    expect(await agentOf(id)).toBe(bisi.id);
    const history = await db
      .select({ note: appointmentEvents.note })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(history.map((h) => h.note)).toEqual([
      "Given to Bisi Agent <bisi@example.com> by Tola Admin (was Tunde Agent <tunde@example.com>)",
    ]);
    const [audit] = await db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit?.action).toBe("appointment.reassign");
    expect(audit?.actorUserId).toBe(admin.id);

    const mails = await reassignMails();
    expect(mails.map((m) => m.to)).toEqual(["bisi@example.com", "tunde@example.com"]);
    expect(mails[0]?.subject).toMatch(/^Viewing assigned to you: Ngozi Okafor/);
    expect(mails[0]?.text).toContain("is now yours (it was with Tunde Agent)");
    expect(mails[0]?.attachments?.[0]?.content).toContain("STATUS:TENTATIVE");
    expect(mails[1]?.subject).toMatch(/^Viewing no longer yours/);
    expect(mails[1]?.text).toContain("it was given to Bisi Agent");
    expect(mails[1]?.attachments?.[0]?.content).toContain("STATUS:CANCELLED");

    // The new agent has it in their list; the old one no longer does.
    const listOf = async (cookie: string) =>
      (
        await callLoader<{ rows: { id: string }[] }>(appointmentsLoader, "/admin/appointments", {
          cookie,
        })
      ).body.rows.map((r) => r.id);
    expect(await listOf(bisi.cookie)).toEqual([id]);
    expect(await listOf(tunde.cookie)).toEqual([]);
  });

  it("gives it to the admins (no agent): the admins are the new party, the agent is told", async () => {
    const id = await book(tunde.id, "confirmed");
    expect((await reassign(id, "")).status).toBe(302);
    expect(await agentOf(id)).toBeNull();
    const mails = await reassignMails();
    expect(mails.map((m) => m.to)).toEqual(["office@example.com", "tunde@example.com"]);
    expect(mails[0]?.subject).toMatch(/^Viewing assigned to the admins/);
    expect(mails[1]?.text).toContain("it was given to the admins");
  });

  it("takes it from the admins: the agent is invited, the admins are told", async () => {
    const id = await book(null, "confirmed");
    expect((await reassign(id, tunde.id)).status).toBe(302);
    const mails = await reassignMails();
    expect(mails.map((m) => m.to)).toEqual(["tunde@example.com", "office@example.com"]);
    expect(mails[0]?.attachments?.[0]?.content).toContain("STATUS:CONFIRMED");
    expect(mails[1]?.subject).toMatch(/^Viewing no longer the admins'/);
  });

  it("refuses an unknown account, a customer, a deactivated agent and the same agent with a clear message, writing nothing", async () => {
    const id = await book(tunde.id);
    const inactive = await createSignedInAgent("gone@example.com", { name: "Gone Agent" });
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, inactive.id));
    const before = {
      audit: await countOf(auditEvents),
      mail: await countOf(mailOutbox),
      history: await countOf(appointmentEvents),
    };
    const cases = [
      ["no-such-account", AGENT_REFUSAL_MESSAGES["unknown-agent"]],
      [customer.id, AGENT_REFUSAL_MESSAGES["not-agent"]],
      [admin.id, AGENT_REFUSAL_MESSAGES["not-agent"]],
      [inactive.id, AGENT_REFUSAL_MESSAGES["inactive-agent"]],
      [tunde.id, "The appointment is already theirs. Choose someone else."],
    ] as const;
    for (const [agentId, message] of cases) {
      const answer = await reassign(id, agentId);
      expect(answer.status, agentId).toBe(400);
      expect(answer.body.fields?.agentId, agentId).toBe(message);
      expect(answer.body.values?.agentId).toBe(agentId);
    }
    expect(await agentOf(id)).toBe(tunde.id);
    expect({
      audit: await countOf(auditEvents),
      mail: await countOf(mailOutbox),
      history: await countOf(appointmentEvents),
    }).toEqual(before);
  });

  it("refuses a final viewing, a stale screen and an unknown viewing", async () => {
    const done = await book(tunde.id);
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, done));
    expect((await reassign(done, bisi.id)).status).toBe(409);
    expect(await agentOf(done)).toBe(tunde.id);

    // Opened before a colleague gave it to Bisi: nothing written, the conflict shown.
    const id = await book(tunde.id);
    const opened = (await screen(id)).body.appointment.version;
    expect((await reassign(id, bisi.id)).status).toBe(302);
    const stale = await reassign(id, "", { version: opened });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toBeTruthy();
    expect(await agentOf(id)).toBe(bisi.id);

    const unknown = "00000000-0000-4000-8000-000000000000";
    const answer = await callAction(appointmentAction, `/admin/appointments/${unknown}`, {
      cookie: admin.cookie,
      params: { id: unknown },
      form: { intent: "assign", agentId: bisi.id },
    });
    expect(answer.status).toBe(404);
  });

  it("shows an agent no control, and refuses their forged post (403) without writing", async () => {
    const id = await book(tunde.id);
    const asAgent = await screen(id, tunde.cookie);
    expect(asAgent.body.agents).toBeNull();
    const auditBefore = await countOf(auditEvents);
    const answer = await reassign(id, bisi.id, {
      cookie: tunde.cookie,
      version: asAgent.body.appointment.version,
    });
    expect(answer.status).toBe(403);
    expect(await agentOf(id)).toBe(tunde.id);
    expect(await countOf(auditEvents)).toBe(auditBefore);
    expect(await countOf(mailOutbox)).toBe(0);
  });
});

describe("the appointments list", () => {
  it("shows each viewing's agent and filters by agent or by the admins", async () => {
    const mine = await book(tunde.id);
    const theirs = await book(bisi.id);
    const office = await book(null);
    type List = {
      rows: { id: string; agentName: string | null }[];
      agents: { id: string; name: string }[];
    };
    const list = (query: string) =>
      callLoader<List>(appointmentsLoader, `/admin/appointments${query}`, {
        cookie: admin.cookie,
      });
    const all = await list("");
    expect(Object.fromEntries(all.body.rows.map((r) => [r.id, r.agentName]))).toEqual({
      [mine]: "Tunde Agent",
      [theirs]: "Bisi Agent",
      [office]: null,
    });
    expect(all.body.agents.map((a) => a.name)).toEqual(["Bisi Agent", "Tunde Agent"]);
    expect((await list(`?agent=${tunde.id}`)).body.rows.map((r) => r.id)).toEqual([mine]);
    expect((await list("?agent=admins")).body.rows.map((r) => r.id)).toEqual([office]);
    // An agent's own list offers no agent filter.
    const asAgent = await callLoader<List>(
      appointmentsLoader,
      `/admin/appointments?agent=${bisi.id}`,
      {
        cookie: tunde.cookie,
      },
    );
    expect(asAgent.body.rows.map((r) => r.id)).toEqual([mine]);
    expect(asAgent.body.agents).toEqual([]);
  });
});

describe("bulk 'Assign agent' on the properties table", () => {
  async function agentsOf(ids: string[]) {
    const rows = await db
      .select({ id: properties.id, agentId: properties.agentId })
      .from(properties);
    return ids.map((id) => rows.find((r) => r.id === id)?.agentId ?? null);
  }
  function bulk(form: Record<string, string | string[]>, cookie = admin.cookie) {
    return callAction<
      Failure & { bulkConfirm?: { question: string }; bulkDone?: { message: string } }
    >(propertiesAction, "/admin/properties", {
      cookie,
      form: { intent: "bulk", bulkAction: "assign", back: "/admin/properties", ...form },
    });
  }

  it("asks naming the agent, then gives the selected listings to them in one audited write", async () => {
    const ids = [await createProperty("Bulk one"), await createProperty("Bulk two")];
    const untouched = await createProperty("Bulk three");
    const page = await callLoader<{ agents: { name: string }[] }>(
      propertiesLoader,
      "/admin/properties",
      {
        cookie: admin.cookie,
      },
    );
    expect(page.body.agents.map((a) => a.name)).toEqual(["Bisi Agent", "Tunde Agent"]);

    const asked = await bulk({ ids, agentId: tunde.id });
    expect(asked.body.bulkConfirm?.question).toBe("Assign 2 listings to Tunde Agent?");
    expect(await agentsOf(ids)).toEqual([null, null]);

    const auditBefore = await countOf(auditEvents);
    const done = await bulk({ ids, agentId: tunde.id, confirmed: "yes" });
    expect(done.body.bulkDone?.message).toBe("2 listings assigned to Tunde Agent");
    expect(await agentsOf([...ids, untouched])).toEqual([tunde.id, tunde.id, null]);
    expect(await countOf(auditEvents)).toBe(auditBefore + 1);

    // Back to the office (no agent).
    const office = await bulk({ ids, agentId: "", confirmed: "yes" });
    expect(office.body.bulkDone?.message).toBe("2 listings assigned to the office");
    expect(await agentsOf(ids)).toEqual([null, null]);
  });

  it("refuses a deactivated agent, a customer and an unknown account, before and after the yes, writing nothing", async () => {
    const ids = [await createProperty("Refused one")];
    const inactive = await createSignedInAgent("off@example.com", { name: "Off Agent" });
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, inactive.id));
    const auditBefore = await countOf(auditEvents);
    for (const [agentId, reason] of [
      [inactive.id, "inactive-agent"],
      [customer.id, "not-agent"],
      ["nobody", "unknown-agent"],
    ] as const) {
      for (const confirmed of [{}, { confirmed: "yes" }] as Record<string, string>[]) {
        const answer = await bulk({ ids, agentId, ...confirmed });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.message).toBe(AGENT_REFUSAL_MESSAGES[reason]);
      }
    }
    expect(await agentsOf(ids)).toEqual([null]);
    expect(await countOf(auditEvents)).toBe(auditBefore);
  });

  it("refuses an agent's forged bulk post (403)", async () => {
    const ids = [await createProperty("Agent forged")];
    const answer = await bulk({ ids, agentId: tunde.id, confirmed: "yes" }, tunde.cookie);
    expect(answer.status).toBe(403);
    expect(await agentsOf(ids)).toEqual([null]);
  });
});

describe("the CSV's agent column", () => {
  async function table(loader: (args: never) => Promise<unknown>, url: string) {
    const args = routeArgs(url, { cookie: admin.cookie }) as never;
    const response = (await loader(args)) as Response;
    return parseCsv(await response.text()).map((row) => row.map(unguardCell));
  }
  function sheetOf(rows: string[][]) {
    const [header = [], ...body] = rows;
    const reading = readPropertyCsv(toCsv(header, body));
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    return reading.sheet;
  }
  async function agentOfListing(id: string) {
    const [row] = await db
      .select({ agentId: properties.agentId })
      .from(properties)
      .where(eq(properties.id, id));
    return row?.agentId ?? null;
  }

  it("exports each listing's agent by e-mail, reads it back unchanged, and moves a listing to another agent by e-mail", async () => {
    const template = await table(templateLoader, "/admin/properties/template.csv");
    expect(template[0]?.at(-1)).toBe("agent");
    expect(template[1]?.at(-1)).toBe("");

    const id = await createProperty("Csv agent flat", "Kano");
    await db.update(properties).set({ agentId: tunde.id }).where(eq(properties.id, id));
    const rows = await table(exportLoader, "/admin/properties/export.csv?city=Kano");
    const header = rows[0] ?? [];
    const agentAt = header.indexOf("agent");
    expect(agentAt).toBeGreaterThan(0);
    const mine = rows.find((row) => row[0] === id);
    expect(mine?.[agentAt]).toBe("tunde@example.com");

    // The export imported back changes nothing (the agent included).
    const same = await getPropertyImportPlan(admin.actor, sheetOf(rows));
    expect(same.problems).toEqual([]);
    expect(same.updated).toEqual([]);

    // Another agent's e-mail (any case) gives the listing to them, in the plan and the import.
    const edited = rows.map((row) =>
      row[0] === id ? row.map((cell, i) => (i === agentAt ? "BISI@example.com" : cell)) : row,
    );
    const plan = await getPropertyImportPlan(admin.actor, sheetOf(edited));
    expect(plan.updated.map((u) => [u.id, u.changes])).toEqual([
      [id, [{ field: "agent", before: "tunde@example.com", after: "bisi@example.com" }]],
    ]);
    const done = await importPropertiesByAdmin(admin.actor, sheetOf(edited), plan.fingerprint);
    expect(done).toEqual({ ok: true, created: 0, updated: 1, skipped: 0 });
    expect(await agentOfListing(id)).toBe(bisi.id);

    // A new row with an agent's e-mail is theirs; an empty cell leaves it with the office.
    const added = [
      ["title", "purpose", "price", "city", "property_type", "category", "agent"],
      [
        "Csv new for Tunde",
        "For Sale",
        "50000000",
        "Kano",
        "Duplex",
        "Residential",
        "tunde@example.com",
      ],
      ["Csv new for office", "For Sale", "50000000", "Kano", "Duplex", "Residential", ""],
    ];
    const addPlan = await getPropertyImportPlan(admin.actor, sheetOf(added));
    expect(addPlan.problems).toEqual([]);
    expect(
      (await importPropertiesByAdmin(admin.actor, sheetOf(added), addPlan.fingerprint)).ok,
    ).toBe(true);
    const made = await db
      .select({ title: properties.title, agentId: properties.agentId })
      .from(properties)
      .where(eq(properties.city, "Kano"));
    expect(made.find((p) => p.title === "Csv new for Tunde")?.agentId).toBe(tunde.id);
    expect(made.find((p) => p.title === "Csv new for office")?.agentId).toBeNull();
  });

  it("refuses, row by row, an e-mail that is not an active agent, and writes nothing", async () => {
    const inactive = await createSignedInAgent("csv-off@example.com", { name: "Off Csv" });
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, inactive.id));
    const rows = [
      ["title", "purpose", "price", "city", "property_type", "category", "agent"],
      ["Csv ok", "For Sale", "50000000", "Kano", "Duplex", "Residential", "tunde@example.com"],
      ["Csv nobody", "For Sale", "50000000", "Kano", "Duplex", "Residential", "nobody@example.com"],
      [
        "Csv customer",
        "For Sale",
        "50000000",
        "Kano",
        "Duplex",
        "Residential",
        "customer@example.com",
      ],
      ["Csv off", "For Sale", "50000000", "Kano", "Duplex", "Residential", "csv-off@example.com"],
    ];
    const plan = await getPropertyImportPlan(admin.actor, sheetOf(rows));
    expect(plan.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [
        3,
        "agent",
        "No staff account has this e-mail. Allowed: the e-mail of an active agent's account, or empty for the office.",
      ],
      [
        4,
        "agent",
        "This account is not an agent. Allowed: the e-mail of an active agent's account, or empty for the office.",
      ],
      [
        5,
        "agent",
        "This agent's account is deactivated. Allowed: the e-mail of an active agent's account, or empty for the office.",
      ],
    ]);
    const before = await countOf(auditEvents);
    const result = await importPropertiesByAdmin(admin.actor, sheetOf(rows), plan.fingerprint);
    expect(result.ok).toBe(false);
    expect(await countOf(auditEvents)).toBe(before);
    const titles = (await db.select({ title: properties.title }).from(properties)).map(
      (p) => p.title,
    );
    expect(titles).not.toContain("Csv ok");
  });
});
