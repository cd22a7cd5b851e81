import fs from "node:fs";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { createThrowawayDataDir } from "../../../tests/setup/data-dir";
import type { FormFailure } from "../../../tests/setup/route-calls";

// /admin/team: the list (order, moves, the Active switch), add and edit with a photo through
// the upload pipeline, delete after the spec's question, and /team showing what was saved.
// Uploaded files go to a throw-away DATA_DIR.
const dataDir = createThrowawayDataDir("admin-team-");
const { db } = await import("~/db/client.server");
const { auditEvents, teamMembers } = await import("~/db/schema");
const { isMediaStored } = await import("~/media/media-store.server");
const { callAction, callLoader } = await import("../../../tests/setup/route-calls");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const list = await import("./team");
const add = await import("./team-new");
const editModule = await import("./team-member");
const { openedVersion, postingOpenedVersion } = await import("../../../tests/setup/opened-version");
/** The item's page; its edit form posts the version the page gave it. */
const edit = {
  ...editModule,
  action: postingOpenedVersion(editModule.action, ["update"], (_form, cookie, params) =>
    openedVersion<{ item: { version: string } }>(
      editModule.loader,
      `/admin/x/${params.id}`,
      { cookie, params },
      (body) => body.item.version,
    ).catch(() => undefined),
  ),
};
const publicTeam = await import("../public/team");

await setupTestDatabase();

const admin = await createSignedInAdmin("team-admin@example.com");
const LIST = "/admin/team";

function portrait(colour = "#885533") {
  return sharp({ create: { width: 80, height: 100, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Whether the file behind a /media/ URL is still stored. */
function isStored(url: string | null | undefined) {
  return isMediaStored((url ?? "").replace(/^\/media\//, ""));
}

/** The form as the browser posts it: multipart, with an optional photo. */
function multipart(fields: Record<string, string>, photo?: { name: string; data: Buffer }) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set(
    "photo",
    photo
      ? new File([new Uint8Array(photo.data)], photo.name, { type: "image/jpeg" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return body;
}

function addMember(fields: Record<string, string>, photo?: { name: string; data: Buffer }) {
  return callAction<FormFailure>(add.action, `${LIST}/new`, {
    cookie: admin.cookie,
    form: multipart({ intent: "create", ...fields }, photo),
  });
}

function editMember(
  id: string,
  fields: Record<string, string>,
  photo?: { name: string; data: Buffer },
) {
  return callAction<FormFailure>(edit.action, `${LIST}/${id}`, {
    cookie: admin.cookie,
    form: multipart(fields, photo),
    params: { id },
  });
}

function postList(form: Record<string, string>) {
  return callAction<{ ok: boolean; flash?: string; error?: { title: string } }>(list.action, LIST, {
    cookie: admin.cookie,
    form,
  });
}

async function rows() {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      imageUrl: teamMembers.imageUrl,
      isActive: teamMembers.isActive,
    })
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.createdAt));
}

async function auditCount(action: string) {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
  return row?.n ?? 0;
}

async function seedMembers(...names: string[]) {
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    const [row] = await db
      .insert(teamMembers)
      .values({ name, position: "Agent", sortOrder: i })
      .returning({ id: teamMembers.id });
    ids.push(row?.id ?? "");
  }
  return ids;
}

beforeEach(async () => {
  await db.delete(teamMembers);
});

describe("adding a team member", () => {
  it("stores the member last, with the photo re-encoded under /media/uploads, and says so", async () => {
    await seedMembers("Existing");
    const answer = await addMember(
      {
        name: " Kemi Adeyemi ",
        position: "Letting Agent",
        bio: "Kemi lets homes in Yaba.",
        email: "kemi@naijahomes.ng",
        phone: "0803 123 4567",
        isActive: "on",
        back: `${LIST}?x=1`,
      },
      { name: "kemi.jpg", data: await portrait() },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`${LIST}?x=1`);
    expect(answer.cookies.join()).toContain("flash=teamMemberAdded");
    const [, kemi] = await rows();
    expect(kemi).toMatchObject({ name: "Kemi Adeyemi", isActive: true });
    expect(kemi?.imageUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    const file = path.join(dataDir, "media", (kemi?.imageUrl ?? "").replace("/media/", ""));
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe("webp");
    expect(await auditCount("team-member.create")).toBeGreaterThan(0);
  });

  it("refuses a missing name or position with the spec's message, keeping what was typed", async () => {
    const answer = await addMember({ name: "  ", position: "", bio: "Typed bio", email: "a@b.ng" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Validation Error",
      message: "Name and position are required",
    });
    expect(answer.body.fields).toMatchObject({
      name: "Please enter a name",
      position: "Please enter a position",
    });
    expect(answer.body.values).toMatchObject({ bio: "Typed bio", email: "a@b.ng", isActive: "" });
    const onlyPosition = await addMember({ name: "Tolu", position: "" });
    expect(onlyPosition.body.error?.message).toBe("Name and position are required");
    expect(await rows()).toEqual([]);
  });

  it("refuses a wrong e-mail or phone beside the field, writing nothing", async () => {
    const email = await addMember({ name: "Tolu", position: "Agent", email: "tolu@" });
    expect(email.status).toBe(400);
    expect(email.body.fields?.email).toBe("Please enter a valid email address");
    expect(email.body.error).toEqual({
      title: "Failed to add team member",
      message: "Please enter a valid email address",
    });
    const phone = await addMember({ name: "Tolu", position: "Agent", phone: "call me" });
    expect(phone.body.fields?.phone).toBe("Please enter a valid phone number");
    expect(await rows()).toEqual([]);
  });

  it("refuses a file that is not a photo, storing neither the member nor the file", async () => {
    const before = fs.existsSync(path.join(dataDir, "media", "uploads"))
      ? fs.readdirSync(path.join(dataDir, "media", "uploads")).length
      : 0;
    const answer = await addMember(
      { name: "Tolu", position: "Agent" },
      { name: "cv.jpg", data: Buffer.from("%PDF-1.4 not a photo") },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.photo).toMatch(/^This file is not a photo we can use/);
    expect(answer.body.values).toMatchObject({ name: "Tolu", position: "Agent" });
    expect(await rows()).toEqual([]);
    const after = fs.existsSync(path.join(dataDir, "media", "uploads"))
      ? fs.readdirSync(path.join(dataDir, "media", "uploads")).length
      : 0;
    expect(after).toBe(before);
  });
});

describe("editing and deleting", () => {
  it("saves the fields, replaces the photo or removes it", async () => {
    const [id = ""] = await seedMembers("Bola");
    const saved = await editMember(
      id,
      { intent: "update", name: "Bola Ige", position: "Surveyor", isActive: "on", back: LIST },
      { name: "bola.jpg", data: await portrait("#112233") },
    );
    expect(saved.status).toBe(302);
    expect(saved.cookies.join()).toContain("flash=teamMemberUpdated");
    const [withPhoto] = await rows();
    expect(withPhoto).toMatchObject({ name: "Bola Ige", isActive: true });
    expect(withPhoto?.imageUrl).toMatch(/^\/media\/uploads\//);

    // No new file and no box ticked: the photo stays; switched off: /team leaves them out.
    await editMember(id, { intent: "update", name: "Bola Ige", position: "Surveyor" });
    expect((await rows())[0]).toMatchObject({ imageUrl: withPhoto?.imageUrl, isActive: false });
    await editMember(id, {
      intent: "update",
      name: "Bola Ige",
      position: "Surveyor",
      removePhoto: "on",
      isActive: "on",
    });
    expect((await rows())[0]?.imageUrl).toBeNull();
    // Nothing shows the removed photo any more: its file is gone too.
    expect(await isStored(withPhoto?.imageUrl)).toBe(false);
  });

  it("deletes a member's photo file with the member, unless another row shows it", async () => {
    const [one = "", two = ""] = await seedMembers("Dayo", "Efe");
    const photo = { name: "shared.jpg", data: await portrait("#445566") };
    const fields = { intent: "update", position: "Agent", isActive: "on" };
    await editMember(one, { ...fields, name: "Dayo" }, photo);
    await editMember(two, { ...fields, name: "Efe" }, photo);
    const [url] = [...new Set((await rows()).map((r) => r.imageUrl))];
    expect(url).toMatch(/^\/media\/uploads\//);

    await editMember(one, { intent: "delete", confirmed: "yes", back: LIST });
    expect(await isStored(url)).toBe(true);
    await editMember(two, { intent: "delete", confirmed: "yes", back: LIST });
    expect(await isStored(url)).toBe(false);
  });

  it("refuses a missing name on edit with the spec's message, changing nothing", async () => {
    const [id = ""] = await seedMembers("Bola");
    const answer = await editMember(id, { intent: "update", name: "", position: "Surveyor" });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe("Name and position are required");
    expect((await rows())[0]?.name).toBe("Bola");
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const loaded = await callLoader(edit.loader, `${LIST}/${id}`, {
        cookie: admin.cookie,
        params: { id },
      });
      expect(loaded.status).toBe(404);
      const saved = await editMember(id, { intent: "update", name: "X", position: "Y" });
      expect(saved.status).toBe(404);
    }
  });

  it("asks 'Are you sure you want to delete this team member?' before deleting", async () => {
    const [id = ""] = await seedMembers("Chidi");
    const asked = await editMember(id, { intent: "delete", back: LIST });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm?.question).toBe("Are you sure you want to delete this team member?");
    expect(await rows()).toHaveLength(1);
    const done = await editMember(id, { intent: "delete", confirmed: "yes", back: LIST });
    expect(done.status).toBe(302);
    expect(done.cookies.join()).toContain("flash=teamMemberDeleted");
    expect(await rows()).toEqual([]);
    const again = await editMember(id, { intent: "delete", confirmed: "yes" });
    expect(again.status).toBe(404);
  });
});

describe("the list", () => {
  it("lists every member in order, inactive ones included", async () => {
    const [, b = ""] = await seedMembers("Ada", "Bayo");
    await db.update(teamMembers).set({ isActive: false }).where(eq(teamMembers.id, b));
    const loaded = await callLoader<{ items: { name: string; isActive: boolean }[] }>(
      list.loader,
      LIST,
      { cookie: admin.cookie },
    );
    expect(loaded.body.items.map((m) => [m.name, m.isActive])).toEqual([
      ["Ada", true],
      ["Bayo", false],
    ]);
  });

  it("moves a member up with a plain post (back to the list) or a fetcher (data)", async () => {
    const [a = "", b = "", c = ""] = await seedMembers("Ada", "Bayo", "Chi");
    const plain = await postList({ intent: "move", id: c, to: "up", back: `${LIST}?from=test` });
    expect(plain.status).toBe(302);
    expect(plain.location).toBe(`${LIST}?from=test`);
    expect((await rows()).map((r) => r.id)).toEqual([a, c, b]);
    const fetched = await postList({ intent: "move", id: a, to: "2", js: "1" });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({ ok: true, intent: "move" });
    expect((await rows()).map((r) => r.id)).toEqual([c, b, a]);
    // The first going up stays first.
    await postList({ intent: "move", id: c, to: "up" });
    expect((await rows())[0]?.id).toBe(c);
  });

  it("refuses a move it cannot read (400, 'Failed to reorder team members') or an unknown id (404)", async () => {
    const [a = ""] = await seedMembers("Ada", "Bayo");
    const bad = await postList({ intent: "move", id: a, to: "sideways" });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.title).toBe("Failed to reorder team members");
    const unknown = await postList({
      intent: "move",
      id: "00000000-0000-4000-8000-000000000000",
      to: "up",
    });
    expect(unknown.status).toBe(404);
    expect((await rows()).map((r) => r.name)).toEqual(["Ada", "Bayo"]);
  });

  it("switches a member off the team page and back, with the spec's toast", async () => {
    const [a = ""] = await seedMembers("Ada");
    const off = await postList({ intent: "active", id: a, active: "false", back: LIST });
    expect(off.status).toBe(302);
    expect(off.cookies.join()).toContain("flash=teamMemberUpdated");
    expect((await rows())[0]?.isActive).toBe(false);
    const on = await postList({ intent: "active", id: a, active: "true", js: "1" });
    expect(on.body).toEqual({ ok: true, intent: "active", flash: "teamMemberUpdated" });
    expect((await rows())[0]?.isActive).toBe(true);
    const wrong = await postList({ intent: "active", id: a, active: "yes" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.title).toBe("Failed to update team member");
  });
});

describe("/team", () => {
  it("shows the active members in the admin's order, at once", async () => {
    const [a = "", b = "", c = ""] = await seedMembers("Ada", "Bayo", "Chi");
    await postList({ intent: "move", id: c, to: "0" });
    await postList({ intent: "active", id: b, active: "false" });
    const page = await callLoader<{ members: { id: string }[] }>(publicTeam.loader, "/team");
    expect(page.body.members.map((m) => m.id)).toEqual([c, a]);
    expect(
      await db
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, "team-member.move"), eq(auditEvents.entityId, c))),
    ).toEqual([{ n: 1 }]);
  });
});
