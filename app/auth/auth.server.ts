import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { resolveAuthSecret } from "~/auth/auth-secret.server";
import { checkPassword, hashPassword } from "~/auth/passwords.server";
import { db } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema";
import { type Env, getEnv } from "~/env.server";
import { MIN_PASSWORD_LENGTH } from "~/lib/schemas/account";
import { logger } from "~/log/logger.server";
import {
  queuePasswordResetEmail,
  RESET_PASSWORD_TOKEN_MINUTES,
} from "~/mail/password-reset.server";
import { markEmailVerified } from "~/models/email-verification.server";

// better-auth does the password hashing (scrypt), the session tokens and the signed session
// cookie. Its HTTP handler is not mounted: our route actions call `getAuth().api.*` on the
// server and forward the Set-Cookie headers, so no sign-up or sign-in endpoint exists beside
// the rate-limited, honeypotted forms.

/** Customer sessions last 30 days and are renewed (once a day at most) while they are used. */
const SESSION_DAYS = 30;
const DAY_SECONDS = 24 * 60 * 60;

function createAuth(env: Env, secret: string) {
  return betterAuth({
    appName: "Naija Homes",
    baseURL: env.siteUrl,
    secret,
    // The `db` proxy, not a snapshot: tests swap the database under it.
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      // The user and its credential account are written together or not at all.
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // The library's own scrypt, through the one module every password goes through (the
      // admin writes that store one inside their transaction use it too).
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => checkPassword(hash, password),
      },
      // Sign-up leads to the sign-in page (the spec), it does not sign in by itself.
      autoSignIn: false,
      // --- Password reset e-mail: the mail module plugs in here. ---
      // The link goes to our /reset-password page (not the library's endpoint). The e-mail is
      // queued, not awaited: the answer must not take longer for a registered address.
      sendResetPassword: async ({ user, token }) => queuePasswordResetEmail({ user, token }),
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_MINUTES * 60,
      // A reset is often "someone else may know my password": sign out everywhere.
      revokeSessionsOnPasswordReset: true,
      // The reset link went to the account's inbox: that proves the address, so it counts as
      // confirmed and the bookings made with it before sign-up become the account's.
      // The password is already changed: a failure here is logged, not shown as a failed reset.
      onPasswordReset: async ({ user }) => {
        await markEmailVerified(user.id).catch((error: unknown) =>
          logger.error({ err: error }, "Could not mark the e-mail verified after a reset"),
        );
      },
      // --- end of the password reset hook ---
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "" },
        lastName: { type: "string", required: false, defaultValue: "" },
        phone: { type: "string", required: false },
        // Never from a form: only our own model code (create-admin, admin screens) sets these.
        role: { type: "string", required: false, defaultValue: "tenant", input: false },
        isSuperAdmin: { type: "boolean", required: false, defaultValue: false, input: false },
        status: { type: "string", required: false, defaultValue: "active", input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * DAY_SECONDS,
      updateAge: DAY_SECONDS,
    },
    advanced: {
      useSecureCookies: wantsSecureCookies(env),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        const log =
          level === "error" ? logger.error : level === "warn" ? logger.warn : logger.debug;
        log.call(logger, { args }, `auth: ${message}`);
      },
    },
  });
}

/**
 * Secure cookies whenever the site is served over HTTPS, and in production except on a
 * loopback address (`npm start` tried out on http://localhost, where some browsers refuse
 * Secure cookies).
 */
export function wantsSecureCookies(env: Pick<Env, "nodeEnv" | "siteUrl">) {
  const url = new URL(env.siteUrl);
  if (url.protocol === "https:") return true;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return env.nodeEnv === "production" && !loopback;
}

export type Auth = ReturnType<typeof createAuth>;

const AUTH_KEY = Symbol.for("naija-homes.auth");
type Built = { auth: Auth; signature: string; testSecret?: string };
type GlobalWithAuth = typeof globalThis & { [AUTH_KEY]?: Built };

/**
 * The one better-auth instance, created on first use (the database opens at start), and again
 * only if the settings it is made from change, which only tests do (resetEnvForTests): the same
 * rule as getMediaStorage().
 */
export function getAuth(): Auth {
  const store = globalThis as GlobalWithAuth;
  const env = getEnv();
  const signature = JSON.stringify([env.nodeEnv, env.siteUrl, env.authSecret, env.dataDir]);
  const built = store[AUTH_KEY];
  if (built?.signature === signature) return built.auth;
  // Tests sign nothing that outlives the run: no secret file written for them (one secret per
  // process, so a cookie signed before a rebuild still opens its session).
  const testSecret =
    env.nodeEnv === "test" && !env.authSecret
      ? (built?.testSecret ?? crypto.randomBytes(32).toString("hex"))
      : undefined;
  const auth = createAuth(env, testSecret ?? resolveAuthSecret(env));
  store[AUTH_KEY] = { auth, signature, testSecret };
  return auth;
}
