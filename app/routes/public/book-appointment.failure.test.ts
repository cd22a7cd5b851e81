import { count } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { appointments, mailOutbox } from "~/db/schema";
import { APPOINTMENT_MESSAGES } from "~/lib/schemas/appointment";
import { settleBackgroundMail } from "~/mail/mail.server";
import { openDayFromToday } from "../../../tests/setup/dates";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action } from "./book-appointment";

// The database refusing the insert: the spec's failure message, the values kept, no e-mail.

vi.mock("~/models/appointment.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/models/appointment.server")>()),
  createAppointment: vi.fn(async () => {
    throw new Error("connection terminated");
  }),
}));

await setupTestDatabase();

describe("booking when the database fails", () => {
  it("answers 'Failed to book appointment' and keeps what the visitor typed", async () => {
    const date = openDayFromToday(1);
    const fields = {
      fullName: "Amaka Obi",
      email: "amaka@example.ng",
      phone: "08031234567",
      appointmentDate: date,
      appointmentTime: "11:00 AM",
      propertyType: "Land",
      propertyLocation: "",
      purpose: "sell",
      message: "",
    };
    const result = (await action(
      routeArgs("/book-appointment", { form: fields, ip: "10.2.0.1" }),
    )) as {
      data: { error: { message: string }; values: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(500);
    expect(result.data.error.message).toBe(APPOINTMENT_MESSAGES.failed);
    expect(result.data.values).toEqual(fields);
    await settleBackgroundMail();
    const [stored] = await db.select({ n: count() }).from(appointments);
    expect(stored?.n).toBe(0);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });
});
