import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, inquiries } from "~/db/schema";
import { createProperty, createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  ACTIVITY_WEEKS,
  getDashboardCounts,
  getWeeklyActivity,
  listRecentAppointments,
  listRecentInquiries,
} from "./admin-dashboard.server";
import { searchAdmin } from "./admin-search.server";

await setupTestDatabase();

let admin: SignedInAdmin;

function booking(
  fullName: string,
  email: string,
  status: "pending" | "confirmed" | "cancelled",
  createdAt: string,
) {
  return {
    fullName,
    email,
    phone: "08030000000",
    appointmentDate: "2026-12-01",
    appointmentTime: "10:00 AM",
    status,
    createdAt: new Date(createdAt),
  };
}

beforeAll(async () => {
  admin = await createSignedInAdmin();
  await createSignedInUser("chioma@example.com", "Chioma Eze");
  await createProperty("Lekki Pearl Duplex", "Lagos");
  await createProperty("Maitama Villa", "Abuja");
  await db.insert(appointments).values([
    // Monday 16 Nov 2026, 00:30 in Lagos is Sunday 23:30 UTC: the Lagos week decides.
    booking("Tunde Bakare", "tunde@example.com", "pending", "2026-11-15T23:30:00Z"),
    booking("Ngozi Okafor", "ngozi@example.com", "pending", "2026-11-20T10:00:00Z"),
    booking("Emeka Obi", "emeka@example.com", "confirmed", "2026-11-09T10:00:00Z"),
    booking("Old Booking", "old@example.com", "cancelled", "2025-01-01T10:00:00Z"),
  ]);
  await db.insert(inquiries).values([
    {
      source: "contact",
      email: "a@example.com",
      name: "Amaka",
      description: "Hi",
      createdAt: new Date("2026-11-18T09:00:00Z"),
    },
    {
      source: "service",
      email: "b@example.com",
      name: "Bola",
      description: "Hi",
      status: "in-progress",
      createdAt: new Date("2026-11-10T09:00:00Z"),
    },
    {
      source: "complaint",
      email: "c@example.com",
      name: "Chidi",
      description: "Hi",
      status: "answered",
      createdAt: new Date("2026-11-11T09:00:00Z"),
    },
    {
      source: "contact",
      email: "d@example.com",
      name: "Dayo",
      description: "Hi",
      status: "resolved",
      createdAt: new Date("2026-11-12T09:00:00Z"),
    },
  ]);
});

describe("the admin dashboard's numbers", () => {
  it("counts properties, bookings (pending), inquiries (unresolved) and accounts in SQL", async () => {
    expect(await getDashboardCounts(admin.actor)).toEqual({
      properties: 2,
      appointments: 4,
      pendingAppointments: 2,
      inquiries: 4,
      unresolvedInquiries: 2,
      users: 2,
    });
  });

  it("lists the five latest bookings and inquiries, newest first", async () => {
    const recent = await listRecentAppointments(admin.actor);
    expect(recent.map((a) => a.fullName)).toEqual([
      "Ngozi Okafor",
      "Tunde Bakare",
      "Emeka Obi",
      "Old Booking",
    ]);
    const asked = await listRecentInquiries(admin.actor);
    expect(asked.map((i) => i.name)).toEqual(["Amaka", "Dayo", "Chidi", "Bola"]);
  });

  it("counts bookings and inquiries per Lagos week over the last twelve weeks", async () => {
    const weeks = await getWeeklyActivity(admin.actor, new Date("2026-11-22T12:00:00Z"));
    expect(weeks).toHaveLength(ACTIVITY_WEEKS);
    expect(weeks.at(-1)).toEqual({ weekStart: "2026-11-16", bookings: 2, inquiries: 1 });
    expect(weeks.at(-2)).toEqual({ weekStart: "2026-11-09", bookings: 1, inquiries: 3 });
    expect(weeks[0]?.weekStart).toBe("2026-08-31");
    // The 2025 booking is outside the window.
    expect(weeks.reduce((sum, w) => sum + w.bookings, 0)).toBe(3);
  });
});

describe("the admin search", () => {
  it("finds properties by title or city, bookings and inquiries by name or e-mail, users", async () => {
    const byCity = await searchAdmin(admin.actor, "abuja");
    expect(byCity.properties.map((p) => p.title)).toEqual(["Maitama Villa"]);
    const byName = await searchAdmin(admin.actor, "NGOZI");
    expect(byName.appointments.map((a) => a.email)).toEqual(["ngozi@example.com"]);
    const byEmail = await searchAdmin(admin.actor, "b@example");
    expect(byEmail.inquiries.map((i) => i.name)).toEqual(["Bola"]);
    const users = await searchAdmin(admin.actor, "chioma");
    expect(users.users.map((u) => u.email)).toEqual(["chioma@example.com"]);
  });

  it("treats % and _ as text and ignores one-letter searches", async () => {
    expect((await searchAdmin(admin.actor, "%")).properties).toEqual([]);
    const all = await searchAdmin(admin.actor, "a");
    expect(Object.values(all).every((rows) => rows.length === 0)).toBe(true);
    const [row] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from properties`))
      .rows;
    expect(row?.n).toBe(2);
  });
});
