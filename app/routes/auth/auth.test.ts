import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/auth/accounts.server";
import { ADMIN_SESSION_HOURS } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { mailOutbox, sessions, users } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { settleBackgroundMail } from "~/mail/mail.server";
import { cookieHeader } from "../../../tests/setup/accounts";
import { type Answer, callAction, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as adminLayoutLoader, middleware as adminMiddleware } from "../admin/layout";
import { middleware as dashboardMiddleware } from "../dashboard/layout";
import { action as adminLoginAction } from "./admin-login";
import { action as signInAction } from "./signin";
import { action as signOutAction } from "./signout";
import { action as signUpAction } from "./signup";

await setupTestDatabase();

async function runMiddleware(
  // biome-ignore lint/suspicious/noExplicitAny: the guards read the request and the context.
  middleware: ReadonlyArray<(...args: any[]) => unknown>,
  request: Request,
): Promise<Response | "passed"> {
  try {
    for (const fn of middleware) {
      await fn(routeArgs(request), async () => new Response());
    }
    return "passed";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function signUp(email: string, password = "secret1") {
  return callAction(signUpAction, "/signup", {
    form: {
      firstName: "Ada",
      lastName: "Obi",
      email,
      password,
      confirmPassword: password,
    },
  });
}

async function signIn(email: string, password = "secret1", redirectTo = "") {
  return callAction(signInAction, "/signin", { form: { email, password, redirectTo } });
}

const ADMIN_PASSWORD = "admin123";

async function addAdmin(email: string, superAdmin = false) {
  return createOrPromoteAdmin({ email, password: ADMIN_PASSWORD, superAdmin });
}

async function adminLogIn(email: string, password = ADMIN_PASSWORD) {
  return callAction(adminLoginAction, "/admin/login", {
    form: { email, password, redirectTo: "" },
  });
}

/** The session rows of the account with this e-mail (which must exist). */
async function sessionsOf(email: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account ${email}`);
  return db.select().from(sessions).where(eq(sessions.userId, user.id));
}

describe("sign up", () => {
  it("stores the account with its names and sends the visitor to /signin", async () => {
    const result = await signUp("Ada@Example.com");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/signin");
    expect(result.cookies.join()).toContain("flash=accountCreated");
    const [row] = await db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(row).toMatchObject({
      firstName: "Ada",
      lastName: "Obi",
      name: "Ada Obi",
      role: "tenant",
    });
    // No session: sign-up does not sign in.
    expect(await sessionsOf("ada@example.com")).toEqual([]);
  });

  it("answers a registered e-mail like a new one, and tells its owner by e-mail", async () => {
    await signUp("twice@example.com");
    await settleBackgroundMail();
    const again = await signUp("twice@example.com", "another1");
    expect(again.status).toBe(302);
    expect(again.location).toBe("/signin");
    expect(again.cookies.join()).toContain("flash=accountCreated");
    expect(await db.select().from(users).where(eq(users.email, "twice@example.com"))).toHaveLength(
      1,
    );
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "twice@example.com"));
    expect(mail.map((m) => m.subject)).toEqual([
      "Someone tried to sign up with your address at NaijaHomes Realty",
    ]);
    expect(mail[0]?.text).toContain("no new one was made");
    expect(mail[0]?.text).toContain("/forgot-password");
    // The account keeps its own password.
    expect((await signIn("twice@example.com", "secret1")).location).toBe("/dashboard");
  });

  it("mails the owner of a taken address at most three times a day", async () => {
    await signUp("often@example.com");
    for (let i = 0; i < 5; i++) await signUp("often@example.com");
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "often@example.com"));
    expect(mail).toHaveLength(3);
  });

  it("gives the spec's messages and keeps the values, never the password", async () => {
    const missing = await callAction(signUpAction, "/signup", {
      form: {
        firstName: "A",
        lastName: "",
        email: "a@b.ng",
        password: "",
        confirmPassword: "",
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { message: "Please fill in all fields" },
      values: { firstName: "A", email: "a@b.ng" },
    });
    expect((missing.body as { values: object }).values).not.toHaveProperty("password");
    const short = await callAction(signUpAction, "/signup", {
      form: {
        firstName: "A",
        lastName: "B",
        email: "a@b.ng",
        password: "12345",
        confirmPassword: "12345",
      },
    });
    expect(short.body).toMatchObject({
      error: { message: "Password must be at least 6 characters long" },
    });
    const mismatch = await callAction(signUpAction, "/signup", {
      form: {
        firstName: "A",
        lastName: "B",
        email: "a@b.ng",
        password: "123456",
        confirmPassword: "1234567",
      },
    });
    expect(mismatch.body).toMatchObject({ fields: { confirmPassword: "Passwords do not match" } });
    expect(await db.select().from(users).where(eq(users.email, "a@b.ng"))).toEqual([]);
  });
});

describe("sign in", () => {
  it("creates a session and goes to /dashboard, or a same-site redirectTo only", async () => {
    await signUp("signin@example.com");
    const result = await signIn("signin@example.com");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard");
    expect(result.cookies.join()).toContain("session_token");
    expect(await sessionsOf("signin@example.com")).toHaveLength(1);

    expect((await signIn("signin@example.com", "secret1", "/property/1?x=2")).location).toBe(
      "/property/1?x=2",
    );
    expect((await signIn("signin@example.com", "secret1", "//evil.example")).location).toBe(
      "/dashboard",
    );
    expect((await signIn("signin@example.com", "secret1", "https://evil.example/")).location).toBe(
      "/dashboard",
    );
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    await signUp("wrong@example.com");
    for (const attempt of [signIn("wrong@example.com", "nope123"), signIn("nobody@example.com")]) {
      const result = await attempt;
      expect(result.status).toBe(401);
      expect(result.body).toMatchObject({
        error: { title: "Authentication Error", message: "Invalid email or password" },
      });
    }
    const empty = await signIn("", "");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: { message: "Please enter both email and password" },
    });
  });

  it("refuses an inactive account without creating a session", async () => {
    await signUp("inactive@example.com");
    await db
      .update(users)
      .set({ status: "inactive" })
      .where(eq(users.email, "inactive@example.com"));
    // A wrong password never reveals the account's state...
    const wrong = await signIn("inactive@example.com", "not-it-1");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { message: "Invalid email or password" } });
    // ...the right one is told why it cannot sign in.
    const result = await signIn("inactive@example.com");
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({
      error: {
        title: "Account deactivated",
        message: "This account has been deactivated. Please contact us to have it reactivated.",
      },
    });
    expect(result.cookies).toEqual([]);
    expect(await sessionsOf("inactive@example.com")).toEqual([]);
  });

  it("signs out with a POST and deletes the session row", async () => {
    await signUp("out@example.com");
    const cookie = cookieHeader((await signIn("out@example.com")).cookies);
    const out = await callAction(signOutAction, "/signout", { cookie, form: {} });
    expect(out.location).toBe("/");
    expect(out.cookies.join()).toContain("flash=signedOut");
    expect(await sessionsOf("out@example.com")).toEqual([]);
  });
});

describe("abuse protection", () => {
  it("answers 429 with the message after too many sign-in attempts from one client", async () => {
    await signUp("flood@example.com");
    let last: Answer | undefined;
    for (let i = 0; i < 11; i++) {
      last = await callAction(signInAction, "/signin", {
        form: { email: "flood@example.com", password: "wrong99" },
        ip: "192.0.2.7",
      });
    }
    expect(last?.status).toBe(429);
    expect(last?.body).toMatchObject({
      error: { message: "Too many attempts. Please wait a few minutes and try again." },
    });
  });

  it("caps sign-in attempts per address whatever the e-mail (password spraying)", async () => {
    const spray = (i: number, address: string) =>
      callAction(signInAction, "/signin", {
        form: { email: `victim-${i}@example.com`, password: "" },
        ip: address,
      });
    // No password: nothing to hash, but every attempt counts.
    for (let i = 0; i < 50; i++) expect((await spray(i, "198.51.100.9")).status).toBe(400);
    const refused = await spray(50, "198.51.100.9");
    expect(refused.status).toBe(429);
    // Another address is not affected.
    expect((await spray(51, "198.51.100.10")).status).toBe(400);
  });

  it("counts an IPv6 client by its /64: a new address in it does not start over", async () => {
    const attempt = (address: string) =>
      callAction(signInAction, "/signin", {
        form: { email: "six@example.com", password: "" },
        ip: address,
      });
    for (let i = 1; i <= 10; i++) {
      expect((await attempt(`2001:db8:7:7::${i.toString(16)}`)).status).toBe(400);
    }
    expect((await attempt("2001:db8:7:7:ffff:1:2:3")).status).toBe(429);
    expect((await attempt("2001:db8:7:8::1")).status).toBe(400);
  });

  it("stores nothing when the honeypot is filled, but answers like a success", async () => {
    const result = await callAction(signUpAction, "/signup", {
      form: {
        firstName: "Bot",
        lastName: "Bot",
        email: "bot@example.com",
        password: "secret1",
        confirmPassword: "secret1",
        [HONEYPOT_FIELD]: "https://spam.example",
      },
    });
    expect(result.location).toBe("/signin");
    expect(await db.select().from(users).where(eq(users.email, "bot@example.com"))).toEqual([]);
  });
});

describe("admin login", () => {
  it("signs in an admin and refuses a customer's correct password without a session", async () => {
    await addAdmin("boss@example.com", true);
    const ok = await adminLogIn("boss@example.com");
    expect(ok.location).toBe("/admin/dashboard");

    await signUp("customer@example.com");
    const refused = await adminLogIn("customer@example.com", "secret1");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: { title: "Authentication Error", message: "Invalid email or password" },
    });
    expect(await sessionsOf("customer@example.com")).toEqual([]);
  });

  it("gives the admin a cookie that lasts as long as the 24-hour session", async () => {
    await addAdmin("day@example.com");
    const ok = await adminLogIn("day@example.com");
    const session = ok.cookies.find((c) => c.includes("session_token="));
    expect(session).toContain(`Max-Age=${ADMIN_SESSION_HOURS * 60 * 60}`);
    const expires = Date.parse(/Expires=([^;]+)/.exec(session ?? "")?.[1] ?? "");
    expect(expires - Date.now()).toBeLessThanOrEqual(ADMIN_SESSION_HOURS * 3600 * 1000 + 5000);
    // A customer's cookie keeps the 30 days.
    await signUp("month@example.com");
    const customer = await signIn("month@example.com");
    expect(customer.cookies.find((c) => c.includes("session_token="))).toContain(
      `Max-Age=${30 * 24 * 60 * 60}`,
    );
  });

  it("refuses an admin account at /signin like a wrong password, without a session", async () => {
    await addAdmin("chief@example.com", true);
    const refused = await signIn("chief@example.com", "admin123");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      error: { title: "Authentication Error", message: "Invalid email or password" },
    });
    expect(await sessionsOf("chief@example.com")).toEqual([]);
  });
  it("tells a deactivated admin so after the correct password, never after a wrong one", async () => {
    await addAdmin("off@example.com");
    await db.update(users).set({ status: "inactive" }).where(eq(users.email, "off@example.com"));
    const login = (password: string) => adminLogIn("off@example.com", password);
    const wrong = await login("admin999");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { message: "Invalid email or password" } });
    const right = await login("admin123");
    expect(right.status).toBe(401);
    expect(right.body).toMatchObject({
      error: {
        title: "Account deactivated",
        message: "This account has been deactivated. Please contact us to have it reactivated.",
      },
    });
    // The customer sign-in still answers an admin account like a wrong password.
    expect((await signIn("off@example.com", "admin123")).body).toMatchObject({
      error: { message: "Invalid email or password" },
    });
    expect(await sessionsOf("off@example.com")).toEqual([]);
  });

  it("answers a deactivated customer's correct password at /admin/login like any customer", async () => {
    await signUp("gone@example.com");
    await db.update(users).set({ status: "inactive" }).where(eq(users.email, "gone@example.com"));
    const refused = await adminLogIn("gone@example.com", "secret1");
    expect(refused.body).toMatchObject({ error: { message: "Invalid email or password" } });
  });
});

describe("guards", () => {
  it("sends an anonymous visitor to /signin remembering the page", async () => {
    const result = await runMiddleware(
      dashboardMiddleware,
      new Request("http://localhost/dashboard/properties?tab=1"),
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("Location")).toBe(
      `/signin?redirectTo=${encodeURIComponent("/dashboard/properties?tab=1")}`,
    );
  });

  it("lets a customer into /dashboard but sends them from /admin to /admin/login", async () => {
    await signUp("guarded@example.com");
    const cookie = cookieHeader((await signIn("guarded@example.com")).cookies);
    const dashboard = new Request("http://localhost/dashboard", { headers: { cookie } });
    expect(await runMiddleware(dashboardMiddleware, dashboard)).toBe("passed");
    const admin = await runMiddleware(
      adminMiddleware,
      new Request("http://localhost/admin/dashboard", { headers: { cookie } }),
    );
    expect((admin as Response).headers.get("Location")).toBe(
      `/admin/login?redirectTo=${encodeURIComponent("/admin/dashboard")}`,
    );
  });

  it("ends an admin session older than ADMIN_SESSION_HOURS", async () => {
    await addAdmin("old@example.com");
    const login = await adminLogIn("old@example.com");
    const cookie = cookieHeader(login.cookies);
    const fresh = new Request("http://localhost/admin/dashboard", { headers: { cookie } });
    expect(await runMiddleware(adminMiddleware, fresh)).toBe("passed");
    const data = (await adminLayoutLoader(routeArgs(fresh))) as {
      data: { admin: { email: string } };
    };
    expect(data.data.admin.email).toBe("old@example.com");

    const [admin] = await db.select().from(users).where(eq(users.email, "old@example.com"));
    const signedInAt = new Date(Date.now() - (ADMIN_SESSION_HOURS * 60 + 1) * 60_000);
    await db
      .update(sessions)
      .set({ createdAt: signedInAt })
      .where(eq(sessions.userId, admin?.id ?? ""));
    // Not on the customer pages either: the old session is ended wherever it is used.
    const customerPage = new Request("http://localhost/dashboard", { headers: { cookie } });
    const onDashboard = await runMiddleware(dashboardMiddleware, customerPage);
    expect((onDashboard as Response).headers.get("Location")).toContain("/signin");
    const stale = new Request("http://localhost/admin/dashboard", { headers: { cookie } });
    const result = await runMiddleware(adminMiddleware, stale);
    expect((result as Response).headers.get("Location")).toContain("/admin/login");
    expect(await sessionsOf("old@example.com")).toEqual([]);
  });
});
