// Before the e2e server starts (start-server.ts runs this with the server's environment, on the
// server's new database): migrates and seeds it as the server would, creates the pre-made
// accounts of auth-state.ts, and writes one storage state per account with a real session. The
// embedded database belongs to one process at a time (its lock), so this must finish first;
// afterwards the server finds the demo data in place and seeds nothing.
//
// Accounts and sessions are made by the auth library (better-auth's internal adapter, as its
// sign-up and sign-in do) and the app's models; the cookie is signed and shaped as
// better-auth's setSessionCookie does it, so the server takes it as one of its own. Signing in
// through the forms instead cost every spec a few seconds of page loads and password hashing.

import fs from "node:fs";
import path from "node:path";
import { makeSignature } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { getAuth } from "~/auth/auth.server";
import { ADMIN_SESSION_HOURS } from "~/auth/session.server";
import { closeDatabase, db } from "~/db/client.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { appointmentEvents, appointments, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { ensureAgentProfile } from "~/models/agent-profile.server";
import { findUserByEmail, promoteToAdmin } from "~/models/user.server";
import { newViewingCode } from "~/models/viewing-code.server";
import { DEMO_USERS } from "~/seed/demo-users";
import { seedDemoData } from "~/seed/seed.server";
import { allPremadeAccounts, authStateDir, E2E_PASSWORD } from "./auth-state";

type AuthContext = Awaited<ReturnType<typeof getAuth>["$context"]>;

/** The browser's host: cookies belong to the address Playwright opens (playwright.config.ts). */
const COOKIE_DOMAIN = new URL(process.env.E2E_BASE_URL ?? "http://127.0.0.1").hostname;

/** A new session of `userId` as a Playwright storage state, its cookie as the server sets it. */
async function sessionState(auth: AuthContext, userId: string, isAdmin: boolean) {
  const session = await auth.internalAdapter.createSession(userId);
  const { name, attributes } = auth.authCookies.sessionToken;
  // better-call's signCookieValue: "token.signature" (HMAC-SHA256 with the auth secret), URL-encoded.
  const value = encodeURIComponent(
    `${session.token}.${await makeSignature(session.token, auth.secret)}`,
  );
  // An admin's cookie lasts as long as an admin session (accounts.server.ts signInWithPassword).
  const seconds = isAdmin
    ? Math.min(auth.sessionConfig.expiresIn, ADMIN_SESSION_HOURS * 60 * 60)
    : auth.sessionConfig.expiresIn;
  const sameSite = String(attributes.sameSite ?? "lax").toLowerCase();
  return {
    cookies: [
      {
        name,
        value,
        domain: COOKIE_DOMAIN,
        path: attributes.path ?? "/",
        expires: Math.floor(Date.now() / 1000) + seconds,
        httpOnly: attributes.httpOnly ?? true,
        secure: attributes.secure ?? false,
        sameSite: sameSite === "strict" ? "Strict" : sameSite === "none" ? "None" : "Lax",
      },
    ],
    origins: [],
  };
}

/**
 * Makes the account an agent (with their profile) and gives them a confirmed viewing that
 * started three days ago, with its code: one they can complete now (auth-state.ts).
 */
async function makeAgentWithPastViewing(userId: string, firstName: string) {
  await db.update(users).set({ role: "agent" }).where(eq(users.id, userId));
  await db.transaction(async (tx) => {
    await ensureAgentProfile(tx, userId);
    const [viewing] = await tx
      .insert(appointments)
      .values({
        fullName: `${firstName}'s Customer`,
        email: `customer-of-${userId.toLowerCase()}@example.com`,
        phone: "0803 555 0111",
        appointmentDate: addDays(lagosToday(), -3),
        appointmentTime: "10:00 AM",
        propertyType: "Apartment",
        propertyLocation: "Lekki, Lagos",
        purpose: "rent",
        status: "confirmed",
        agentId: userId,
        viewingCode: newViewingCode(),
      })
      .returning({ id: appointments.id });
    if (!viewing) throw new Error("no viewing");
    await tx.insert(appointmentEvents).values([
      { appointmentId: viewing.id, fromStatus: null, toStatus: "pending", note: "Booked" },
      { appointmentId: viewing.id, fromStatus: "pending", toStatus: "confirmed" },
    ]);
  });
}

async function writeState(file: string, state: unknown) {
  await fs.promises.writeFile(file, `${JSON.stringify(state, null, 2)}\n`);
}

async function main() {
  const env = getEnv();
  const started = performance.now();
  const stateDir = authStateDir(String(env.port));
  // Last run's files hold sessions of a database that is gone.
  fs.rmSync(stateDir, { recursive: true, force: true });
  fs.mkdirSync(stateDir, { recursive: true });

  await openDatabaseFromEnv(env);
  try {
    // What the server does at start with SEED_DEMO=1: the demo data and the two demo accounts
    // (only while there are no accounts, so before the pre-made ones).
    await seedDemoData({ onlyIfEmpty: true });
    const auth = await getAuth().$context;

    for (const [demo, file] of [
      [DEMO_USERS[0], "admin.json"],
      [DEMO_USERS[1], "customer.json"],
    ] as const) {
      const user = await findUserByEmail(demo.email);
      if (!user) throw new Error(`The seed did not create ${demo.email}`);
      const state = await sessionState(auth, user.id, user.role === "admin");
      await writeState(path.join(stateDir, file), state);
    }

    // One hash for all: every pre-made account has the same password.
    const hash = await auth.password.hash(E2E_PASSWORD);
    const premade = allPremadeAccounts(String(env.port));
    for (const account of premade) {
      // As better-auth's sign-up writes an account (api/routes/sign-up): the user, then its
      // e-mail/password credential.
      const user = await auth.internalAdapter.createUser(
        {
          email: account.email,
          name: `${account.firstName} ${account.lastName}`,
          firstName: account.firstName,
          lastName: account.lastName,
          emailVerified: false,
        },
        { method: "email-password" },
      );
      await auth.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        password: hash,
      });
      const isAdmin = account.role === "admin";
      if (isAdmin) {
        const promoted = await promoteToAdmin(user.id, { superAdmin: false });
        if (!promoted.ok) throw new Error(`Could not make ${account.email} an admin`);
      }
      if (account.role === "agent") await makeAgentWithPastViewing(user.id, account.firstName);
      await writeState(
        account.state,
        await sessionState(auth, user.id, isAdmin || account.role === "agent"),
      );
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[e2e] Seeded; ${premade.length + 2} accounts signed in (${stateDir}) in ${seconds} s`,
    );
  } finally {
    await closeDatabase();
  }
}

await main();
