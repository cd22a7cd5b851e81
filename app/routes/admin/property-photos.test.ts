import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

// Photos on the edit page: uploaded several at once (checked by content), ordered, titled and
// removed; the first is the listing's card image. Files go to a throw-away DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "property-photos-"));
process.env.DATA_DIR = dataDir;
const { db } = await import("~/db/client.server");
const { properties, propertyMedia } = await import("~/db/schema");
const { createProperty, routeArgs, run } = await import("../../../tests/setup/accounts");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const { action } = await import("./property-edit");

await setupTestDatabase();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = await createSignedInAdmin("photos@example.com");

function photo(colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function upload(id: string, files: { name: string; data: Buffer }[]) {
  const body = new FormData();
  body.set("intent", "photos-upload");
  for (const file of files)
    body.append("photos", new File([new Uint8Array(file.data)], file.name, { type: "image/jpeg" }));
  const args = routeArgs(`/admin/properties/${id}`, { cookie: admin.cookie, params: { id } });
  const request = new Request(args.request.url, {
    method: "POST",
    headers: { cookie: admin.cookie },
    body,
  });
  return run<{ ok: boolean; error?: { message: string } }>(() =>
    action({ ...args, request } as never),
  );
}

function post(id: string, form: Record<string, string>) {
  return run(() =>
    action(
      routeArgs(`/admin/properties/${id}`, { cookie: admin.cookie, form, params: { id } }) as never,
    ),
  );
}

async function photosOf(id: string) {
  return db
    .select({
      id: propertyMedia.id,
      url: propertyMedia.mediaUrl,
      title: propertyMedia.title,
      featured: propertyMedia.isFeatured,
    })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, id))
    .orderBy(asc(propertyMedia.sortOrder));
}

async function coverOf(id: string) {
  const [row] = await db
    .select({ imageUrl: properties.imageUrl })
    .from(properties)
    .where(eq(properties.id, id));
  return row?.imageUrl;
}

describe("a listing's photos", () => {
  it("uploads two, reorders, titles and removes them; the first is always the cover", async () => {
    const id = await createProperty("Photographed house");
    const answer = await upload(id, [
      { name: "front.jpg", data: await photo("#aa0000") },
      { name: "garden.jpg", data: await photo("#00aa00") },
    ]);
    expect(answer.status).toBe(200);
    const [front, garden] = await photosOf(id);
    expect(front?.url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(
      fs.existsSync(path.join(dataDir, "media", (front?.url ?? "").replace("/media/", ""))),
    ).toBe(true);
    expect(await coverOf(id)).toBe(front?.url);
    expect(front?.featured).toBe(true);

    await post(id, { intent: "photo-up", mediaId: garden?.id ?? "" });
    expect((await photosOf(id)).map((p) => p.id)).toEqual([garden?.id, front?.id]);
    expect(await coverOf(id)).toBe(garden?.url);
    // The first cannot go further up.
    await post(id, { intent: "photo-up", mediaId: garden?.id ?? "" });
    expect((await photosOf(id))[0]?.id).toBe(garden?.id);

    await post(id, { intent: "photo-title", mediaId: garden?.id ?? "", title: "The garden\u0000" });
    expect((await photosOf(id))[0]?.title).toBe("The garden");

    const asked = await post(id, { intent: "photo-remove", mediaId: garden?.id ?? "" });
    expect(asked.body).toMatchObject({ confirm: { question: "Remove this photo?" } });
    await post(id, { intent: "photo-remove", mediaId: garden?.id ?? "", confirmed: "yes" });
    expect((await photosOf(id)).map((p) => p.id)).toEqual([front?.id]);
    expect(await coverOf(id)).toBe(front?.url);
    await post(id, { intent: "photo-remove", mediaId: front?.id ?? "", confirmed: "yes" });
    expect(await coverOf(id)).toBeNull();
  });

  it("refuses a file that is not a photo, storing nothing from that upload", async () => {
    const id = await createProperty("Careful house");
    const answer = await upload(id, [
      { name: "ok.jpg", data: await photo("#0000aa") },
      { name: "virus.jpg", data: Buffer.from("MZ not a photo") },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/^virus\.jpg: This file is not a photo/);
    expect(await photosOf(id)).toEqual([]);
    const none = await upload(id, []);
    expect(none.body.error?.message).toBe("Please choose at least one photo.");
  });

  it("answers 404 for another listing's photo or an unknown listing", async () => {
    const a = await createProperty("A");
    const b = await createProperty("B");
    await upload(a, [{ name: "a.jpg", data: await photo("#123123") }]);
    const [photoOfA] = await photosOf(a);
    expect((await post(b, { intent: "photo-up", mediaId: photoOfA?.id ?? "" })).status).toBe(404);
    expect(
      (
        await post("00000000-0000-4000-8000-000000000000", {
          intent: "photo-up",
          mediaId: photoOfA?.id ?? "",
        })
      ).status,
    ).toBe(404);
  });
});
