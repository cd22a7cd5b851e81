import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminNav } from "~/components/admin/admin-nav";
import { db } from "~/db/client.server";
import { appointments, properties } from "~/db/schema";
import { permissionForPath } from "~/lib/permissions";
import { readCalendarFeed, resetCalendarFeed } from "~/models/calendar-feed.server";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as appointmentLoader } from "./appointment";
import { loader as appointmentsLoader } from "./appointments";
import { loader as dashboardLoader } from "./dashboard";
import { loader as propertiesLoader } from "./properties";
import { action as editAction, loader as editLoader } from "./property-edit";

// Issue 21, item 1: an agent signs in at the admin login and sees only what is theirs. The
// authorization matrix runs every route as an agent and another agent; these tests read what
// the agent's screens hold.

await setupTestDatabase();

const admin = await createSignedInAdmin("office@example.com");
const agent = await createSignedInAgent("tunde@example.com", { name: "Tunde Agent" });
const other = await createSignedInAgent("bisi@example.com", { name: "Bisi Agent" });

async function assign(propertyId: string, agentId: string | null) {
  await db.update(properties).set({ agentId }).where(eq(properties.id, propertyId));
}

async function book(agentId: string | null, fullName: string) {
  const [row] = await db
    .insert(appointments)
    .values({
      fullName,
      email: `${fullName.split(" ")[0]?.toLowerCase()}@example.com`,
      phone: "08030000000",
      appointmentDate: "2030-03-04",
      appointmentTime: "10:00 AM",
      status: "confirmed",
      agentId,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("no row");
  return row.id;
}

type PropertyList = { rows: { title: string }[]; total: number; canManage: boolean };
type AppointmentList = { rows: { fullName: string }[]; total: number; canBook: boolean };

describe("an agent", () => {
  it("sees only the listings assigned to them, and cannot add, delete or bulk-change", async () => {
    const mine = await createProperty("Agent flat");
    const theirs = await createProperty("Other agent flat");
    await createProperty("Office flat");
    await assign(mine, agent.id);
    await assign(theirs, other.id);

    const asAgent = await callLoader<PropertyList>(propertiesLoader, "/admin/properties", {
      cookie: agent.cookie,
    });
    expect(asAgent.body.rows.map((r) => r.title)).toEqual(["Agent flat"]);
    expect(asAgent.body.canManage).toBe(false);
    const asAdmin = await callLoader<PropertyList>(propertiesLoader, "/admin/properties", {
      cookie: admin.cookie,
    });
    expect(asAdmin.body.total).toBe(3);
    expect(asAdmin.body.canManage).toBe(true);

    // Their own listing opens; another agent's is not found.
    const open = (id: string) =>
      callLoader(editLoader, `/admin/properties/${id}`, { cookie: agent.cookie, params: { id } });
    expect((await open(mine)).status).toBe(200);
    expect((await open(theirs)).status).toBe(404);

    // Deleting is the office's, even for their own listing: 403, still live.
    const deleted = await callAction(editAction, `/admin/properties/${mine}`, {
      cookie: agent.cookie,
      params: { id: mine },
      form: { intent: "delete", confirmed: "yes" },
    });
    expect(deleted.status).toBe(403);
    const [row] = await db
      .select({ deletedAt: properties.deletedAt })
      .from(properties)
      .where(eq(properties.id, mine));
    expect(row?.deletedAt).toBeNull();
  });

  it("sees only their viewings, in the list, the record and their calendar feed", async () => {
    await db.delete(appointments);
    const mine = await book(agent.id, "Kemi Mine");
    const theirs = await book(other.id, "Musa Theirs");
    await book(null, "Ngozi Office");

    const list = await callLoader<AppointmentList>(appointmentsLoader, "/admin/appointments", {
      cookie: agent.cookie,
    });
    expect(list.body.rows.map((r) => r.fullName)).toEqual(["Kemi Mine"]);
    expect(list.body.canBook).toBe(false);
    const office = await callLoader<AppointmentList>(appointmentsLoader, "/admin/appointments", {
      cookie: admin.cookie,
    });
    expect(office.body.total).toBe(3);

    const open = (id: string) =>
      callLoader(appointmentLoader, `/admin/appointments/${id}`, {
        cookie: agent.cookie,
        params: { id },
      });
    expect((await open(mine)).status).toBe(200);
    expect((await open(theirs)).status).toBe(404);

    // The agent's secret calendar holds their own confirmed viewings; an admin's all of them.
    const { token } = await resetCalendarFeed(agent.actor);
    expect((await readCalendarFeed(token))?.map((a) => a.fullName)).toEqual(["Kemi Mine"]);
    const { token: adminToken } = await resetCalendarFeed(admin.actor);
    expect((await readCalendarFeed(adminToken))?.length).toBe(3);
  });

  it("lands on their viewings, and is refused the office's screens", async () => {
    const home = await callLoader(dashboardLoader, "/admin/dashboard", { cookie: agent.cookie });
    expect(home.status).toBe(302);
    expect(home.location).toBe("/admin/appointments");
    for (const path of ["/admin/users", "/admin/settings", "/admin/audit", "/website-editor"]) {
      expect(permissionForPath(path)).toBe("office:manage");
    }
    expect(adminNav("agent").map((item) => item.to)).toEqual([
      "/admin/properties",
      "/admin/appointments",
    ]);
    expect(adminNav("admin").map((item) => item.to)).not.toContain("/admin/backups");
    expect(adminNav("superAdmin").map((item) => item.to)).toContain("/admin/backups");
  });
});
