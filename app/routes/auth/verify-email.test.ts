import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { resetPasswordWithToken } from "~/auth/password-reset.server";
import { db } from "~/db/client.server";
import { mailOutbox, rateLimits, users } from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { createAppointment } from "~/models/appointment.server";
import { signedInCustomer } from "../../../tests/setup/accounts";
import { appointmentOwner, guestBooking } from "../../../tests/setup/appointments";
import { callAction, callLoader, getRequest, postRequest } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as listAction } from "../dashboard/appointments";
import { action as verifyAction, loader as verifyLoader } from "./verify-email";

await setupTestDatabase();

beforeEach(async () => {
  await db.delete(rateLimits);
});

async function verified(userId: string) {
  const [row] = await db.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.v;
}

/** Asks for the confirmation e-mail from My Appointments; answers the token in its link. */
async function requestToken(cookie: string, email: string) {
  await callAction(
    listAction,
    postRequest("/dashboard/appointments", { intent: "sendVerification" }, cookie),
  );
  // The sender renders the stored notification into the e-mail with the link.
  await settleBackgroundMail();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(mailOutbox.createdAt);
  const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no confirmation link in the outbox");
  return token;
}

describe("/verify-email", () => {
  it("opening the link changes nothing; the POST confirms and claims the guest bookings", async () => {
    const guest = await createAppointment(guestBooking("Kemi@Example.ng"));
    const strangers = await createAppointment(guestBooking("someone-else@example.ng"));
    const kemi = await signedInCustomer("kemi@example.ng");
    const token = await requestToken(kemi.cookie, "kemi@example.ng");
    const url = `/verify-email?token=${token}`;

    const page = await callLoader(verifyLoader, getRequest(url));
    expect(page.body).toEqual({ token, usable: true });
    expect(await verified(kemi.userId)).toBe(false);
    expect(await appointmentOwner(guest.id)).toBeNull();

    const confirmed = await callAction(verifyAction, postRequest(url, { token }));
    expect(confirmed).toMatchObject({
      status: 200,
      body: { ok: true, claimedAppointments: 1 },
    });
    expect(await verified(kemi.userId)).toBe(true);
    expect(await appointmentOwner(guest.id)).toBe(kemi.userId);
    expect(await appointmentOwner(strangers.id)).toBeNull();

    // Used: the page says so, and a second POST changes nothing.
    expect((await callLoader(verifyLoader, getRequest(url))).body).toEqual({
      token,
      usable: false,
    });
    const again = await callAction(verifyAction, postRequest(url, { token }));
    expect(again).toMatchObject({ status: 400, body: { ok: false, reason: "invalid-link" } });
  });

  it("refuses an unknown token without writing", async () => {
    const result = await callAction(
      verifyAction,
      postRequest("/verify-email?token=nope", { token: "nope" }),
    );
    expect(result).toMatchObject({ status: 400, body: { ok: false, reason: "invalid-link" } });
    expect((await callLoader(verifyLoader, getRequest("/verify-email"))).body).toEqual({
      token: "",
      usable: false,
    });
  });

  it("a verified account is not offered (or sent) another link", async () => {
    const tunde = await signedInCustomer("tunde@example.ng");
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, tunde.userId));
    const result = await callAction(
      listAction,
      postRequest("/dashboard/appointments", { intent: "sendVerification" }, tunde.cookie),
    );
    expect(result.body).toEqual({ ok: true, alreadyVerified: true });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "tunde@example.ng"))).toEqual(
      [],
    );
  });
});

describe("a completed password reset", () => {
  it("proves the inbox: verified, and the guest bookings claimed", async () => {
    const guest = await createAppointment(guestBooking("ngozi@example.ng"));
    const ngozi = await signedInCustomer("ngozi@example.ng");
    await getAuth().api.requestPasswordReset({ body: { email: "ngozi@example.ng" } });
    await settleBackgroundMail();
    // The guest booking's own confirmation went to the same inbox: find the reset e-mail among
    // them (rows come back in no set order on PostgreSQL).
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "ngozi@example.ng"));
    const links = mails.map(
      (m) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text ?? "")?.[1],
    );
    const token = links.find(Boolean) ?? "";
    expect(token).not.toBe("");

    expect(await resetPasswordWithToken(token, "a-new-password-9")).toEqual({ ok: true });
    expect(await verified(ngozi.userId)).toBe(true);
    expect(await appointmentOwner(guest.id)).toBe(ngozi.userId);
  });
});
