import crypto from "node:crypto";
import { and, eq, gt, isNull, like, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, users, verifications } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isWellFormedToken } from "~/lib/tokens";
import { notify } from "./notification.server";

// E-mail confirmation. A confirmed address proves the account's owner reads that inbox, so the
// bookings made with it before the account existed (user_id null) become the account's.
//
// Tokens follow the password reset's approach (a row in `verifications`, single-use, expiring),
// with the token itself never stored: the row's identifier holds its SHA-256, so a copy of the
// database cannot be turned into working links.

/** How long a confirmation link works. */
export const EMAIL_VERIFICATION_TOKEN_HOURS = 24;

const PREFIX = "verify-email:";

function identifierOf(token: string) {
  return `${PREFIX}${crypto.createHash("sha256").update(token).digest("base64url")}`;
}

/**
 * A fresh single-use token for the user's current e-mail address (earlier ones keep working),
 * stored with the notification that e-mails its link to the user.
 */
export async function createEmailVerificationToken(
  userId: string,
  now: Date = new Date(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(token),
      value: userId,
      expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TOKEN_HOURS * 60 * 60 * 1000),
    });
    await notify(tx, { kind: "email.verification-requested", userId, token });
  });
  return token;
}

/** Whether a confirmation link is still usable (exists, unused, unexpired). Reads only. */
export async function isEmailVerificationTokenUsable(token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, identifierOf(token)),
        gt(verifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type ConfirmEmailResult = Outcome<
  { userId: string; claimedAppointments: number },
  "invalid-token"
>;

/**
 * Spends the token, marks the address verified and claims the guest bookings, in one
 * transaction. An unknown, used or expired token changes nothing.
 */
export async function confirmEmailWithToken(token: string): Promise<ConfirmEmailResult> {
  const invalid = { ok: false, reason: "invalid-token" } as const;
  if (!isWellFormedToken(token)) return invalid;
  return db.transaction(async (tx): Promise<ConfirmEmailResult> => {
    // The DELETE is the single use: of two concurrent confirmations only one gets the row.
    const [spent] = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, identifierOf(token)),
          gt(verifications.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: verifications.value });
    if (!spent) return invalid;
    // The user's other confirmation links are of no further use.
    await tx
      .delete(verifications)
      .where(
        and(like(verifications.identifier, `${PREFIX}%`), eq(verifications.value, spent.userId)),
      );
    const claimed = await markVerifiedAndClaim(tx, spent.userId);
    if (claimed === undefined) return invalid;
    return { ok: true, userId: spent.userId, claimedAppointments: claimed };
  });
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * Marks the user's e-mail verified and gives them the bookings made with that address without an
 * account (case-insensitive). Answers how many were claimed; undefined when the user is gone.
 */
async function markVerifiedAndClaim(tx: Tx, userId: string): Promise<number | undefined> {
  const [user] = await tx
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!user) return undefined;
  const claimed = await tx
    .update(appointments)
    .set({ userId })
    .where(
      and(isNull(appointments.userId), sql`lower(${appointments.email}) = lower(${user.email})`),
    )
    .returning({ id: appointments.id });
  return claimed.length;
}

/**
 * A completed password reset proves the inbox too (the link went to it): verified, and the guest
 * bookings claimed. Answers how many bookings were claimed.
 */
export async function markEmailVerified(userId: string): Promise<number> {
  return db.transaction(async (tx) => (await markVerifiedAndClaim(tx, userId)) ?? 0);
}

export async function isEmailVerified(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verified === true;
}
