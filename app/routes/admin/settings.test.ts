import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/auth/accounts.server";
import { getCurrentSession } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { appointments, auditEvents, mailOutbox, sessions, userSettings, users } from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { removeAdminAccount } from "~/models/admin-settings.server";
import { notifyAppointment } from "~/models/notification.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import { createSignedInUser, signInCookie, TEST_PASSWORD } from "../../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./settings";

await setupTestDatabase();

type Page = Awaited<ReturnType<typeof loader>>;

let boss: SignedInAdmin;
let staff: SignedInAdmin;
let counter = 0;

/** A fresh super admin and plain admin for each test (some tests delete or demote them). */
beforeEach(async () => {
  await settleBackgroundMail();
  await db.delete(users);
  await db.delete(mailOutbox);
  counter += 1;
  boss = await createSignedInAdmin(`boss${counter}@example.com`, {
    superAdmin: true,
    name: "Ngozi Boss",
  });
  staff = await createSignedInAdmin(`staff${counter}@example.com`, { name: "Sola Staff" });
});

function page(search: string, cookie: string) {
  return callLoader<Page>(loader, `/admin/settings${search}`, { cookie });
}

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

async function userById(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

function signIn(email: string, password: string, adminOnly = false) {
  return signInWithPassword({ email, password, requestHeaders: new Headers(), adminOnly });
}

function sessionOf(cookie: string) {
  return getCurrentSession(new Request("http://localhost/admin", { headers: { cookie } }));
}

describe("the tabs", () => {
  it("shows the Admins tab and its list to super admins only", async () => {
    const plain = await page("?tab=admins", staff.cookie);
    expect(plain.body.tab).toBe("general");
    expect(plain.body.tabs.map((t) => t.id)).toEqual(["general", "security"]);
    expect(plain.body.admins).toEqual([]);

    const full = await page("?tab=admins&add=1", boss.cookie);
    expect(full.body.tab).toBe("admins");
    expect(full.body.adding).toBe(true);
    expect(full.body.admins.map((a) => [a.email, a.isSuperAdmin])).toEqual([
      [boss.email, true],
      [staff.email, false],
    ]);
    expect(full.body.lastSuperAdmin).toBe(true);
  });
});

describe("General: the notification switches", () => {
  it("are stored per admin, toast their state and are obeyed by the mail code", async () => {
    expect((await page("", staff.cookie)).body.settings).toEqual({
      notifications: true,
      emailNotifications: true,
    });
    const off = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "notification", setting: "emailNotifications" },
    });
    expect(off.status).toBe(302);
    expect(off.location).toBe("/admin/settings?tab=general");
    expect(off.cookies.join()).toContain("flash=emailNotificationsDisabled");
    expect((await page("", staff.cookie)).body.settings).toEqual({
      notifications: true,
      emailNotifications: false,
    });
    // The other admin's switches are theirs.
    expect((await page("", boss.cookie)).body.settings.emailNotifications).toBe(true);
    expect((await listAdminsForEmailNotifications()).map((a) => a.email)).toEqual([boss.email]);

    const on = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "notification", setting: "emailNotifications", enabled: "on" },
    });
    expect(on.cookies.join()).toContain("flash=emailNotificationsEnabled");
    const master = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { intent: "notification", setting: "notifications" },
    });
    expect(master.cookies.join()).toContain("flash=notificationsDisabled");
    expect((await listAdminsForEmailNotifications()).map((a) => a.email)).toEqual([staff.email]);

    // A new booking reaches only the admin whose switches are both on.
    const [booking] = await db
      .insert(appointments)
      .values({
        fullName: "Kemi Ade",
        email: "kemi@example.com",
        phone: "08030000000",
        appointmentDate: "2030-03-04",
        appointmentTime: "10:00 AM",
      })
      .returning({ id: appointments.id });
    // A notice only admins get: the customer moved the booking.
    await notifyAppointment(db, "appointment.rescheduled-by-customer", booking?.id ?? "");
    await settleBackgroundMail();
    expect((await db.select({ to: mailOutbox.to }).from(mailOutbox)).map((m) => m.to)).toEqual([
      staff.email,
    ]);
    const stored = await db.select().from(userSettings).where(eq(userSettings.userId, boss.id));
    expect(stored).toMatchObject([
      { notificationsEnabled: false, emailNotificationsEnabled: true },
    ]);
  });

  it("keeps e-mail notifications off while notifications are off, and refuses turning them on", async () => {
    const { GeneralPanel } = await import("~/components/admin/settings-panels");
    const { createElement } = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { createRoutesStub } = await import("react-router");
    /** The General tab as rendered for these stored switches: each switch's checked state. */
    const switches = (settings: { notifications: boolean; emailNotifications: boolean }) => {
      const Stub = createRoutesStub([
        // biome-ignore lint/correctness/noComponentHookFactories: one render per call, never re-rendered.
        { path: "/admin/settings", Component: () => createElement(GeneralPanel, { settings }) },
      ]);
      const html = renderToString(createElement(Stub, { initialEntries: ["/admin/settings"] }));
      return [...html.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map((m) => ({
        checked: / checked=""/.test(m[0]),
        disabled: / disabled=""/.test(m[0]),
      }));
    };
    // E-mail on but notifications off: the e-mail switch shows off, and locked.
    expect(switches({ notifications: false, emailNotifications: true })).toEqual([
      { checked: false, disabled: false },
      { checked: false, disabled: true },
    ]);
    expect(switches({ notifications: true, emailNotifications: true })).toEqual([
      { checked: true, disabled: false },
      { checked: true, disabled: false },
    ]);

    await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "notification", setting: "notifications" },
    });
    await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "notification", setting: "emailNotifications" },
    });
    const before = await auditCount();
    const refused = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "notification", setting: "emailNotifications", enabled: "on" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(
      "Off while Notifications are off: turn Notifications on first.",
    );
    expect(await auditCount()).toBe(before);
    expect((await page("", staff.cookie)).body.settings).toEqual({
      notifications: false,
      emailNotifications: false,
    });
  });

  it("refuses an unknown switch", async () => {
    const before = await auditCount();
    expect(
      (
        await callAction<FormFailure>(action, "/admin/settings", {
          cookie: staff.cookie,
          form: { intent: "notification", setting: "sms", enabled: "on" },
        })
      ).status,
    ).toBe(400);
    expect(await auditCount()).toBe(before);
  });
});

describe("Security: change password", () => {
  const change = {
    intent: "password",
    currentPassword: TEST_PASSWORD,
    newPassword: "new-secret-2",
    confirmPassword: "new-secret-2",
  };

  it("says the spec's words when the new passwords differ, and checks the current one", async () => {
    const mismatch = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { ...change, confirmPassword: "new-secret-3" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toEqual({
      title: "Passwords don't match",
      message: "Please ensure the new passwords match.",
    });
    expect(mismatch.body.fields?.confirmPassword).toBe("Please ensure the new passwords match.");
    // Passwords are never sent back.
    expect(mismatch.body.values).toBeUndefined();

    const wrong = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { ...change, currentPassword: "not-it" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.title).toBe("Failed to update password");
    expect(wrong.body.fields?.currentPassword).toBe("Your current password is incorrect");

    const short = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { ...change, newPassword: "abc", confirmPassword: "abc" },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields?.newPassword).toBe("Password must be at least 6 characters long");
    expect((await signIn(staff.email, TEST_PASSWORD)).ok).toBe(true);
  });

  it("stores the new password, signs out the other sessions and keeps this one", async () => {
    const elsewhere = await signInCookie(staff.email);
    const before = await auditCount();
    const done = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: change,
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/settings?tab=security");
    expect(done.cookies.join()).toContain("flash=adminPasswordUpdated");
    expect(await sessionOf(staff.cookie)).not.toBeNull();
    expect(await sessionOf(elsewhere)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, staff.id))).toHaveLength(1);
    expect((await signIn(staff.email, TEST_PASSWORD)).ok).toBe(false);
    expect((await signIn(staff.email, "new-secret-2")).ok).toBe(true);
    expect(await auditCount()).toBe(before + 1);
    const [logged] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "user.password"), eq(auditEvents.entityId, staff.id)));
    expect(logged?.changes.password).toEqual({ before: "[redacted]", after: "[redacted]" });
  });
});

describe("Danger Zone: delete own account", () => {
  it("needs the typed confirmation", async () => {
    const answer = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "delete-account", confirmation: "delete" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.confirmation).toBe("Please type DELETE to confirm.");
    expect(answer.body.values).toEqual({ confirmation: "delete" });
    expect(await userById(staff.id)).toBeDefined();
  });

  it("deletes the account, signs out and goes to the admin login", async () => {
    const done = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "delete-account", confirmation: "DELETE" },
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/login");
    expect(done.cookies.join()).toContain("flash=accountDeleted");
    expect(await userById(staff.id)).toBeUndefined();
    expect(await sessionOf(staff.cookie)).toBeNull();
  });

  it("is refused for the last super admin, allowed once there is another", async () => {
    const before = await auditCount();
    const refused = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { intent: "delete-account", confirmation: "DELETE" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain("last super admin");
    expect(await userById(boss.id)).toBeDefined();
    expect(await auditCount()).toBe(before);

    await db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, staff.id));
    expect(
      (
        await callAction<FormFailure>(action, "/admin/settings", {
          cookie: boss.cookie,
          form: { intent: "delete-account", confirmation: "DELETE" },
        })
      ).status,
    ).toBe(302);
    expect(await userById(boss.id)).toBeUndefined();
  });
});

describe("Admins (super admins only)", () => {
  const newAdmin = {
    intent: "add-admin",
    email: "Femi@Example.com",
    password: "femi-secret-1",
    fullName: "Femi Kuti",
  };

  it("refuses a plain admin's add and remove: 403, nothing written", async () => {
    const other = await createSignedInAdmin("other@example.com");
    const before = await auditCount();
    const added = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: newAdmin,
    });
    expect(added.status).toBe(403);
    expect(added.body.error?.message).toBe("Only a super admin can add or remove admins.");
    const removed = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: staff.cookie,
      form: { intent: "remove-admin", userId: other.id, confirmed: "yes" },
    });
    expect(removed.status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect(await db.select().from(users).where(eq(users.email, "femi@example.com"))).toEqual([]);
    expect(await userById(other.id)).toMatchObject({ role: "admin" });
  });

  it("asks for both e-mail and password, keeps the typed e-mail and name, never the password", async () => {
    const missing = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { ...newAdmin, password: "" },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      title: "Missing information",
      message: "Please provide both email and password for the new admin user.",
    });
    expect(missing.body.values).toEqual({ email: "Femi@Example.com", fullName: "Femi Kuti" });
    expect(
      (
        await callAction<FormFailure>(action, "/admin/settings", {
          cookie: boss.cookie,
          form: { ...newAdmin, email: " " },
        })
      ).body.error?.title,
    ).toBe("Missing information");
    const bad = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { ...newAdmin, email: "femi" },
    });
    expect(bad.body.fields?.email).toBe("Please enter a valid email address");
    const known = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { ...newAdmin, email: staff.email },
    });
    expect(known.status).toBe(400);
    expect(known.body.fields?.email).toContain("already exists");
  });

  it("adds an admin who is not a super admin and can sign in at /admin/login", async () => {
    const done = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { ...newAdmin, fullName: "" },
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/settings?tab=admins");
    expect(done.cookies.join()).toContain("flash=adminUserAdded");
    const [created] = await db.select().from(users).where(eq(users.email, "femi@example.com"));
    expect(created).toMatchObject({
      role: "admin",
      isSuperAdmin: false,
      status: "active",
      name: "",
    });
    expect((await signIn("femi@example.com", "femi-secret-1", true)).ok).toBe(true);
    const [logged] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "user.add-admin"), eq(auditEvents.entityId, created?.id ?? "")),
      );
    expect(logged?.changes.password).toEqual({ before: null, after: "[redacted]" });
  });

  it("removes an admin after asking: the account stays, without the role, signed out", async () => {
    const asked = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { intent: "remove-admin", userId: staff.id },
    });
    expect(asked.status).toBe(200);
    expect(await userById(staff.id)).toMatchObject({ role: "admin" });

    const done = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: boss.cookie,
      form: { intent: "remove-admin", userId: staff.id, confirmed: "yes" },
    });
    expect(done.status).toBe(302);
    expect(done.cookies.join()).toContain("flash=adminUserRemoved");
    expect(await userById(staff.id)).toMatchObject({ role: "tenant", isSuperAdmin: false });
    expect(await sessionOf(staff.cookie)).toBeNull();
    expect((await signIn(staff.email, TEST_PASSWORD, true)).ok).toBe(false);
    expect((await signIn(staff.email, TEST_PASSWORD)).ok).toBe(true);
  });

  it("never removes oneself, a non-admin or the last super admin", async () => {
    const customer = await createSignedInUser("ada@example.com", "Ada Obi");
    const remove = (userId: string) =>
      callAction<FormFailure>(action, "/admin/settings", {
        cookie: boss.cookie,
        form: { intent: "remove-admin", userId, confirmed: "yes" },
      });
    expect((await remove(boss.id)).status).toBe(403);
    expect((await remove(customer.id)).status).toBe(404);
    expect((await remove("nobody")).status).toBe(404);
    // Whoever asks, the last active super admin stays.
    const outsider = { ...staff.actor, isSuperAdmin: true } as typeof staff.actor;
    expect(await removeAdminAccount(outsider, boss.id)).toEqual({
      ok: false,
      reason: "last-super-admin",
    });
    expect(await userById(boss.id)).toMatchObject({ role: "admin", isSuperAdmin: true });
  });
});
