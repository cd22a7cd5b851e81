import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/auth/accounts.server";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, rateLimits } from "~/db/schema";
import { addDays, isSunday, lagosToday, slotsOn, TIME_SLOTS } from "~/lib/appointment-rules";
import { CANCEL_FAILED_MESSAGE } from "~/lib/schemas/appointment";
import { settleBackgroundMail } from "~/mail/mail.server";
import { createAppointment, type NewAppointment } from "~/models/appointment.server";
import { signedInCustomer } from "../../../tests/setup/accounts";
import { appointmentWithEvents } from "../../../tests/setup/appointments";
import { callAction, callLoader, getRequest, postRequest } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as detailsAction, loader as detailsLoader } from "./appointment";
import { action as listAction, loader as listLoader } from "./appointments";

await setupTestDatabase();

/** A day at least `days` ahead in Lagos that offers every slot (Monday to Friday). */
function openDate(days: number) {
  let date = addDays(lagosToday(), days);
  while (slotsOn(date).length < TIME_SLOTS.length) date = addDays(date, 1);
  return date;
}
function nextSunday() {
  let date = addDays(lagosToday(), 1);
  while (!isSunday(date)) date = addDays(date, 1);
  return date;
}

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let ada: Customer;
let bayo: Customer;

const ADMIN_EMAIL = "office@example.ng";

beforeAll(async () => {
  await createOrPromoteAdmin({
    email: ADMIN_EMAIL,
    password: "admin-password-1",
    superAdmin: false,
  });
  ada = await signedInCustomer("ada@example.ng");
  bayo = await signedInCustomer("bayo@example.ng");
});
beforeEach(async () => {
  await db.delete(rateLimits);
});

function booking(overrides: Partial<NewAppointment> = {}): NewAppointment {
  return {
    fullName: "Ada Obi",
    email: "ada@example.ng",
    phone: "08031234567",
    appointmentDate: openDate(3),
    appointmentTime: "10:00 AM",
    propertyType: "apartment",
    propertyLocation: "Lekki",
    purpose: "rent",
    message: null,
    userId: ada.userId,
    propertyId: null,
    ...overrides,
  };
}

const details = (id: string) => `/dashboard/appointments/${id}`;

describe("/dashboard/appointments", () => {
  it("lists only the customer's own, and says whether the e-mail is confirmed", async () => {
    const mine = await createAppointment(booking());
    await createAppointment(booking({ userId: bayo.userId, email: "bayo@example.ng" }));
    const result = await callLoader(listLoader, getRequest("/dashboard/appointments", ada.cookie));
    const body = result.body as {
      appointments: { id: string }[];
      verified: boolean;
      email: string;
    };
    expect(body.appointments.map((a) => a.id)).toContain(mine.id);
    const ids = (
      await db.select().from(appointments).where(eq(appointments.userId, ada.userId))
    ).map((a) => a.id);
    expect(body.appointments.map((a) => a.id).sort()).toEqual(ids.sort());
    expect(body).toMatchObject({ verified: false, email: "ada@example.ng" });
  });

  it("cancels the customer's pending appointment and comes back with the toast", async () => {
    const { id } = await createAppointment(booking());
    const result = await callAction(
      listAction,
      postRequest("/dashboard/appointments", { intent: "cancel", appointmentId: id }, ada.cookie),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/appointments");
    expect(result.cookies.join()).toContain("flash=appointmentCancelled");
    const { row, events } = await appointmentWithEvents(id);
    expect(row?.status).toBe("cancelled");
    expect(events.at(-1)).toMatchObject({ actorUserId: ada.userId, toStatus: "cancelled" });

    // The replay changes nothing and says so.
    const before = await appointmentWithEvents(id);
    const again = await callAction(
      listAction,
      postRequest("/dashboard/appointments", { intent: "cancel", appointmentId: id }, ada.cookie),
    );
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      ok: false,
      error: { title: "Error", message: CANCEL_FAILED_MESSAGE },
    });
    expect(await appointmentWithEvents(id)).toEqual(before);
  });

  it("answers 404 to another customer's id, or a forged one, and changes nothing", async () => {
    const { id } = await createAppointment(booking());
    const before = await appointmentWithEvents(id);
    for (const appointmentId of [id, "not-an-id", crypto.randomUUID(), ""]) {
      const result = await callAction(
        listAction,
        postRequest("/dashboard/appointments", { intent: "cancel", appointmentId }, bayo.cookie),
      );
      expect(result.status).toBe(404);
    }
    expect(await appointmentWithEvents(id)).toEqual(before);
  });

  it("sends a confirmation e-mail, at most three an hour", async () => {
    const customer = await signedInCustomer("limit@example.ng");
    const send = () =>
      callAction(
        listAction,
        postRequest("/dashboard/appointments", { intent: "sendVerification" }, customer.cookie),
      );
    expect(await send()).toMatchObject({ status: 200, body: { sentTo: "limit@example.ng" } });
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "limit@example.ng"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{20,}/);
    expect(mail[0]?.text).toContain("limit@example.ng");

    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    await settleBackgroundMail();
    expect(
      await db.select().from(mailOutbox).where(eq(mailOutbox.to, "limit@example.ng")),
    ).toHaveLength(3);
  });
});

describe("/dashboard/appointments/:id", () => {
  it("shows the owner everything, and another customer the 404", async () => {
    const { id } = await createAppointment(booking({ message: "Ground floor please" }));
    const mine = await callLoader(detailsLoader, getRequest(details(id), ada.cookie), {
      params: { id },
    });
    expect(mine.body).toMatchObject({
      appointment: { id, fullName: "Ada Obi", message: "Ground floor please", status: "pending" },
    });
    expect(
      (await callLoader(detailsLoader, getRequest(details(id), bayo.cookie), { params: { id } }))
        .status,
    ).toBe(404);
    const unknown = crypto.randomUUID();
    expect(
      (
        await callLoader(detailsLoader, getRequest(details(unknown), ada.cookie), {
          params: { id: unknown },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callLoader(detailsLoader, getRequest(details("nope"), ada.cookie), {
          params: { id: "nope" },
        })
      ).status,
    ).toBe(404);
  });

  it("reschedules: stays pending, one history entry, the admins are told", async () => {
    const { id } = await createAppointment(booking());
    const newDate = openDate(5);
    // The booking's own e-mails, sent before the move.
    await settleBackgroundMail();
    const mailBefore = await db.select().from(mailOutbox);
    const result = await callAction(
      detailsAction,
      postRequest(
        details(id),
        { intent: "reschedule", appointmentDate: newDate, appointmentTime: "03:00 PM" },
        ada.cookie,
      ),
      { params: { id } },
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe(details(id));
    expect(result.cookies.join()).toContain("flash=appointmentRescheduled");
    const { row, events } = await appointmentWithEvents(id);
    expect(row).toMatchObject({
      status: "pending",
      appointmentDate: newDate,
      appointmentTime: "03:00 PM",
    });
    expect(events.filter((e) => e.note?.startsWith("Rescheduled"))).toHaveLength(1);
    await expectAdminsNotified(mailBefore.map((m) => m.id));
  });

  it.each([
    ["a Sunday", () => nextSunday(), "10:00 AM", "appointmentDate"],
    ["yesterday in Lagos", () => addDays(lagosToday(), -1), "10:00 AM", "appointmentDate"],
    ["an unknown slot", () => openDate(4), "07:00 PM", "appointmentTime"],
  ])(
    "refuses %s beside the field, keeps the values, writes nothing",
    async (_, date, time, field) => {
      const { id } = await createAppointment(booking());
      const before = await appointmentWithEvents(id);
      const mailBefore = await db.select().from(mailOutbox);
      const values = { appointmentDate: date(), appointmentTime: time };
      const result = await callAction(
        detailsAction,
        postRequest(details(id), { intent: "reschedule", ...values }, ada.cookie),
        { params: { id } },
      );
      expect(result.status).toBe(400);
      const body = result.body as { fields: Record<string, string>; values: typeof values };
      expect(Object.keys(body.fields)).toEqual([field]);
      expect(body.values).toEqual(values);
      expect(await appointmentWithEvents(id)).toEqual(before);
      expect(await db.select().from(mailOutbox)).toHaveLength(mailBefore.length);
    },
  );

  it("answers 404 to every action on another customer's appointment and writes nothing", async () => {
    const { id } = await createAppointment(booking());
    const before = await appointmentWithEvents(id);
    const forms: Record<string, string>[] = [
      { intent: "cancel" },
      { intent: "reschedule", appointmentDate: openDate(6), appointmentTime: "11:00 AM" },
      { intent: "reschedule", appointmentDate: "", appointmentTime: "" },
      { intent: "whatever" },
    ];
    for (const form of forms) {
      const result = await callAction(detailsAction, postRequest(details(id), form, bayo.cookie), {
        params: {
          id,
        },
      });
      expect(result.status).toBe(404);
    }
    expect(await appointmentWithEvents(id)).toEqual(before);
  });

  it("cancels from the details page; a cancelled one can be neither cancelled nor moved", async () => {
    const { id } = await createAppointment(booking());
    const cancel = () =>
      callAction(detailsAction, postRequest(details(id), { intent: "cancel" }, ada.cookie), {
        params: { id },
      });
    expect((await cancel()).location).toBe(details(id));
    const before = await appointmentWithEvents(id);
    expect((await cancel()).status).toBe(409);
    const move = await callAction(
      detailsAction,
      postRequest(
        details(id),
        { intent: "reschedule", appointmentDate: openDate(6), appointmentTime: "11:00 AM" },
        ada.cookie,
      ),
      { params: { id } },
    );
    expect(move.status).toBe(409);
    expect(await appointmentWithEvents(id)).toEqual(before);
  });
});

async function expectAdminsNotified(idsBefore: string[]) {
  await settleBackgroundMail();
  const sent = (await db.select().from(mailOutbox)).filter((m) => !idsBefore.includes(m.id));
  expect(sent.map((m) => m.to)).toEqual([ADMIN_EMAIL]);
  expect(sent[0]?.subject?.toLowerCase()).toContain("rescheduled");
}
