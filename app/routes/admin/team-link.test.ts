import { and, asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { auditEvents, teamMembers, users } from "~/db/schema";
import type { EditConflict } from "~/lib/edit-conflict";
import { listAuditEvents } from "~/models/audit.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as propertyLoader } from "../public/property";
import { loader as publicTeamLoader } from "../public/team";
import * as list from "./team";
import * as edit from "./team-member";
import * as add from "./team-new";

// Issue 21, item 2: a team member linked to a staff account. The add and edit forms choose from
// the active staff accounts (agents, admins, super admins); the server refuses an unknown id, a
// customer's, a deactivated account and one another member has, writing nothing; the link is
// versioned and audited like the other fields, and the property page of that agent's listings
// shows the member.

await setupTestDatabase();

const LIST = "/admin/team";
const admin = await createSignedInAdmin("link-admin@example.com", { name: "Ada Admin" });
const boss = await createSignedInAdmin("link-boss@example.com", {
  superAdmin: true,
  name: "Bose Boss",
});
const agent = await createSignedInAgent("tunde@naijahomes.test", { name: "Tunde Bakare" });
const otherAgent = await createSignedInAgent("bisi@naijahomes.test", { name: "Bisi Ade" });
const gone = await createSignedInAgent("gone@naijahomes.test", { name: "Gone Agent" });
await db.update(users).set({ status: "inactive" }).where(eq(users.id, gone.id));
const tenant = await createSignedInUser("tenant@example.com", "Tola Tenant");
const owner = await createSignedInUser("owner@example.com", "Oni Owner");
await db.update(users).set({ role: "owner" }).where(eq(users.id, owner.id));

const MEMBER = { name: "Kemi Adeyemi", position: "Letting Agent", isActive: "on", back: LIST };

type StaffChoice = {
  id: string;
  name: string;
  email: string;
  linkedTo: { id: string; name: string } | null;
  inactive: boolean;
};
type FormOptions = { options?: { staffAccounts: StaffChoice[] } };

function addMember(fields: Record<string, string>, cookie = admin.cookie) {
  return callAction<FormFailure>(add.action, `${LIST}/new`, {
    cookie,
    form: { intent: "create", ...fields },
  });
}

function editMember(id: string, fields: Record<string, string>, cookie = admin.cookie) {
  return callAction<FormFailure>(edit.action, `${LIST}/${id}`, {
    cookie,
    form: { intent: "update", ...fields },
    params: { id },
  });
}

async function openEdit(id: string) {
  const loaded = await callLoader<
    { item: { version: string; userId: string | null } } & FormOptions
  >(edit.loader, `${LIST}/${id}`, { cookie: admin.cookie, params: { id } });
  expect(loaded.status).toBe(200);
  return loaded.body;
}

async function seedMember(name: string, userId: string | null = null) {
  const [row] = await db
    .insert(teamMembers)
    .values({ name, position: "Agent", userId })
    .returning({ id: teamMembers.id });
  if (!row) throw new Error("no member");
  return row.id;
}

async function members() {
  return db
    .select({ id: teamMembers.id, name: teamMembers.name, userId: teamMembers.userId })
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.createdAt));
}

async function countAudit(action: string) {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
  return row?.n ?? 0;
}

/** The log is append-only: the rows of `action` written since this test began. */
const auditBefore = new Map<string, number>();
async function auditRows(action: string) {
  return (await countAudit(action)) - (auditBefore.get(action) ?? 0);
}

beforeEach(async () => {
  await db.delete(teamMembers);
  for (const action of ["team-member.create", "team-member.update"]) {
    auditBefore.set(action, await countAudit(action));
  }
});

describe("the Staff account choice", () => {
  it("lists the active staff accounts (agents, admins, super admins), no customer or deactivated one", async () => {
    const linked = await seedMember("Bisi Ade", otherAgent.id);
    const loaded = await callLoader<FormOptions>(add.loader, `${LIST}/new`, {
      cookie: admin.cookie,
    });
    expect(loaded.status).toBe(200);
    const choices = loaded.body.options?.staffAccounts ?? [];
    expect(choices.map((c) => c.email).sort()).toEqual(
      [admin.email, boss.email, agent.email, otherAgent.email].sort(),
    );
    // Whose it already is shows beside it.
    expect(choices.find((c) => c.id === otherAgent.id)?.linkedTo).toEqual({
      id: linked,
      name: "Bisi Ade",
    });
    expect(choices.find((c) => c.id === agent.id)).toMatchObject({
      name: "Tunde Bakare",
      linkedTo: null,
      inactive: false,
    });
  });

  it("keeps a member's own link in the choices after that account was deactivated", async () => {
    const id = await seedMember("Gone Agent", gone.id);
    const opened = await openEdit(id);
    expect(opened.item.userId).toBe(gone.id);
    expect(opened.options?.staffAccounts.find((c) => c.id === gone.id)).toMatchObject({
      inactive: true,
    });
    // Saving the other fields keeps the link: it is not checked again until it changes.
    const saved = await editMember(id, {
      ...MEMBER,
      name: "Gone Agent",
      position: "Former agent",
      userId: gone.id,
      version: opened.item.version,
    });
    expect(saved.status).toBe(302);
    expect((await members())[0]).toMatchObject({ userId: gone.id });
  });
});

describe("linking and unlinking", () => {
  it("links a new member to an agent, shows it in the list and audits it by name", async () => {
    const answer = await addMember({ ...MEMBER, userId: agent.id });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join()).toContain("flash=teamMemberAdded");
    const [member] = await members();
    expect(member).toMatchObject({ name: "Kemi Adeyemi", userId: agent.id });

    const listed = await callLoader<{
      items: { name: string; account: { name: string; email: string } | null }[];
    }>(list.loader, LIST, { cookie: admin.cookie });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        name: "Kemi Adeyemi",
        account: { id: agent.id, name: "Tunde Bakare", email: agent.email },
      }),
    ]);

    const log = await listAuditEvents(
      admin.actor,
      { entity: "team-member" },
      { page: 1, pageSize: 10 },
    );
    expect(log.rows[0]?.lines).toContainEqual(
      expect.objectContaining({ label: "Staff account", after: `Tunde Bakare <${agent.email}>` }),
    );
  });

  it("links an existing member, then unlinks with 'Not linked', each audited", async () => {
    const id = await seedMember("Kemi Adeyemi");
    const opened = await openEdit(id);
    const linked = await editMember(id, {
      ...MEMBER,
      userId: agent.id,
      version: opened.item.version,
    });
    expect(linked.status).toBe(302);
    expect((await members())[0]?.userId).toBe(agent.id);

    // The version moved with the link: the form opened before it is stale now.
    const reopened = await openEdit(id);
    expect(reopened.item.version).not.toBe(opened.item.version);
    const unlinked = await editMember(id, {
      ...MEMBER,
      userId: "",
      version: reopened.item.version,
    });
    expect(unlinked.status).toBe(302);
    expect((await members())[0]?.userId).toBeNull();

    expect(await auditRows("team-member.update")).toBe(2);
    const log = await listAuditEvents(
      admin.actor,
      { entity: "team-member" },
      { page: 1, pageSize: 10 },
    );
    const mine = log.rows.filter((r) => r.subject?.href === `${LIST}/${id}`);
    // Newest first: the unlink, then the link.
    expect(mine.map((r) => r.lines.find((l) => l.label === "Staff account"))).toEqual([
      expect.objectContaining({ before: `Tunde Bakare <${agent.email}>`, after: "(empty)" }),
      expect.objectContaining({ before: null, after: `Tunde Bakare <${agent.email}>` }),
    ]);
  });

  it("links an admin's account too (admins are staff)", async () => {
    const answer = await addMember({ ...MEMBER, userId: boss.id });
    expect(answer.status).toBe(302);
    expect((await members())[0]?.userId).toBe(boss.id);
  });

  it("asks only about the position both changed; the link made since is kept, not asked about", async () => {
    const id = await seedMember("Kemi Adeyemi");
    const opened = await openEdit(id);
    const first = await editMember(id, {
      ...MEMBER,
      userId: agent.id,
      version: opened.item.version,
    });
    expect(first.status).toBe(302);
    const late = await editMember(id, {
      ...MEMBER,
      position: "Senior Letting Agent",
      userId: "",
      version: opened.item.version,
    });
    // Both changed the position (seeded "Agent"); the late form left the link as it was opened
    // (none), so the colleague's link is kept and never offered to be undone.
    expect(late.status).toBe(409);
    const conflict = (late.body as { conflict?: EditConflict }).conflict;
    expect(conflict?.conflicts.map((c) => c.name)).toEqual(["position"]);
    expect(conflict?.theirsKept).toEqual(["userId"]);
    expect(Object.fromEntries(conflict?.post ?? []).userId).toBe(agent.id);
    expect((await members())[0]?.userId).toBe(agent.id);
  });
});

describe("refusals: the field's message, what was typed kept, nothing written", () => {
  const cases: [string, () => string, string][] = [
    ["an unknown id", () => "no-such-account", "That staff account does not exist."],
    ["a customer (tenant)", () => tenant.id, "That account is not a staff account."],
    ["an owner", () => owner.id, "That account is not a staff account."],
    ["a deactivated agent", () => gone.id, "That staff account is deactivated."],
  ];

  for (const [what, idOf, message] of cases) {
    it(`refuses ${what} on add and on edit`, async () => {
      const added = await addMember({ ...MEMBER, bio: "Typed bio", userId: idOf() });
      expect(added.status).toBe(400);
      expect(added.body.fields?.userId).toContain(message);
      expect(added.body.error).toEqual({
        title: "Failed to add team member",
        message: added.body.fields?.userId,
      });
      expect(added.body.values).toMatchObject({
        name: "Kemi Adeyemi",
        bio: "Typed bio",
        userId: idOf(),
      });
      expect(await members()).toEqual([]);

      const id = await seedMember("Kemi Adeyemi");
      const opened = await openEdit(id);
      const edited = await editMember(id, {
        ...MEMBER,
        position: "Typed position",
        userId: idOf(),
        version: opened.item.version,
      });
      expect(edited.status).toBe(400);
      expect(edited.body.fields?.userId).toContain(message);
      expect(edited.body.error?.title).toBe("Failed to update team member");
      expect(edited.body.values).toMatchObject({ position: "Typed position", userId: idOf() });
      const [row] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
      expect(row).toMatchObject({ position: "Agent", userId: null });
      expect(await auditRows("team-member.create")).toBe(0);
      expect(await auditRows("team-member.update")).toBe(0);
    });
  }

  it("refuses an account another member has, naming that member, on add and on edit", async () => {
    const holder = await seedMember("Bisi Ade", otherAgent.id);
    const message = "That staff account is already linked to Bisi Ade. Unlink it there first.";
    const added = await addMember({ ...MEMBER, userId: otherAgent.id });
    expect(added.status).toBe(400);
    expect(added.body.fields?.userId).toBe(message);
    expect(added.body.values).toMatchObject({ name: "Kemi Adeyemi", userId: otherAgent.id });

    const id = await seedMember("Kemi Adeyemi", agent.id);
    const opened = await openEdit(id);
    const edited = await editMember(id, {
      ...MEMBER,
      userId: otherAgent.id,
      version: opened.item.version,
    });
    expect(edited.status).toBe(400);
    expect(edited.body.fields?.userId).toBe(message);
    expect(await members()).toEqual([
      { id: holder, name: "Bisi Ade", userId: otherAgent.id },
      { id, name: "Kemi Adeyemi", userId: agent.id },
    ]);
    expect(await auditRows("team-member.create")).toBe(0);
    expect(await auditRows("team-member.update")).toBe(0);
  });

  it("two saves linking one account at once: one is saved, the other refused naming it", async () => {
    const a = await seedMember("Ada Lovelace");
    const b = await seedMember("Bola Ige");
    const [first, second] = await Promise.all(
      [a, b].map(async (id) => {
        const opened = await openEdit(id);
        const name = id === a ? "Ada Lovelace" : "Bola Ige";
        return editMember(id, { ...MEMBER, name, userId: agent.id, version: opened.item.version });
      }),
    );
    expect([first?.status, second?.status].sort()).toEqual([302, 400]);
    const linked = (await members()).filter((m) => m.userId === agent.id);
    expect(linked).toHaveLength(1);
    const refused = first?.status === 400 ? first : second;
    expect(refused?.body.fields?.userId).toBe(
      `That staff account is already linked to ${linked[0]?.name}. Unlink it there first.`,
    );
  });

  it("the unique index's violation is recognised on this database (the race fallback)", async () => {
    await seedMember("Bisi Ade", otherAgent.id);
    const error = await seedMember("Copy", otherAgent.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, "team_members_user_id_unique")).toBe(true);
    expect(isUniqueViolation(error, "users_email_unique")).toBe(false);
    expect(isUniqueViolation(new Error("other"), "team_members_user_id_unique")).toBe(false);
  });
});

describe("who may link", () => {
  it("an agent gets 403 on the team screens, and their post writes nothing", async () => {
    const id = await seedMember("Kemi Adeyemi");
    for (const [loader, path, params] of [
      [list.loader, LIST, {}],
      [add.loader, `${LIST}/new`, {}],
      [edit.loader, `${LIST}/${id}`, { id }],
    ] as const) {
      const answer = await callLoader(loader, path, { cookie: agent.cookie, params });
      expect(answer.status).toBe(403);
    }
    const added = await addMember({ ...MEMBER, userId: agent.id }, agent.cookie);
    expect(added.status).toBe(403);
    const edited = await editMember(id, { ...MEMBER, userId: agent.id }, agent.cookie);
    expect(edited.status).toBe(403);
    expect(await members()).toEqual([{ id, name: "Kemi Adeyemi", userId: null }]);
  });
});

describe("the public pages", () => {
  it("the property page of the agent's listing shows the member linked on the form; /team is unchanged", async () => {
    const listing = await createProperty("Linked agent flat");
    const { properties } = await import("~/db/schema");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, listing));
    await db.update(users).set({ phone: "0803 000 0000" }).where(eq(users.id, agent.id));
    const page = () =>
      callLoader<{ agent: { name: string; phone: string | null; position: string | null } | null }>(
        propertyLoader,
        `/property/${listing}`,
        { params: { id: listing } },
      );
    // Not linked yet: the account's own name and phone.
    expect((await page()).body.agent).toMatchObject({
      name: "Tunde Bakare",
      phone: "0803 000 0000",
    });

    const answer = await addMember({
      ...MEMBER,
      name: "Babatunde Bakare",
      position: "Senior Sales Agent",
      phone: "0809 111 2222",
      userId: agent.id,
    });
    expect(answer.status).toBe(302);
    expect((await page()).body.agent).toMatchObject({
      name: "Babatunde Bakare",
      position: "Senior Sales Agent",
      phone: "0809 111 2222",
    });
    const team = await callLoader<{ members: Record<string, unknown>[] }>(
      publicTeamLoader,
      "/team",
    );
    expect(team.body.members).toHaveLength(1);
    expect(Object.keys(team.body.members[0] ?? {}).sort()).toEqual(
      ["agentSlug", "bio", "email", "id", "imageUrl", "name", "phone", "position"].sort(),
    );

    // Unlinked: the account's own name again.
    const [member] = await members();
    const opened = await openEdit(member?.id ?? "");
    await editMember(member?.id ?? "", {
      ...MEMBER,
      name: "Babatunde Bakare",
      position: "Senior Sales Agent",
      phone: "0809 111 2222",
      userId: "",
      version: opened.item.version,
    });
    expect((await page()).body.agent).toMatchObject({ name: "Tunde Bakare" });
    expect(
      await db
        .select({ n: count() })
        .from(teamMembers)
        .where(and(eq(teamMembers.userId, agent.id))),
    ).toEqual([{ n: 0 }]);
  });
});
