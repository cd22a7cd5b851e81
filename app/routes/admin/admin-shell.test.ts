import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { appointments, inquiries, properties, users } from "~/db/schema";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as dashboardLoader } from "./dashboard";
import { loader as layoutLoader } from "./layout";
import { loader as searchLoader } from "./search";

await setupTestDatabase();

const admin = await createSignedInAdmin("shell@example.com", { name: "Bisi Admin" });

type Dashboard = Extract<Awaited<ReturnType<typeof dashboardLoader>>, { ok: true }>;

describe("the admin layout", () => {
  it("renders the sidebar expanded unless its cookie says collapsed", async () => {
    const open = await callLoader<{ sidebarOpen: boolean; admin: { name: string } }>(
      layoutLoader,
      "/admin/dashboard",
      { cookie: admin.cookie },
    );
    expect(open.body).toMatchObject({ sidebarOpen: true, admin: { name: "Bisi Admin" } });
    const collapsed = await callLoader<{ sidebarOpen: boolean }>(layoutLoader, "/admin/dashboard", {
      cookie: `${admin.cookie}; sidebar_state=false`,
    });
    expect(collapsed.body.sidebarOpen).toBe(false);
  });
});

describe("the admin dashboard", () => {
  it("shows the database's counts", async () => {
    await createProperty("Counted house");
    await db.insert(appointments).values({
      fullName: "Kemi Ade",
      email: "kemi@example.com",
      phone: "08030000000",
      appointmentDate: "2026-12-01",
      appointmentTime: "10:00 AM",
    });
    const answer = await callLoader<Dashboard>(dashboardLoader, "/admin/dashboard", {
      cookie: admin.cookie,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toMatchObject({
      properties: 1,
      appointments: 1,
      pendingAppointments: 1,
      users: 1,
    });
    expect(answer.body.recentAppointments.map((a) => a.fullName)).toEqual(["Kemi Ade"]);
    expect(answer.body.activity).toHaveLength(answer.body.weeks);
  });
});

describe("the admin search page", () => {
  it("answers matches by kind, and nothing for a search too short or with control characters", async () => {
    const found = await callLoader<{
      sections: { kind: string; hits: { title: string; href: string }[] }[];
    }>(searchLoader, "/admin/search?q=kemi", { cookie: admin.cookie });
    const appointmentsFound = found.body.sections.find((s) => s.kind === "appointments");
    const [booking] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.email, "kemi@example.com"));
    expect(appointmentsFound?.hits).toEqual([
      expect.objectContaining({ title: "Kemi Ade", href: `/admin/appointments/${booking?.id}` }),
    ]);
    const nul = await callLoader<{ q: string; tooShort: boolean }>(
      searchLoader,
      "/admin/search?q=%00k",
      { cookie: admin.cookie },
    );
    expect(nul).toMatchObject({ status: 200, body: { q: "k", tooShort: true } });
  });

  it("leaves listings in the trash out, and every result opens its admin screen", async () => {
    const live = await createProperty("Searchable Marula House");
    const trashed = await createProperty("Searchable Marula Flat");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, trashed));
    const [user] = await db
      .insert(users)
      .values({ id: "user-marula", name: "Marula Okoye", email: "marula@example.com" })
      .returning({ id: users.id });
    const [inquiry] = await db
      .insert(inquiries)
      .values({
        source: "contact",
        name: "Marula Okoye",
        email: "marula@example.com",
        description: "Hello",
      })
      .returning({ id: inquiries.id });
    const found = await callLoader<{
      sections: { kind: string; hits: { id: string; href: string }[] }[];
    }>(searchLoader, "/admin/search?q=marula", { cookie: admin.cookie });
    const hrefs = Object.fromEntries(
      found.body.sections.map((s) => [s.kind, s.hits.map((hit) => hit.href)]),
    );
    expect(hrefs).toEqual({
      properties: [`/admin/properties/${live}`],
      appointments: [],
      inquiries: [`/admin/complaints/${inquiry?.id}`],
      users: [`/admin/users/${user?.id}`],
    });
  });
});

describe("the admin dashboard when the database fails", () => {
  it("answers 'Failed to load dashboard data' with status 500", async () => {
    const models = await import("~/models/admin-dashboard.server");
    const spy = vi.spyOn(models, "getDashboardCounts").mockRejectedValueOnce(new Error("down"));
    const answer = await callLoader<{ ok: boolean; error: string }>(
      dashboardLoader,
      "/admin/dashboard",
      { cookie: admin.cookie },
    );
    expect(spy).toHaveBeenCalled();
    expect(answer).toMatchObject({
      status: 500,
      body: { ok: false, error: "Failed to load dashboard data" },
    });
  });
});
