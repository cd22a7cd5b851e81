import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { agentRota, appointments, mailOutbox, officeSettings, users } from "~/db/schema";
import { renderNotification } from "~/mail/notification-mail.server";
import { createProperty } from "../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../tests/setup/admin";
import { callAction, callLoader } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { action as settingsAction, loader as settingsLoader } from "../routes/admin/settings";
import { createAppointment, type NewAppointment } from "./appointment.server";
import { setGeneralBookings } from "./booking-rota.server";

// Issue 21, item 3: a general booking (no listing) goes to the admins, or to the agents in turn.

await setupTestDatabase();

const admin = await createSignedInAdmin("office@example.com");
const agents = [
  await createSignedInAgent("ada@example.com", { name: "Ada Agent" }),
  await createSignedInAgent("bayo@example.com", { name: "Bayo Agent" }),
  await createSignedInAgent("chika@example.com", { name: "Chika Agent" }),
];

function booking(n: number, propertyId: string | null = null): NewAppointment {
  return {
    fullName: `Caller ${n}`,
    email: `caller${n}@example.com`,
    phone: "08030000000",
    appointmentDate: "2030-03-04",
    appointmentTime: "10:00 AM",
    propertyType: null,
    propertyLocation: null,
    purpose: null,
    message: null,
    userId: null,
    propertyId,
  };
}

async function agentOf(id: string) {
  const [row] = await db
    .select({ agentId: appointments.agentId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.agentId ?? null;
}

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(mailOutbox);
  await db.delete(agentRota);
  await db.delete(officeSettings);
  await db.update(users).set({ status: "active" }).where(eq(users.role, "agent"));
});

describe("general bookings", () => {
  it("go to the admins by default", async () => {
    const { id } = await createAppointment(booking(1));
    expect(await agentOf(id)).toBeNull();
  });

  it("with the rota, go to each active agent in turn and the agent is e-mailed with the .ics instead of the admins", async () => {
    await setGeneralBookings(admin.actor, "rota");
    const given: (string | null)[] = [];
    for (const n of [1, 2, 3, 4])
      given.push(await agentOf((await createAppointment(booking(n))).id));
    const ids = agents.map((a) => a.id).sort();
    // Each agent once before anyone gets a second: the first of the four comes round again.
    expect([...given.slice(0, 3)].sort()).toEqual(ids);
    expect(given[3]).toBe(given[0]);

    const [row] = await db.select().from(mailOutbox).limit(1);
    const mails = await renderNotification(
      db,
      row?.kind ?? "",
      row?.payload as Record<string, unknown>,
    );
    const agentEmail = agents.find((a) => a.id === given[0])?.email;
    expect(mails.map((m) => m.to)).toEqual(["caller1@example.com", agentEmail]);
    expect(mails[1]?.attachments?.[0]?.filename).toBe("appointment.ics");
  });

  it("skip a deactivated agent, fall back to the admins with no active agent, and leave listings' viewings alone", async () => {
    await setGeneralBookings(admin.actor, "rota");
    const [first, second, third] = agents;
    if (!first || !second || !third) throw new Error("agents");
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, second.id));
    const given = [];
    for (const n of [1, 2, 3]) given.push(await agentOf((await createAppointment(booking(n))).id));
    expect(given).not.toContain(second.id);
    expect(new Set(given.slice(0, 2))).toEqual(new Set([first.id, third.id]));

    await db.update(users).set({ status: "inactive" }).where(eq(users.role, "agent"));
    expect(await agentOf((await createAppointment(booking(4))).id)).toBeNull();

    // A listing's viewing goes to its agent (here none): the rota is for general bookings only.
    await db.update(users).set({ status: "active" }).where(eq(users.role, "agent"));
    const propertyId = await createProperty("Rota flat");
    expect(await agentOf((await createAppointment(booking(5, propertyId))).id)).toBeNull();
  });

  it("spread bookings made at the same moment over different agents", async () => {
    await setGeneralBookings(admin.actor, "rota");
    const made = await Promise.all([1, 2, 3].map((n) => createAppointment(booking(n))));
    const given = await Promise.all(made.map(({ id }) => agentOf(id)));
    expect([...given].sort()).toEqual(agents.map((a) => a.id).sort());
  });
});

describe("/admin/settings: General bookings go to", () => {
  it("shows the choice, saves it, and refuses a made-up one writing nothing", async () => {
    const page = await callLoader<{ generalBookings: string }>(settingsLoader, "/admin/settings", {
      cookie: admin.cookie,
    });
    expect(page.body.generalBookings).toBe("admins");
    const saved = await callAction(settingsAction, "/admin/settings", {
      cookie: admin.cookie,
      form: { intent: "general-bookings", generalBookings: "rota" },
    });
    expect(saved.location).toBe("/admin/settings?tab=general");
    const [row] = await db.select().from(officeSettings);
    expect(row?.generalBookings).toBe("rota");

    const refused = await callAction<{ error?: { message: string } }>(
      settingsAction,
      "/admin/settings",
      { cookie: admin.cookie, form: { intent: "general-bookings", generalBookings: "everyone" } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe("Choose Admins or A rota of agents.");
    expect((await db.select().from(officeSettings))[0]?.generalBookings).toBe("rota");

    const agentPost = await callAction(settingsAction, "/admin/settings", {
      cookie: agents[0]?.cookie,
      form: { intent: "general-bookings", generalBookings: "admins" },
    });
    expect(agentPost.status).toBe(403);
    expect((await db.select().from(officeSettings))[0]?.generalBookings).toBe("rota");
  });
});
