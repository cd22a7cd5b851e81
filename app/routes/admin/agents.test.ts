import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentGeneration } from "~/cache/content-generation.server";
import { adminNav } from "~/components/admin/admin-nav";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, properties, userSettings, users } from "~/db/schema";
import { permissionForRoute } from "~/lib/permissions";
import { settleBackgroundMail } from "~/mail/mail.server";
import { deleteUserByAdmin, updateUserByAdmin } from "~/models/admin-users.server";
import { createAppointment } from "~/models/appointment.server";
import { readCalendarFeed, resetCalendarFeed } from "~/models/calendar-feed.server";
import {
  createProperty,
  createSignedInUser,
  signInCookie,
  TEST_PASSWORD,
} from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as publicPropertyLoader } from "../public/property";
import { loader as appointmentLoader } from "./appointment";
import { loader as appointmentsLoader } from "./appointments";
import { loader as dashboardLoader } from "./dashboard";
import { loader as propertiesLoader } from "./properties";
import { loader as editLoader, action as propertyAction } from "./property-edit";
import { action as settingsAction, loader as settingsLoader } from "./settings";

/** The listing's action; its edit form posts the version the page gave it. */
const editAction = postingOpenedVersion(
  propertyAction,
  ["", "null", "update"],
  (_form, cookie, params) =>
    openedVersion<{ property: { version: string } }>(
      editLoader,
      `/admin/properties/${params.id}`,
      { cookie, params },
      (body) => body.property.version,
    ).catch(() => undefined),
);

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
    // An agent books callers for their own listings (issue 47): the New appointment link shows.
    expect(list.body.canBook).toBe(true);
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

  it("lands on their leads due today, and is refused the office's screens", async () => {
    const home = await callLoader(dashboardLoader, "/admin/dashboard", { cookie: agent.cookie });
    expect(home.status).toBe(302);
    expect(home.location).toBe("/admin/leads?view=due");
    for (const path of ["/admin/users", "/admin/audit", "/website-editor"]) {
      expect(permissionForRoute(path)).toBe("office:manage");
    }
    // Their own password and switches (issue 47); the office's settings stay refused there.
    expect(permissionForRoute("/admin/settings")).toBe("own:account");
    expect(adminNav("agent").map((item) => item.to)).toEqual([
      "/admin/properties",
      "/admin/to-confirm",
      "/admin/appointments",
      "/admin/complaints",
      "/admin/leads",
      "/admin/settings",
    ]);
    expect(adminNav("admin").map((item) => item.to)).not.toContain("/admin/backups");
    expect(adminNav("superAdmin").map((item) => item.to)).toContain("/admin/backups");
  });
});

const LISTING_FORM = {
  title: "Assigned flat",
  purpose: "rent",
  price: "2000000",
  city: "Lagos",
  propertyType: "apartment",
  category: "residential",
  status: "available",
};

async function agentOf(id: string) {
  const [row] = await db
    .select({ agentId: properties.agentId })
    .from(properties)
    .where(eq(properties.id, id));
  return row?.agentId;
}

describe("a listing's agent", () => {
  it("is chosen by an admin on the listing; an account that is not an active agent is refused", async () => {
    const id = await createProperty("Assigned flat");
    const save = (agentId: string, cookie = admin.cookie) =>
      callAction<{ fields?: Record<string, string> }>(editAction, `/admin/properties/${id}`, {
        cookie,
        params: { id },
        form: { ...LISTING_FORM, agentId },
      });
    expect((await save(agent.id)).status).toBe(302);
    expect(await agentOf(id)).toBe(agent.id);

    // An admin's id is no agent: 400 beside the field, nothing written.
    const refused = await save(admin.id);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.agentId).toBe("Please choose an active agent, or the office.");
    expect(await agentOf(id)).toBe(agent.id);

    // The listing's own agent cannot hand it to someone else: the choice is ignored.
    expect((await save(other.id, agent.cookie)).status).toBe(302);
    expect(await agentOf(id)).toBe(agent.id);

    // The office again.
    expect((await save("")).status).toBe(302);
    expect(await agentOf(id)).toBeNull();
  });

  it("is shown on the property page with a WhatsApp chat naming the listing", async () => {
    const id = await createProperty("Agent shown flat");
    await assign(id, agent.id);
    const { users } = await import("~/db/schema");
    await db.update(users).set({ phone: "0803 555 1234" }).where(eq(users.id, agent.id));
    const page = await callLoader<{
      agent: { name: string; phone: string } | null;
      whatsapp: { chat?: string };
    }>(publicPropertyLoader, `/property/${id}`, { params: { id } });
    expect(page.body.agent).toMatchObject({ name: "Tunde Agent", phone: "0803 555 1234" });
    expect(page.body.whatsapp.chat).toContain("https://wa.me/2348035551234?text=");
    expect(decodeURIComponent(page.body.whatsapp.chat ?? "")).toContain(
      'Hello Tunde, I am interested in "Agent shown flat"',
    );
    // Without an agent: the company's contacts.
    await assign(id, null);
    const office = await callLoader<{ agent: unknown }>(publicPropertyLoader, `/property/${id}`, {
      params: { id },
    });
    expect(office.body.agent).toBeNull();
  });

  it("on cached pages changes with the agent's account; a customer's account leaves them be", async () => {
    // The property page shows its agent's name and phone, so an admin's edit of an agent's
    // account (or its removal) moves the content generation the page cache is kept by.
    const edited = await createSignedInAgent("kemi@example.com", { name: "Kemi Agent" });
    const customer = await createSignedInUser("renter@example.com", "Ada Renter");
    const edit = (status: "active" | "inactive", role: "agent" | "tenant") => ({
      firstName: "Kemi",
      lastName: "Adewale",
      phone: "0803 555 0000",
      role,
      status,
    });
    let generation = contentGeneration();
    expect((await updateUserByAdmin(admin.actor, edited.id, edit("active", "agent"))).ok).toBe(
      true,
    );
    expect(contentGeneration()).toBeGreaterThan(generation);
    generation = contentGeneration();
    const renamed = { ...edit("active", "tenant"), firstName: "Ada", lastName: "Renter-Obi" };
    expect((await updateUserByAdmin(admin.actor, customer.id, renamed)).ok).toBe(true);
    expect(contentGeneration()).toBe(generation);
    expect((await deleteUserByAdmin(admin.actor, edited.id)).ok).toBe(true);
    expect(contentGeneration()).toBeGreaterThan(generation);
  });

  it("gets the listing's viewings: theirs in the list, e-mailed to them with the .ics, not to the admins", async () => {
    const id = await createProperty("Viewing flat");
    await assign(id, agent.id);
    await db.delete(mailOutbox);
    const booked = await createAppointment({
      fullName: "Ada Visitor",
      email: "ada.visitor@example.com",
      phone: "08030000000",
      appointmentDate: "2030-03-05",
      appointmentTime: "10:00 AM",
      propertyType: null,
      propertyLocation: null,
      purpose: "rent",
      message: null,
      userId: null,
      propertyId: id,
    });
    const [row] = await db
      .select({ agentId: appointments.agentId })
      .from(appointments)
      .where(eq(appointments.id, booked.id));
    expect(row?.agentId).toBe(agent.id);
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox);
    expect(mail.map((m) => m.to).sort()).toEqual(["ada.visitor@example.com", "tunde@example.com"]);
    const toAgent = mail.find((m) => m.to === "tunde@example.com");
    expect(toAgent?.attachments?.[0]?.filename).toMatch(/\.ics$/);
  });
});

describe("a deactivated agent", () => {
  it("hands their open viewings back to the admins and their listings to the office, nothing lost", async () => {
    const leaving = await createSignedInAgent("leaving@example.com", { name: "Leaving Agent" });
    const listing = await createProperty("Leaving agent flat");
    await assign(listing, leaving.id);
    const open = await book(leaving.id, "Open Viewing");
    const [done] = await db
      .insert(appointments)
      .values({
        fullName: "Done Viewing",
        email: "done@example.com",
        phone: "08030000000",
        appointmentDate: "2020-03-04",
        appointmentTime: "10:00 AM",
        status: "completed",
        agentId: leaving.id,
      })
      .returning({ id: appointments.id });
    const result = await updateUserByAdmin(admin.actor, leaving.id, {
      firstName: "Leaving",
      lastName: "Agent",
      phone: "",
      role: "agent",
      status: "inactive",
    });
    expect(result.ok).toBe(true);
    const agentOfViewing = async (id: string) =>
      (
        await db
          .select({ agentId: appointments.agentId })
          .from(appointments)
          .where(eq(appointments.id, id))
      )[0]?.agentId;
    // The open viewing is the admins' again (every admin sees it); the completed one keeps its
    // history; the listing is the office's.
    expect(await agentOfViewing(open)).toBeNull();
    expect(await agentOfViewing(done?.id ?? "")).toBe(leaving.id);
    expect(await agentOf(listing)).toBeNull();
  });
});

// Issue 47, item 5: an agent runs their own account from /admin/settings (their switches and
// password), each write to their own rows only; the office's settings there stay refused.
describe("an agent's own settings", () => {
  it("switches their own e-mails off and changes their own password, nothing of the office's", async () => {
    const me = await createSignedInAgent("own.settings@example.com");
    const colleague = await createSignedInAgent("colleague.settings@example.com");
    const page = await callLoader<{ tabs: { id: string }[]; feeTerms: unknown }>(
      settingsLoader,
      "/admin/settings",
      { cookie: me.cookie },
    );
    expect(page.status).toBe(200);
    expect(page.body.tabs.map((t) => t.id)).toEqual(["general", "security"]);
    expect(page.body.feeTerms).toBeNull();

    const switched = await callAction(settingsAction, "/admin/settings", {
      cookie: me.cookie,
      form: { intent: "notification", setting: "emailNotifications" },
    });
    expect(switched.location).toBe("/admin/settings?tab=general");
    const rows = await db
      .select({ userId: userSettings.userId, on: userSettings.emailNotificationsEnabled })
      .from(userSettings)
      .where(inArray(userSettings.userId, [me.id, colleague.id]));
    expect(rows).toEqual([{ userId: me.id, on: false }]);

    const changed = await callAction(settingsAction, "/admin/settings", {
      cookie: me.cookie,
      form: {
        intent: "password",
        currentPassword: TEST_PASSWORD,
        newPassword: "agent-new-secret-1",
        confirmPassword: "agent-new-secret-1",
      },
    });
    expect(changed.location).toBe("/admin/settings?tab=security");
    await expect(signInCookie(me.email, "agent-new-secret-1")).resolves.toBeTruthy();
    await expect(signInCookie(me.email, TEST_PASSWORD)).rejects.toThrow();
    await expect(signInCookie(colleague.email, TEST_PASSWORD)).resolves.toBeTruthy();

    const officeForms: Record<string, string>[] = [
      { intent: "general-bookings", generalBookings: "rota" },
      { intent: "delete-account", confirmation: "DELETE" },
    ];
    for (const form of officeForms) {
      const refused = await callAction(settingsAction, "/admin/settings", {
        cookie: me.cookie,
        form,
      });
      expect(refused.status).toBe(403);
    }
    expect((await db.select().from(users).where(eq(users.id, me.id))).length).toBe(1);
  });
});
