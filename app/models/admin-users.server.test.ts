import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, inquiries, sessions, users } from "~/db/schema";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { listPeopleForAdmin, updateUserByAdmin } from "./admin-users.server";

await setupTestDatabase();

const boss = await createSignedInAdmin("boss@example.com", {
  superAdmin: true,
  name: "Boss Admin",
});
const plain = await createSignedInAdmin("plain@example.com", { name: "Plain Admin" });
const LIST = { direction: "desc" as const, page: 1, pageSize: 50 };

describe("the people list", () => {
  it("lists accounts and, once each, the guests who booked or wrote without one", async () => {
    await createSignedInUser("ada@example.com", "Ada Obi");
    await db.insert(appointments).values([
      {
        fullName: "Guest Gbenga",
        email: "gbenga@example.com",
        phone: "0803",
        appointmentDate: "2030-01-02",
        appointmentTime: "10:00 AM",
      },
      // An account's e-mail in any case is not a guest.
      {
        fullName: "Ada",
        email: "ADA@example.com",
        phone: "0803",
        appointmentDate: "2030-01-02",
        appointmentTime: "10:00 AM",
      },
    ]);
    await db.insert(inquiries).values({
      source: "contact",
      email: "GBENGA@example.com",
      name: "Gbenga",
      description: "Hi",
    });
    const { rows } = await listPeopleForAdmin(boss.actor, {}, LIST);
    const guests = rows.filter((r) => r.kind === "guest");
    expect(guests.map((g) => g.email.toLowerCase())).toEqual(["gbenga@example.com"]);
    expect(
      rows
        .filter((r) => r.kind === "account")
        .map((r) => r.email)
        .sort(),
    ).toEqual(["ada@example.com", "boss@example.com", "plain@example.com"]);
    expect(
      (await listPeopleForAdmin(boss.actor, { q: "OBI" }, LIST)).rows.map((r) => r.email),
    ).toEqual(["ada@example.com"]);
    expect((await listPeopleForAdmin(boss.actor, { kind: "guest" }, LIST)).total).toBe(1);
    expect((await listPeopleForAdmin(boss.actor, { role: "admin" }, LIST)).total).toBe(2);
  });
});

describe("editing an account", () => {
  it("deactivating signs the person out everywhere at once", async () => {
    const user = await createSignedInUser("kemi@example.com", "Kemi Ade");
    const result = await updateUserByAdmin(plain.actor, user.id, {
      firstName: "Kemi",
      lastName: "Adeyemi",
      phone: "08031234567",
      role: "owner",
      status: "inactive",
    });
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "Kemi Adeyemi", role: "owner", status: "inactive" });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("only a super admin grants the admin role; the last super admin stays; nobody demotes themselves", async () => {
    const user = await createSignedInUser("tunde@example.com", "Tunde A");
    const edit = {
      firstName: "Tunde",
      lastName: "A",
      phone: null,
      role: "admin" as const,
      status: "active" as const,
    };
    expect(await updateUserByAdmin(plain.actor, user.id, edit)).toEqual({
      ok: false,
      reason: "admin-role-needs-super-admin",
    });
    expect((await updateUserByAdmin(boss.actor, user.id, edit)).ok).toBe(true);
    expect(await updateUserByAdmin(boss.actor, boss.id, { ...edit, role: "tenant" })).toEqual({
      ok: false,
      reason: "self",
    });
    expect(await updateUserByAdmin(plain.actor, plain.id, { ...edit, status: "inactive" })).toEqual(
      { ok: false, reason: "self" },
    );
    await db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, plain.id));
    const plainAsSuper = { ...plain.actor, isSuperAdmin: true } as typeof plain.actor;
    // With a second super admin, the first may be demoted by the other.
    expect((await updateUserByAdmin(plainAsSuper, boss.id, { ...edit, role: "owner" })).ok).toBe(
      true,
    );
    // Now plain is the last one: nobody can demote them (even a super admin).
    expect(await updateUserByAdmin(boss.actor, plain.id, { ...edit, role: "owner" })).toEqual({
      ok: false,
      reason: "last-super-admin",
    });
  });
});
