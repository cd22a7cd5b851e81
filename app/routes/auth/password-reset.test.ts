import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { registerAccount } from "~/auth/accounts.server";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import { mailOutbox, rateLimits, sessions, users, verifications } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { PASSWORD_RESET_MESSAGES } from "~/lib/schemas/account";
import { settleBackgroundMail } from "~/mail/mail.server";
import { RESET_PASSWORD_TOKEN_MINUTES } from "~/mail/password-reset.server";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as forgotAction } from "./forgot-password";
import { action as resetAction, loader as resetLoader } from "./reset-password";

await setupTestDatabase();

const OLD_PASSWORD = "oldsecret1";
const NEW_PASSWORD = "newsecret2";

/** One client address for every call: the per-address limits are part of what is tested. */
const CLIENT_IP = "203.0.113.7";

async function requestReset(email: string, extra: Record<string, string> = {}) {
  const result = await callAction(forgotAction, "/forgot-password", {
    form: { email, ...extra },
    ip: CLIENT_IP,
  });
  await settleBackgroundMail();
  return result;
}

function mailsTo(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

/** The token of the newest reset e-mail to `email`, read from its link. */
async function tokenFromOutbox(email: string) {
  const rows = await mailsTo(email);
  const last = rows.at(-1);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(last?.text ?? "");
  if (!match?.[1]) throw new Error(`no reset link in the outbox for ${email}`);
  return match[1];
}

function reset(token: string, password = NEW_PASSWORD, confirmPassword = password) {
  return callAction(resetAction, `/reset-password?token=${encodeURIComponent(token)}`, {
    form: {
      token,
      password,
      confirmPassword,
    },
    ip: CLIENT_IP,
  });
}

async function canSignIn(email: string, password: string) {
  try {
    await getAuth().api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}

let counter = 0;
async function newAccount() {
  counter += 1;
  const email = `reset${counter}@example.com`;
  const created = await registerAccount({
    firstName: "Chidi",
    lastName: "Okeke",
    email,
    password: OLD_PASSWORD,
  });
  if (!created.ok) throw new Error("could not create the test account");
  return { email, userId: created.userId };
}

beforeEach(async () => {
  await db.delete(rateLimits);
});

describe("/forgot-password", () => {
  it("e-mails a registered account exactly one link to our reset page", async () => {
    const { email } = await newAccount();
    const result = await requestReset(email);

    expect(result.status).toBe(200);
    expect(result.body).toEqual({ ok: true });
    const rows = await mailsTo(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.transport).toBe("outbox");
    expect(rows[0]?.subject).toBe("Reset your NaijaHomes Realty password");
    expect(rows[0]?.text).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=[A-Za-z0-9]+/);
    expect(rows[0]?.text).toContain("Hello Chidi,");
    expect(rows[0]?.html).toContain("/reset-password?token=");
    // Not the library's own endpoint.
    expect(rows[0]?.text).not.toContain("/api/auth");
  });

  it("answers an unknown e-mail exactly as a registered one, and sends nothing", async () => {
    const { email } = await newAccount();
    const known = await requestReset(email);
    const unknown = await requestReset("nobody@example.com");

    expect(unknown).toEqual(known);
    expect(await mailsTo("nobody@example.com")).toHaveLength(0);
    expect(PASSWORD_RESET_MESSAGES.requested).toBe(
      "If an account exists for that e-mail, we have sent a link to reset your password.",
    );
  });

  it("sends nothing when the honeypot is filled in, but answers the same", async () => {
    const { email } = await newAccount();
    const result = await requestReset(email, { [HONEYPOT_FIELD]: "http://spam.example" });
    expect(result.body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("refuses a malformed e-mail with 400 and keeps what was typed", async () => {
    const result = await requestReset("not-an-email");
    expect(result.status).toBe(400);
    expect(result.body).toEqual({
      ok: false,
      fields: { email: "Please enter a valid email address" },
      values: { email: "not-an-email" },
    });
  });

  it("answers 429 after too many requests for one e-mail from one address", async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 5; i++) expect((await requestReset(email)).status).toBe(200);
    const refused = await requestReset(email);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: { message: "Too many attempts. Please wait a few minutes and try again." },
    });
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it("issues a token that lives 30 minutes", async () => {
    const { email, userId } = await newAccount();
    const before = Date.now();
    await requestReset(email);
    const [row] = await db.select().from(verifications).where(eq(verifications.value, userId));
    const lifetimeMs = (row?.expiresAt.getTime() ?? 0) - before;
    expect(RESET_PASSWORD_TOKEN_MINUTES).toBe(30);
    expect(lifetimeMs).toBeGreaterThan(29 * 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
  });
});

describe("/reset-password", () => {
  it("sets the new password: the new one signs in, the old one no longer does", async () => {
    const { email } = await newAccount();
    await requestReset(email);
    const token = await tokenFromOutbox(email);

    const page = await callLoader(resetLoader, `/reset-password?token=${token}`, { ip: CLIENT_IP });
    expect(page.body).toEqual({ token, usable: true });

    const result = await reset(token);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/signin");
    expect(result.cookies.join()).toContain("flash=passwordReset");

    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(email, OLD_PASSWORD)).toBe(false);
  });

  it("ends every other session of the account", async () => {
    const { email, userId } = await newAccount();
    await getAuth().api.signInEmail({ body: { email, password: OLD_PASSWORD } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);

    await requestReset(email);
    await reset(await tokenFromOutbox(email));
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("refuses a token the second time", async () => {
    const { email } = await newAccount();
    await requestReset(email);
    const token = await tokenFromOutbox(email);
    expect((await reset(token)).status).toBe(302);

    const again = await reset(token, "thirdsecret3");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ ok: false, reason: "invalid-link" });
    expect(await canSignIn(email, "thirdsecret3")).toBe(false);
    expect(await canSignIn(email, NEW_PASSWORD)).toBe(true);

    const page = await callLoader(resetLoader, `/reset-password?token=${token}`, { ip: CLIENT_IP });
    expect(page.body).toEqual({ token, usable: false });
  });

  it("refuses an expired token", async () => {
    const { email, userId } = await newAccount();
    await requestReset(email);
    const token = await tokenFromOutbox(email);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, userId));

    const page = await callLoader(resetLoader, `/reset-password?token=${token}`, { ip: CLIENT_IP });
    expect(page.body).toEqual({ token, usable: false });
    const result = await reset(token);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ ok: false, reason: "invalid-link" });
    expect(await canSignIn(email, OLD_PASSWORD)).toBe(true);
  });

  it("refuses an unknown or missing token", async () => {
    const page = await callLoader(resetLoader, "/reset-password", { ip: CLIENT_IP });
    expect(page.body).toEqual({ token: "", usable: false });
    expect((await reset("made-up-token")).body).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("checks the new password before spending the token", async () => {
    const { email } = await newAccount();
    await requestReset(email);
    const token = await tokenFromOutbox(email);

    const mismatch = await reset(token, NEW_PASSWORD, "different1");
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({
      ok: false,
      fields: { confirmPassword: "Passwords do not match" },
    });

    const short = await reset(token, "abc");
    expect(short.status).toBe(400);
    expect(short.body).toEqual({
      ok: false,
      fields: { password: "Password must be at least 6 characters long" },
    });

    // The token still works after the refused attempts.
    expect((await reset(token)).status).toBe(302);
  });

  it("sends no e-mail for a deactivated account", async () => {
    const { email, userId } = await newAccount();
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, userId));
    const result = await requestReset(email);
    expect(result.body).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(0);
  });
});
