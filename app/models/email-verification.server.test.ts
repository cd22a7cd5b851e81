import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { users, verifications } from "~/db/schema";
import { appointmentOwner, guestBooking } from "../../tests/setup/appointments";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createAppointment } from "./appointment.server";
import {
  confirmEmailWithToken,
  createEmailVerificationToken,
  isEmailVerificationTokenUsable,
  isEmailVerified,
  markEmailVerified,
} from "./email-verification.server";

await setupTestDatabase();

async function createUser(id: string, email: string) {
  await db.insert(users).values({ id, email, name: id });
}

describe("e-mail confirmation", () => {
  it("stores only a hash of the token, and the token works once", async () => {
    await createUser("once", "once@example.ng");
    const token = await createEmailVerificationToken("once");
    const rows = await db.select().from(verifications).where(eq(verifications.value, "once"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).toMatch(/^verify-email:/);
    expect(rows[0]?.identifier).not.toContain(token);

    expect(await isEmailVerificationTokenUsable(token)).toBe(true);
    expect(await isEmailVerified("once")).toBe(false);
    expect(await confirmEmailWithToken(token)).toMatchObject({
      ok: true,
      userId: "once",
    });
    expect(await isEmailVerified("once")).toBe(true);
    expect(await isEmailVerificationTokenUsable(token)).toBe(false);
    expect(await confirmEmailWithToken(token)).toEqual({ ok: false, reason: "invalid-token" });
  });

  it("refuses an expired or unknown token and changes nothing", async () => {
    await createUser("late", "late@example.ng");
    const guest = await createAppointment(guestBooking("late@example.ng"));
    const dayAndABitAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const token = await createEmailVerificationToken("late", dayAndABitAgo);

    expect(await isEmailVerificationTokenUsable(token)).toBe(false);
    expect(await confirmEmailWithToken(token)).toEqual({ ok: false, reason: "invalid-token" });
    expect(await confirmEmailWithToken("made-up-token")).toEqual({
      ok: false,
      reason: "invalid-token",
    });
    expect(await confirmEmailWithToken("")).toEqual({ ok: false, reason: "invalid-token" });
    expect(await isEmailVerified("late")).toBe(false);
    expect(await appointmentOwner(guest.id)).toBeNull();
  });

  it("a token made 23 hours ago still works", async () => {
    await createUser("inday", "inday@example.ng");
    const token = await createEmailVerificationToken(
      "inday",
      new Date(Date.now() - 23 * 60 * 60 * 1000),
    );
    expect((await confirmEmailWithToken(token)).ok).toBe(true);
  });

  it("claims the guest bookings with that address, whatever the case, and nobody else's", async () => {
    await createUser("chioma", "chioma@example.ng");
    await createUser("other", "other@example.ng");
    const mine = await createAppointment(guestBooking("chioma@example.ng"));
    const shouty = await createAppointment(guestBooking("CHIOMA@Example.NG"));
    const someoneElses = await createAppointment(guestBooking("chioma.obi@example.ng"));
    const alreadyOwned = await createAppointment(
      guestBooking("chioma@example.ng", { userId: "other" }),
    );

    const token = await createEmailVerificationToken("chioma");
    const spare = await createEmailVerificationToken("chioma");
    expect(await confirmEmailWithToken(token)).toEqual({
      ok: true,
      userId: "chioma",
      claimedAppointments: 2,
    });
    expect(await appointmentOwner(mine.id)).toBe("chioma");
    expect(await appointmentOwner(shouty.id)).toBe("chioma");
    expect(await appointmentOwner(someoneElses.id)).toBeNull();
    expect(await appointmentOwner(alreadyOwned.id)).toBe("other");
    // Every other confirmation link of that user is spent too.
    expect(await isEmailVerificationTokenUsable(spare)).toBe(false);
    expect(await db.select().from(verifications).where(eq(verifications.value, "chioma"))).toEqual(
      [],
    );
  });

  it("a completed password reset marks verified and claims too", async () => {
    await createUser("reset", "reset@example.ng");
    const guest = await createAppointment(guestBooking("Reset@example.ng"));
    expect(await markEmailVerified("reset")).toBe(1);
    expect(await isEmailVerified("reset")).toBe(true);
    expect(await appointmentOwner(guest.id)).toBe("reset");
  });
});
