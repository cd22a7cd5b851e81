import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { signInWithPassword } from "~/auth/accounts.server";
import { resetPasswordWithToken } from "~/auth/password-reset.server";
import { getCurrentSession } from "~/auth/session.server";
import { db } from "~/db/client.server";
import {
  accounts,
  appointments,
  auditEvents,
  inquiries,
  mailOutbox,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { updateUserByAdmin } from "~/models/admin-users.server";
import { createSignedInUser, signInCookie, TEST_PASSWORD } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as editLoader, action as userAction } from "./user";
import { action as addAction, loader as addLoader } from "./user-new";
import { loader as listLoader } from "./users";

await setupTestDatabase();

// The super admin and a plain admin, both kept for the whole file.
const boss = await createSignedInAdmin("boss@example.com", {
  superAdmin: true,
  name: "Ngozi Boss",
});
const staff = await createSignedInAdmin("staff@example.com", { name: "Sola Staff" });
const STAFF_IDS = [boss.id, staff.id];

type List = Awaited<ReturnType<typeof listLoader>>;

function list(search = "", cookie = staff.cookie) {
  return callLoader<List>(listLoader, `/admin/users${search}`, { cookie });
}

function add(form: Record<string, string>, cookie = staff.cookie) {
  return callAction<FormFailure>(addAction, "/admin/users/new", {
    cookie,
    form: { intent: "create", ...form },
  });
}

function edit(id: string, form: Record<string, string>, cookie = staff.cookie) {
  return callAction<FormFailure>(editAction, `/admin/users/${id}`, {
    cookie,
    form,
    params: { id },
  });
}

/** The account's action; its edit form posts the version the page gave it. */
const editAction = postingOpenedVersion(userAction, ["update"], (_form, cookie, params) =>
  openedVersion<{ user: { version: string } }>(
    editLoader,
    `/admin/users/${params.id}`,
    { cookie, params },
    (body) => body.user.version,
  ).catch(() => undefined),
);

const NEW_USER = {
  email: "Tunde@Example.com",
  firstName: "Tunde",
  lastName: "Bakare",
  phone: "",
  role: "tenant",
};
const EDIT = {
  intent: "update",
  firstName: "Ada",
  lastName: "Obi",
  phone: "",
  role: "tenant",
  status: "active",
};

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

/** The latest audit row of `action` about `entityId` (the log is append-only: never emptied). */
async function latestAudit(action: string, entityId: string) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
  return rows.at(-1);
}

async function userByEmail(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

async function book(email: string, fullName: string, userId: string | null = null) {
  await db.insert(appointments).values({
    fullName,
    email,
    phone: "08030000000",
    appointmentDate: "2030-03-04",
    appointmentTime: "10:00 AM",
    userId,
  });
}

beforeEach(async () => {
  await settleBackgroundMail();
  await db.delete(appointments);
  await db.delete(inquiries);
  await db.delete(mailOutbox);
  const everyone = await db.select({ id: users.id }).from(users);
  for (const { id } of everyone) {
    if (!STAFF_IDS.includes(id)) await db.delete(users).where(eq(users.id, id));
  }
  await db.update(users).set({ role: "admin", status: "active" }).where(eq(users.id, staff.id));
});

describe("the list", () => {
  it("shows accounts and, once each, the people who booked or wrote without one", async () => {
    const customer = await createSignedInUser("ada@example.com", "Ada Obi");
    await book("ada@example.com", "Ada Obi", customer.id);
    // Signed out, with the account's address: still the account, not a guest.
    await book("ADA@example.com", "Ada O.");
    await book("musa@example.com", "Musa  Ibrahim Bello");
    await db.insert(inquiries).values({
      source: "contact",
      email: "Musa@example.com",
      name: "Musa Bello",
      description: "Hello",
      createdAt: new Date(Date.now() + 60_000),
    });
    await db
      .insert(inquiries)
      .values({ source: "service", email: "kemi@example.com", description: "Hi" });

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    const guests = all.body.rows.filter((row) => row.kind === "guest");
    expect(guests.map((g) => g.email).sort()).toEqual(["kemi@example.com", "musa@example.com"]);
    // The latest name given, split into first and last.
    expect(guests.find((g) => g.email === "musa@example.com")).toMatchObject({
      id: "guest:musa@example.com",
      firstName: "Musa",
      lastName: "Bello",
      status: null,
    });
    expect(guests.find((g) => g.email === "kemi@example.com")).toMatchObject({
      firstName: "",
      lastName: "",
    });
    const accountRows = all.body.rows.filter((row) => row.kind !== "guest");
    expect(accountRows.map((r) => r.email).sort()).toEqual([
      "ada@example.com",
      "boss@example.com",
      "staff@example.com",
    ]);
    expect(accountRows.find((r) => r.email === "boss@example.com")).toMatchObject({
      kind: "admin",
      isSuperAdmin: true,
      status: "active",
    });
  });

  it("searches e-mail, first and last name, and filters role and status in SQL", async () => {
    await createSignedInUser("ada@example.com", "Ada Obi");
    await book("musa@example.com", "Musa Bello");
    await book("chioma@example.com", "Chioma Eze");
    const emails = async (search: string) =>
      (await list(search)).body.rows.map((row) => row.email).sort();

    expect(await emails("?q=MUSA%40")).toEqual(["musa@example.com"]);
    expect(await emails("?q=bello")).toEqual(["musa@example.com"]);
    expect(await emails("?q=obi")).toEqual(["ada@example.com"]);
    expect(await emails("?q=chioma")).toEqual(["chioma@example.com"]);
    expect(await emails("?q=nobody-at-all")).toEqual([]);
    expect(await emails("?role=guest")).toEqual(["chioma@example.com", "musa@example.com"]);
    expect(await emails("?role=admin")).toEqual(["boss@example.com", "staff@example.com"]);
    expect(await emails("?status=active&role=tenant")).toEqual(["ada@example.com"]);
    expect(await emails("?status=inactive")).toEqual([]);
    // A percent sign is searched for, not a wildcard.
    expect(await emails("?q=%25")).toEqual([]);
  });

  it("pages and sorts by e-mail", async () => {
    for (let i = 0; i < 22; i++) await book(`guest${String(i).padStart(2, "0")}@example.com`, "G");
    const first = await list("?sort=email&dir=asc");
    expect(first.body.total).toBe(24);
    expect(first.body.rows).toHaveLength(20);
    expect(first.body.rows[0]?.email).toBe("boss@example.com");
    const second = await list("?sort=email&dir=asc&page=2");
    expect(second.body.rows.map((r) => r.email)).toEqual([
      "guest19@example.com",
      "guest20@example.com",
      "guest21@example.com",
      "staff@example.com",
    ]);
    // Past the last page: the last page.
    expect((await list("?page=99")).body.params.page).toBe(2);
  });
});

describe("add", () => {
  it("creates the account without a password and e-mails a link to choose one", async () => {
    const before = await auditCount();
    const answer = await add({
      ...NEW_USER,
      phone: "0803 111 2222",
      back: "/admin/users?role=tenant",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/users?role=tenant");
    expect(answer.cookies.join()).toContain("flash=userAdded");
    const created = await userByEmail("tunde@example.com");
    expect(created).toMatchObject({
      firstName: "Tunde",
      lastName: "Bakare",
      name: "Tunde Bakare",
      phone: "0803 111 2222",
      role: "tenant",
      status: "active",
      isSuperAdmin: false,
      emailVerified: false,
    });
    if (!created) throw new Error("not created");
    expect(await db.select().from(accounts).where(eq(accounts.userId, created.id))).toEqual([]);
    expect(await auditCount()).toBe(before + 1);

    await settleBackgroundMail();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "tunde@example.com"));
    expect(mail?.subject).toContain("account is ready");
    const token = /\/reset-password\?token=([^\s"&]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error("no link in the e-mail");
    // Nobody can sign in before the person chose a password; then they can.
    expect(
      (
        await signInWithPassword({
          email: "tunde@example.com",
          password: "chosen-pass-1",
          requestHeaders: new Headers(),
        })
      ).ok,
    ).toBe(false);
    expect((await resetPasswordWithToken(decodeURIComponent(token), "chosen-pass-1")).ok).toBe(
      true,
    );
    expect(
      (
        await signInWithPassword({
          email: "tunde@example.com",
          password: "chosen-pass-1",
          requestHeaders: new Headers(),
        })
      ).ok,
    ).toBe(true);
  });

  it("keeps what was typed and writes nothing for bad input, a known e-mail or a plain admin's admin", async () => {
    const before = await auditCount();
    const bad = await add({ ...NEW_USER, email: "not-an-email", firstName: " " });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      email: "Please enter a valid email address",
      firstName: "Please enter a first name",
    });
    expect(bad.body.values).toMatchObject({ email: "not-an-email", lastName: "Bakare" });

    const known = await add({ ...NEW_USER, email: "STAFF@example.com" });
    expect(known.status).toBe(400);
    expect(known.body.fields?.email).toBe("An account with this email already exists");

    const grant = await add({ ...NEW_USER, role: "admin" });
    expect(grant.status).toBe(403);
    expect(grant.body.fields?.role).toBe("Only a super admin can grant or remove the admin role.");

    expect(await userByEmail("tunde@example.com")).toBeUndefined();
    expect(await auditCount()).toBe(before);
    expect(await db.select().from(verifications)).toEqual([]);
    await settleBackgroundMail();
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("lets a super admin add an admin, who is not a super admin", async () => {
    const answer = await add({ ...NEW_USER, role: "admin" }, boss.cookie);
    expect(answer.status).toBe(302);
    expect(await userByEmail("tunde@example.com")).toMatchObject({
      role: "admin",
      isSuperAdmin: false,
    });
  });

  it("fills the form in from a guest's row and offers the admin role only to super admins", async () => {
    const staffForm = await callLoader<Awaited<ReturnType<typeof addLoader>>>(
      addLoader,
      "/admin/users/new?email=musa%40example.com&firstName=Musa",
      {
        cookie: staff.cookie,
      },
    );
    expect(staffForm.body).toEqual({
      prefill: { email: "musa@example.com", firstName: "Musa", lastName: "" },
      isSuperAdmin: false,
    });
  });
});

describe("edit", () => {
  it("saves names, phone and role; bad input is refused beside the field, typed input kept", async () => {
    const { id } = await createSignedInUser("ada@example.com", "Ada Obi");
    const bad = await edit(id, { ...EDIT, phone: "call me", role: "landlord" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      phone: "Please enter a valid phone number",
      role: "Please choose a role",
    });
    expect(bad.body.values).toMatchObject({ phone: "call me", role: "landlord" });
    expect(await userByEmail("ada@example.com")).toMatchObject({ role: "tenant", phone: null });

    const saved = await edit(id, {
      ...EDIT,
      firstName: "Adaeze",
      lastName: "Obi-Eze",
      phone: "+234 803 000 0000",
      role: "owner",
      back: "/admin/users?q=ada",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/users?q=ada");
    expect(saved.cookies.join()).toContain("flash=userUpdated");
    expect(await userByEmail("ada@example.com")).toMatchObject({
      firstName: "Adaeze",
      lastName: "Obi-Eze",
      name: "Adaeze Obi-Eze",
      phone: "+234 803 000 0000",
      role: "owner",
    });
    const logged = await latestAudit("user.update", id);
    expect(logged?.changes).toMatchObject({ role: { before: "tenant", after: "owner" } });
  });

  it("deactivating signs the person out everywhere at once; they cannot sign in until reactivated", async () => {
    const { id, cookie } = await createSignedInUser("ada@example.com", "Ada Obi");
    const second = await signInCookie("ada@example.com");
    const request = (c: string) =>
      new Request("http://localhost/dashboard", { headers: { cookie: c } });
    expect(await getCurrentSession(request(cookie))).not.toBeNull();

    expect((await edit(id, { ...EDIT, status: "inactive" })).status).toBe(302);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await getCurrentSession(request(cookie))).toBeNull();
    expect(await getCurrentSession(request(second))).toBeNull();
    const signIn = () =>
      signInWithPassword({
        email: "ada@example.com",
        password: TEST_PASSWORD,
        requestHeaders: new Headers(),
      });
    expect((await signIn()).ok).toBe(false);
    const logged = await latestAudit("user.update", id);
    expect(logged?.changes).toMatchObject({
      status: { before: "active", after: "inactive" },
      signedInSessions: { before: 2, after: 0 },
    });

    expect((await edit(id, { ...EDIT, status: "active" })).status).toBe(302);
    expect((await signIn()).ok).toBe(true);
  });

  it("lets only a super admin grant or remove the admin role or change an admin's status", async () => {
    const { id } = await createSignedInUser("ada@example.com", "Ada Obi");
    const before = await auditCount();
    const grant = await edit(id, { ...EDIT, role: "admin" });
    expect(grant.status).toBe(403);
    expect(grant.body.error?.message).toBe(
      "Only a super admin can grant or remove the admin role.",
    );
    const other = await createSignedInAdmin("other-admin@example.com");
    expect((await edit(other.id, { ...EDIT, role: "tenant" })).status).toBe(403);
    expect((await edit(other.id, { ...EDIT, role: "admin", status: "inactive" })).status).toBe(403);
    expect(await auditCount()).toBe(before);
    // A plain admin may still correct an admin's name.
    expect((await edit(other.id, { ...EDIT, firstName: "Femi", role: "admin" })).status).toBe(302);

    expect((await edit(id, { ...EDIT, role: "admin" }, boss.cookie)).status).toBe(302);
    expect(await userByEmail("ada@example.com")).toMatchObject({
      role: "admin",
      isSuperAdmin: false,
    });
    // Removing the role ends the admin's sessions.
    expect((await edit(other.id, { ...EDIT, role: "tenant" }, boss.cookie)).status).toBe(302);
    expect(await db.select().from(sessions).where(eq(sessions.userId, other.id))).toEqual([]);
  });

  it("never changes one's own role or status here, nor leaves no super admin", async () => {
    const own = await edit(boss.id, { ...EDIT, role: "tenant" }, boss.cookie);
    expect(own.status).toBe(403);
    expect(own.body.error?.message).toBe("You cannot change your own role or status here.");
    // The model refuses the last super admin whoever asks (here an actor the log knows but
    // the database does not hold as a super admin).
    const outsider = { ...staff.actor, isSuperAdmin: true } as typeof staff.actor;
    const demoted = await updateUserByAdmin(outsider, boss.id, {
      firstName: "Ngozi",
      lastName: "Boss",
      phone: "",
      role: "admin",
      status: "inactive",
    });
    expect(demoted).toEqual({ ok: false, reason: "last-super-admin" });
    expect(await userByEmail("boss@example.com")).toMatchObject({
      status: "active",
      isSuperAdmin: true,
    });
  });

  it("answers the admin 404 for an unknown id", async () => {
    const load = await callLoader(editLoader, "/admin/users/nobody", {
      cookie: staff.cookie,
      params: { id: "nobody" },
    });
    expect(load.status).toBe(404);
    expect((await edit("nobody", EDIT)).status).toBe(404);
    expect((await edit("guest:ada@example.com", EDIT)).status).toBe(404);
  });
});

describe("delete", () => {
  it("asks first, then deletes the account and keeps its bookings and inquiries, unlinked", async () => {
    const { id } = await createSignedInUser("ada@example.com", "Ada Obi");
    await book("ada@example.com", "Ada Obi", id);
    await db
      .insert(inquiries)
      .values({ source: "complaint", userId: id, email: "ada@example.com", description: "Leak" });

    const asked = await edit(id, { intent: "delete", back: "/admin/users?q=ada" });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm?.question).toBe("Are you absolutely sure?");
    expect(await userByEmail("ada@example.com")).toBeDefined();

    const done = await edit(id, { intent: "delete", confirmed: "yes", back: "/admin/users?q=ada" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/users?q=ada");
    expect(done.cookies.join()).toContain("flash=userDeleted");
    expect(await userByEmail("ada@example.com")).toBeUndefined();
    expect(await db.select({ userId: appointments.userId }).from(appointments)).toEqual([
      { userId: null },
    ]);
    expect(await db.select({ userId: inquiries.userId }).from(inquiries)).toEqual([
      { userId: null },
    ]);
    // The person is now listed as a guest.
    expect((await list("?role=guest")).body.rows.map((r) => r.email)).toEqual(["ada@example.com"]);
    const logged = await latestAudit("user.delete", id);
    expect(logged?.changes).toMatchObject({ email: { before: "ada@example.com", after: null } });
  });

  it("is refused for oneself and, for a plain admin, for admins", async () => {
    const other = await createSignedInAdmin("other-admin@example.com");
    const before = await auditCount();
    const self = await edit(staff.id, { intent: "delete", confirmed: "yes" });
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe(
      "You cannot delete your own account here: use Settings, Danger Zone.",
    );
    expect((await edit(other.id, { intent: "delete", confirmed: "yes" })).status).toBe(403);
    expect((await edit(boss.id, { intent: "delete", confirmed: "yes" })).status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect(await userByEmail("other-admin@example.com")).toBeDefined();
    // A super admin may delete another admin.
    expect((await edit(other.id, { intent: "delete", confirmed: "yes" }, boss.cookie)).status).toBe(
      302,
    );
    expect(await userByEmail("other-admin@example.com")).toBeUndefined();
    expect((await edit("nobody", { intent: "delete", confirmed: "yes" })).status).toBe(404);
  });
});
