import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/lib/confirm";
import { VIEWING_CODE_ADVICE } from "~/lib/viewing-code";
import { rescheduleAppointmentByStaff } from "~/models/admin-appointments.server";
import { createAppointment } from "~/models/appointment.server";
import { newViewingCode } from "~/models/viewing-code.server";
import { createProperty, signedInCustomer } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { guestBooking } from "../../../tests/setup/appointments";
import { openDayAfter, openDayFromToday } from "../../../tests/setup/dates";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { openedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as customerDetailsLoader } from "../dashboard/appointment";
import { loader as customerListLoader } from "../dashboard/appointments";
import { action, loader } from "./appointment";
import { loader as listLoader } from "./appointments";

// Issue 45 item 4: every confirmed viewing gets a random four-digit code, stored when it is
// confirmed and kept through a reschedule; the customer sees it (dashboard, confirmation e-mail,
// .ics) with "Your agent will say this code when you meet. Never pay anyone before or at a
// viewing."; a guest gets it by e-mail; the agent sees it on the viewing and records whether
// it matched ("no" is flagged).

await setupTestDatabase();

const admin = await createSignedInAdmin("codes-admin@example.com", { name: "Tola Admin" });
const agent = await createSignedInAgent("codes-agent@naijahomes.test", { name: "Tunde Agent" });

/** The version the viewing's screen gives its forms. */
function versionOf(id: string, cookie = admin.cookie) {
  return openedVersion<{ appointment: { version: string } }>(
    loader,
    `/admin/appointments/${id}`,
    { cookie, params: { id } },
    (body) => body.appointment.version,
  );
}

async function post(id: string, form: Record<string, string>, cookie = admin.cookie) {
  return callAction<FormFailure>(action, `/admin/appointments/${id}`, {
    cookie,
    params: { id },
    form: { back: "/admin/appointments", version: await versionOf(id, cookie), ...form },
  });
}

function confirm(id: string, cookie = admin.cookie) {
  return post(id, { intent: "confirm", [CONFIRM_FIELD]: CONFIRM_VALUE }, cookie);
}

async function stored(id: string) {
  const [row] = await db
    .select({
      code: appointments.viewingCode,
      matched: appointments.codeMatched,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

/** Unfolds a calendar file's lines (RFC 5545: a line break and a space continue a line). */
function unfolded(ics: string) {
  return ics.replace(/\r\n[ \t]/g, "");
}

describe("the code", () => {
  it("is four random digits, not a sequence", () => {
    const codes = Array.from({ length: 300 }, newViewingCode);
    for (const code of codes) expect(code).toMatch(/^\d{4}$/);
    // 300 draws of 10,000: about 296 differ; a counter or a constant would not.
    expect(new Set(codes).size).toBeGreaterThan(250);
    const steps = codes.slice(1).filter((code, i) => Number(code) === Number(codes[i]) + 1);
    expect(steps.length).toBeLessThan(10);
  });

  it("is made when a viewing is confirmed, not before, and kept through a reschedule", async () => {
    const { id } = await createAppointment(
      guestBooking("code.keeper@example.com", { appointmentDate: openDayFromToday(3) }),
    );
    expect((await stored(id))?.code).toBeNull();
    expect((await confirm(id)).status).toBe(302);
    const code = (await stored(id))?.code;
    expect(code).toMatch(/^\d{4}$/);
    const moved = await rescheduleAppointmentByStaff(admin.actor, id, {
      appointmentDate: openDayAfter(openDayFromToday(5)),
      appointmentTime: "02:00 PM",
    });
    expect(moved).toMatchObject({ ok: true, status: "confirmed" });
    expect((await stored(id))?.code).toBe(code);
  });
});

describe("the customer", () => {
  it("a guest's confirmation e-mail and its .ics carry the code and the warning", async () => {
    await deliverDueMail();
    const { id } = await createAppointment(
      guestBooking("guest.code@example.com", { appointmentDate: openDayFromToday(4) }),
    );
    await deliverDueMail();
    await confirm(id);
    const code = (await stored(id))?.code ?? "none";
    const mails = (await deliverDueMail()).filter((m) => m.to === "guest.code@example.com");
    const confirmed = mails.find((m) => m.subject.includes("is confirmed"));
    expect(confirmed?.text).toContain(`Your viewing code: ${code}. ${VIEWING_CODE_ADVICE}`);
    expect(confirmed?.html).toContain(code);
    const ics = confirmed?.attachments?.find((a) => a.filename.endsWith(".ics"));
    expect(unfolded(ics?.content ?? "")).toContain(`Your viewing code: ${code}.`);
    expect(unfolded(ics?.content ?? "")).toContain("Never pay anyone before or at a viewing.");
  });

  it("the pending booking's e-mail has no code; the customer's dashboard shows it once confirmed", async () => {
    const customer = await signedInCustomer("dashboard.code@example.com");
    const { id } = await createAppointment(
      guestBooking(customer.email, {
        userId: customer.userId,
        appointmentDate: openDayFromToday(6),
      }),
    );
    const booked = (await deliverDueMail()).filter((m) => m.to === customer.email);
    expect(booked.map((m) => m.text).join("\n")).not.toContain("viewing code");
    type List = { appointments: { id: string; viewingCode: string | null }[] };
    const before = await callLoader<List>(customerListLoader, "/dashboard/appointments", {
      cookie: customer.cookie,
    });
    expect(before.body.appointments.find((a) => a.id === id)?.viewingCode).toBeNull();
    await confirm(id);
    const code = (await stored(id))?.code;
    const after = await callLoader<List>(customerListLoader, "/dashboard/appointments", {
      cookie: customer.cookie,
    });
    expect(after.body.appointments.find((a) => a.id === id)?.viewingCode).toBe(code);
    const details = await callLoader<{ appointment: { viewingCode: string | null } }>(
      customerDetailsLoader,
      `/dashboard/appointments/${id}`,
      { cookie: customer.cookie, params: { id } },
    );
    expect(details.body.appointment.viewingCode).toBe(code);
  });
});

/** A confirmed viewing of the agent's listing that started yesterday, with its code. */
async function pastViewingOfAgent(code = "4821") {
  const listing = await createProperty("Agent's listing");
  const { id } = await createAppointment(
    guestBooking("met.customer@example.com", { appointmentDate: openDayFromToday(2) }),
  );
  await db
    .update(appointments)
    .set({
      propertyId: listing,
      agentId: agent.id,
      status: "confirmed",
      viewingCode: code,
      appointmentDate: addDays(lagosToday(), -1),
    })
    .where(eq(appointments.id, id));
  return id;
}

describe("the agent", () => {
  it("sees the code on the viewing and records that it matched", async () => {
    const id = await pastViewingOfAgent("4821");
    const page = await callLoader<{
      appointment: { viewingCode: string | null; codeMatched: boolean | null };
    }>(loader, `/admin/appointments/${id}`, { cookie: agent.cookie, params: { id } });
    expect(page.body.appointment).toMatchObject({ viewingCode: "4821", codeMatched: null });
    const answer = await post(id, { intent: "code-check", codeMatched: "yes" }, agent.cookie);
    expect(answer.status).toBe(302);
    expect(await stored(id)).toMatchObject({ code: "4821", matched: true, status: "confirmed" });
    const notes = await db
      .select({ note: appointmentEvents.note })
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(notes.map((n) => n.note)).toContain("Viewing code matched (recorded by Tunde Agent)");
  });

  it("a code that did not match is stored and flagged in the list", async () => {
    const id = await pastViewingOfAgent("0071");
    expect((await post(id, { intent: "code-check", codeMatched: "no" }, agent.cookie)).status).toBe(
      302,
    );
    expect((await stored(id))?.matched).toBe(false);
    const list = await callLoader<{ rows: { id: string; codeMatched: boolean | null }[] }>(
      listLoader,
      "/admin/appointments",
      { cookie: agent.cookie },
    );
    expect(list.body.rows.find((row) => row.id === id)?.codeMatched).toBe(false);
  });

  it("refuses a check before the viewing has started, on a viewing without a code, or without an answer", async () => {
    const { id: pending } = await createAppointment(
      guestBooking("not.yet@example.com", { appointmentDate: openDayFromToday(3) }),
    );
    const noCode = await post(pending, { intent: "code-check", codeMatched: "yes" });
    expect(noCode.status).toBe(409);
    await confirm(pending);
    const early = await post(pending, { intent: "code-check", codeMatched: "yes" });
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toMatch(/has not started yet/);
    const blank = await post(pending, { intent: "code-check" });
    expect(blank.status).toBe(400);
    expect((await stored(pending))?.matched).toBeNull();
  });
});
