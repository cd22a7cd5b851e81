import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, auditEvents, calendarFeeds, users } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callAction, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as appointmentsAction } from "../admin/appointments";
import { loader as feedLoader } from "./calendar-feed";

await setupTestDatabase();

const admin = await createSignedInAdmin("calendar@example.com");

/** Makes (or, confirmed, remakes) the admin's address through the screen; answers its token. */
async function makeAddress(confirmed = false) {
  const answer = await callAction<{ ok: true; feedUrl: string }>(
    appointmentsAction,
    "/admin/appointments",
    {
      cookie: admin.cookie,
      form: { intent: "calendar-reset", ...(confirmed ? { confirmed: "yes" } : {}) },
    },
  );
  const token = /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(answer.body.feedUrl ?? "")?.[1];
  return { answer, token: token ?? "" };
}

async function feed(file: string) {
  const response = (await feedLoader(routeArgs(`/calendar/${file}`, { params: { file } })).catch(
    (thrown: unknown) => thrown,
  )) as Response;
  return { status: response.status, text: await response.text(), headers: response.headers };
}

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(calendarFeeds);
  await db.update(users).set({ role: "admin", status: "active" }).where(eq(users.id, admin.id));
});

describe("the calendar feed", () => {
  it("lists the open appointments, pending ones marked, from 30 days back, for the address's owner", async () => {
    const soon = addDays(lagosToday(), 3);
    await db.insert(appointments).values([
      {
        fullName: "Chinedu Eze",
        email: "chinedu@example.com",
        phone: "08031112222",
        appointmentDate: soon,
        appointmentTime: "10:00 AM",
        propertyType: "Duplex",
        status: "confirmed",
      },
      {
        fullName: "Pending Person",
        email: "p@example.com",
        phone: "0803",
        appointmentDate: soon,
        appointmentTime: "11:00 AM",
      },
      {
        fullName: "Cancelled Caller",
        email: "c@example.com",
        phone: "0803",
        appointmentDate: soon,
        appointmentTime: "12:00 PM",
        status: "cancelled",
      },
      {
        fullName: "Long Ago",
        email: "old@example.com",
        phone: "0803",
        appointmentDate: addDays(lagosToday(), -40),
        appointmentTime: "11:00 AM",
        status: "confirmed",
      },
    ]);
    const { answer, token } = await makeAddress();
    expect(answer.status).toBe(200);
    expect(token).toHaveLength(43);

    const { status, text, headers } = await feed(`${token}.ics`);
    expect(status).toBe(200);
    expect(headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(headers.get("Cache-Control")).toBe("private, no-store");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const events = text.split("BEGIN:VEVENT").slice(1);
    expect(events).toHaveLength(2);
    const confirmed = events.find((e) => e.includes("Chinedu Eze")) ?? "";
    expect(confirmed).toContain("SUMMARY:Chinedu Eze: Duplex");
    expect(confirmed).toContain("STATUS:CONFIRMED");
    // A viewing still to confirm (issue 47): in the day's plan, marked, and tentative.
    const pending = events.find((e) => e.includes("Pending Person")) ?? "";
    expect(pending).toContain("SUMMARY:PENDING: Pending Person: Appointment");
    expect(pending).toContain("STATUS:TENTATIVE");
    expect(text).not.toContain("Cancelled Caller");
    expect(text).not.toContain("Long Ago");
  });

  it("keeps only a hash; resetting asks first, then the old address stops working", async () => {
    const first = await makeAddress();
    const [stored] = await db.select().from(calendarFeeds);
    expect(stored?.tokenHash).not.toContain(first.token);

    const asked = await makeAddress();
    expect(asked.answer.body).toMatchObject({ confirm: {} });
    expect((await feed(`${first.token}.ics`)).status).toBe(200);

    const second = await makeAddress(true);
    expect(second.token).not.toBe(first.token);
    expect((await feed(`${first.token}.ics`)).status).toBe(404);
    expect((await feed(`${second.token}.ics`)).status).toBe(200);

    const audit = await db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.action, "calendar-feed.reset"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).not.toContain(second.token);
  });

  it("answers 404 for a wrong address, and once its owner is no longer an active admin", async () => {
    const { token } = await makeAddress();
    for (const file of ["nope.ics", `${token}.txt`, `${token.slice(1)}x.ics`, "..ics", ""]) {
      expect((await feed(file)).status, file).toBe(404);
    }
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, admin.id));
    expect((await feed(`${token}.ics`)).status).toBe(404);
    await db.update(users).set({ status: "active", role: "tenant" }).where(eq(users.id, admin.id));
    expect((await feed(`${token}.ics`)).status).toBe(404);
  });
});
