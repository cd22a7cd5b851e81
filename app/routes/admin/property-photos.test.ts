import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../../tests/setup/env";
import {
  jpegWithGps,
  plainJpeg,
  png,
  pngClaiming,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
} from "../../../tests/setup/photo-fixtures";

// Photos on the edit page: uploaded several at once through the streaming multipart reader
// (checked by content, capped in size and count), added by URL, ordered, titled and removed; the
// first is the listing's card image. Every refusal stores nothing: no row and no file. Files go
// to a throw-away DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "property-photos-"));
setTestEnv({ DATA_DIR: dataDir });
const { db } = await import("~/db/client.server");
const { properties, propertyMedia } = await import("~/db/schema");
const { createProperty } = await import("../../../tests/setup/accounts");
const { callAction, routeArgs, streamRequest } = await import("../../../tests/setup/route-calls");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const { action } = await import("./property-edit");
const { action: uploadAction } = await import("./property-photos-upload");
const { action: addAction } = await import("./property-new");
const { purgeTrash } = await import("~/models/admin-property-trash.server");
const { TRASH_DAYS } = await import("~/lib/admin-properties");
const { UPLOAD_BODY_LIMIT_BYTES } = await import("~/lib/body-limits");

await setupTestDatabase();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = await createSignedInAdmin("photos@example.com");

const photo = (colour: string) => plainJpeg(colour);

type FileSpec = { name: string; data: Buffer };

function multipart(fields: Record<string, string>, files: FileSpec[]) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files)
    body.append("photos", new File([new Uint8Array(file.data)], file.name, { type: "image/jpeg" }));
  return body;
}

type Answered = {
  ok: boolean;
  message?: string;
  error?: { message: string };
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

function upload(id: string, files: FileSpec[], fields: Record<string, string> = {}) {
  return callAction<Answered>(action, `/admin/properties/${id}`, {
    cookie: admin.cookie,
    form: multipart({ intent: "photos-upload", ...fields }, files),
    params: { id },
  });
}

const uploadsDir = path.join(dataDir, "media", "uploads");
const storedFiles = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir).sort() : []);
const fileOf = (url: string | null | undefined) =>
  path.join(dataDir, "media", (url ?? "").replace(/^\/media\//, ""));

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

    await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-up", mediaId: garden?.id ?? "" },
      params: { id },
    });
    expect((await photosOf(id)).map((p) => p.id)).toEqual([garden?.id, front?.id]);
    expect(await coverOf(id)).toBe(garden?.url);
    // The first cannot go further up.
    await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-up", mediaId: garden?.id ?? "" },
      params: { id },
    });
    expect((await photosOf(id))[0]?.id).toBe(garden?.id);

    await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-title", mediaId: garden?.id ?? "", title: "The garden\u0000" },
      params: { id },
    });
    expect((await photosOf(id))[0]?.title).toBe("The garden");

    const asked = await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: garden?.id ?? "" },
      params: { id },
    });
    expect(asked.body).toMatchObject({ confirm: { question: "Remove this photo?" } });
    await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: garden?.id ?? "", confirmed: "yes" },
      params: { id },
    });
    expect((await photosOf(id)).map((p) => p.id)).toEqual([front?.id]);
    expect(await coverOf(id)).toBe(front?.url);
    await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: front?.id ?? "", confirmed: "yes" },
      params: { id },
    });
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
    expect(
      (
        await callAction(action, `/admin/properties/${b}`, {
          cookie: admin.cookie,
          form: { intent: "photo-up", mediaId: photoOfA?.id ?? "" },
          params: { id: b },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction(action, `/admin/properties/${"00000000-0000-4000-8000-000000000000"}`, {
          cookie: admin.cookie,
          form: {
            intent: "photo-up",
            mediaId: photoOfA?.id ?? "",
          },
          params: { id: "00000000-0000-4000-8000-000000000000" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("the upload pipeline, through the streaming multipart reader", () => {
  it("stores a phone JPEG without its EXIF and GPS, and takes a PNG named .jpg by its content", async () => {
    const id = await createProperty("Phone photo house");
    const gps = await jpegWithGps();
    expect((await sharp(gps).metadata()).exif?.toString("latin1")).toContain("Tecno");
    const answer = await upload(id, [
      { name: "IMG_0042.jpg", data: gps },
      { name: "floor-plan.jpg", data: await png("#eee") },
    ]);
    expect(answer.status).toBe(200);
    const [first, second] = await photosOf(id);
    const stored = await sharp(fs.readFileSync(fileOf(first?.url))).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    // Orientation 6 applied: portrait now, and nothing left to say which way it was.
    expect([stored.width, stored.height]).toEqual([480, 640]);
    expect(fs.readFileSync(fileOf(first?.url)).includes("Tecno")).toBe(false);
    expect((await sharp(fs.readFileSync(fileOf(second?.url))).metadata()).format).toBe("webp");
  });

  it.each([
    [
      "notes.jpg",
      async () => Buffer.from("just some text, named like a photo"),
      400,
      /^notes\.jpg: This file is not a photo/,
    ],
    ["logo.jpg", async () => SVG_WITH_SCRIPT, 400, /^logo\.jpg: This file is not a photo/],
    ["cut.jpg", truncatedJpeg, 400, /^cut\.jpg: This photo could not be read/],
    [
      "bomb.png",
      () => pngClaiming(60_000, 60_000),
      400,
      /^bomb\.png: This photo has too many pixels/,
    ],
    [
      "huge.jpg",
      async () => Buffer.alloc(12 * 1024 * 1024, 0xff),
      413,
      /^Each photo must be 10 MB or smaller\.$/,
    ],
  ] as const)(
    "refuses %s with a clear message, storing nothing from the upload",
    async (name, make, status, message) => {
      const id = await createProperty(`Refusing ${name}`);
      const before = storedFiles();
      // A good photo first: it is stored as it arrives, then removed with the refusal.
      const answer = await upload(id, [
        { name: "good.jpg", data: await photo("#4a4a10") },
        { name, data: await make() },
      ]);
      expect(answer.status).toBe(status);
      expect(answer.body.error?.message).toMatch(message);
      expect(await photosOf(id)).toEqual([]);
      expect(storedFiles()).toEqual(before);
    },
  );

  it("refuses more photos than one upload takes, and an upload with no photo", async () => {
    const id = await createProperty("Too many photos");
    const before = storedFiles();
    const files = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => ({
        name: `p${i}.jpg`,
        data: await photo(`#${(i * 20 + 16).toString(16).padStart(2, "0")}3344`),
      })),
    );
    const answer = await upload(id, files);
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe("You can upload at most 10 photos at once.");
    expect(await photosOf(id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    const none = await upload(id, []);
    expect(none.status).toBe(400);
    expect(none.body.error?.message).toBe("Please choose at least one photo.");
  });

  it("answers 413 to a body declared over the total cap without reading a byte of it", async () => {
    const id = await createProperty("Huge body");
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const answer = await callAction<Answered>(
      action,
      streamRequest(
        `/admin/properties/${id}`,
        {
          stream,
          headers: {
            "Content-Type": "multipart/form-data; boundary=----x",
            "Content-Length": String(UPLOAD_BODY_LIMIT_BYTES + 1),
          },
        },
        admin.cookie,
      ),
      { params: { id } },
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error?.message).toMatch(/^This upload is too large/);
    // The stream was never asked for more than what it queues on its own before any read.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("answers 413 to a body that grows past the cap without declaring its length", async () => {
    const id = await createProperty("Endless body");
    const boundary = "----endless";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nphotos-upload\r\n--${boundary}\r\nContent-Disposition: form-data; name="notes"\r\n\r\n`,
    );
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        sent += 1;
        // A text field of endless "a"s: refused once it passes the 10 MB part cap.
        if (sent > 4000) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const answer = await callAction<Answered>(
      action,
      streamRequest(
        `/admin/properties/${id}`,
        {
          stream,
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        },
        admin.cookie,
      ),
      { params: { id } },
    );
    expect(answer.status).toBe(413);
    expect(await photosOf(id)).toEqual([]);
  });

  it("answers 400 to text or a file name that is not UTF-8 on all three upload routes, writing nothing", async () => {
    const id = await createProperty("Latin-1 upload");
    const jpeg = await photo("#445566");
    const boundary = "----latin1";
    /** A photo first (stored as it arrives), then a part whose bytes are not UTF-8. */
    const body = (latin1: "field" | "filename", fields: Record<string, string>) => {
      const chunks: Buffer[] = [];
      for (const [name, value] of Object.entries(fields)) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
        );
      }
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from("\r\n"),
      );
      if (latin1 === "field") {
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photoTitle"\r\n\r\n`),
          Buffer.from("Caf\xe9", "latin1"),
          Buffer.from("\r\n"),
        );
      } else {
        chunks.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="`),
          Buffer.from("caf\xe9.jpg", "latin1"),
          Buffer.from(`"\r\nContent-Type: image/jpeg\r\n\r\n`),
          jpeg,
          Buffer.from("\r\n"),
        );
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      const bytes = new Uint8Array(Buffer.concat(chunks));
      return {
        stream: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      };
    };
    const fields = {
      title: "Not UTF-8",
      purpose: "sale",
      price: "1000000",
      city: "Lagos",
      propertyType: "house",
      category: "residential",
      status: "available",
    };
    const before = storedFiles();
    const propertiesBefore = (await db.select({ id: properties.id }).from(properties)).length;
    for (const latin1 of ["field", "filename"] as const) {
      const edit = await callAction<Answered>(
        action,
        streamRequest(
          `/admin/properties/${id}`,
          body(latin1, { intent: "photos-upload" }),
          admin.cookie,
        ),
        { params: { id } },
      );
      expect(edit.status).toBe(400);
      expect(edit.body.error?.message).toMatch(/not in UTF-8/);

      const added = await callAction<Answered>(
        addAction,
        streamRequest("/admin/properties/new", body(latin1, fields), admin.cookie),
      );
      expect(added.status).toBe(400);
      expect(added.body.error?.message).toMatch(/not in UTF-8/);
      // The fields read before the refusal are kept for the form.
      expect(added.body.values?.title).toBe(fields.title);

      const request = streamRequest(
        `/admin/properties/${id}/photos`,
        body(latin1, {}),
        admin.cookie,
      );
      const response = (await uploadAction(routeArgs(request, { params: { id } }))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        ok: false,
        message: expect.stringMatching(/not in UTF-8/),
      });
    }
    expect(await photosOf(id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    expect((await db.select({ id: properties.id }).from(properties)).length).toBe(propertiesBefore);
  });

  it("removes the files of an upload whose listing is gone (the save failed)", async () => {
    const id = await createProperty("Vanishing house");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    const before = storedFiles();
    const answer = await upload(id, [{ name: "late.jpg", data: await photo("#778899") }]);
    expect(answer.status).toBe(404);
    expect(storedFiles()).toEqual(before);
  });

  it("keeps a file another listing still shows when a failed upload or a removal lets go of it", async () => {
    const shared = await photo("#010203");
    const a = await createProperty("Shows it");
    await upload(a, [{ name: "shared.jpg", data: shared }]);
    const [kept] = await photosOf(a);
    const b = await createProperty("Also shows it");
    await upload(b, [{ name: "shared.jpg", data: shared }]);
    const [onB] = await photosOf(b);
    expect(onB?.url).toBe(kept?.url);
    // A failed upload with the same photo (the second file is refused) leaves it in place.
    await upload(b, [
      { name: "shared.jpg", data: shared },
      { name: "bad.jpg", data: Buffer.from("nope") },
    ]);
    expect(fs.existsSync(fileOf(kept?.url))).toBe(true);
    // Removed from B: still on A, so the file stays; removed from A too: the file goes.
    await callAction(action, `/admin/properties/${b}`, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: onB?.id ?? "", confirmed: "yes" },
      params: { id: b },
    });
    expect(fs.existsSync(fileOf(kept?.url))).toBe(true);
    await callAction(action, `/admin/properties/${a}`, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: kept?.id ?? "", confirmed: "yes" },
      params: { id: a },
    });
    expect(fs.existsSync(fileOf(kept?.url))).toBe(false);
  });

  it("uploads one photo with its title through the JSON endpoint the page's script uses", async () => {
    const id = await createProperty("Scripted upload");
    const send = async (form: FormData) => {
      const response = (await uploadAction(
        routeArgs(`/admin/properties/${id}/photos`, { cookie: admin.cookie, form, params: { id } }),
      )) as Response;
      return { status: response.status, body: await response.json() };
    };
    const answer = await send(
      multipart({ photoTitle: "Living room" }, [
        { name: "living.jpg", data: await photo("#335577") },
      ]),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true, count: 1 } });
    expect((await photosOf(id)).map((p) => p.title)).toEqual(["Living room"]);
    const refused = await send(multipart({}, [{ name: "x.jpg", data: SVG_WITH_SCRIPT }]));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ok: false, message: expect.stringMatching(/^x\.jpg: /) });
    expect(await photosOf(id)).toHaveLength(1);
  });
});

describe("ordering, adding by URL, adding with the listing, purging", () => {
  it("puts the photos in a dragged order; a stale order changes nothing", async () => {
    const id = await createProperty("Dragged house");
    await upload(id, [
      { name: "a.jpg", data: await photo("#110000") },
      { name: "b.jpg", data: await photo("#001100") },
      { name: "c.jpg", data: await photo("#000011") },
    ]);
    const [a, b, c] = await photosOf(id);
    const order = async (ids: (string | undefined)[]) => {
      return callAction(action, `/admin/properties/${id}`, {
        cookie: admin.cookie,
        form: { intent: "photo-order", order: ids.map((one) => one ?? "") },
        params: { id },
      });
    };
    expect((await order([c?.id, a?.id, b?.id])).status).toBe(200);
    expect((await photosOf(id)).map((p) => p.id)).toEqual([c?.id, a?.id, b?.id]);
    expect(await coverOf(id)).toBe(c?.url);
    expect((await order([a?.id, b?.id])).status).toBe(404);
    expect((await photosOf(id)).map((p) => p.id)).toEqual([c?.id, a?.id, b?.id]);
  });

  it("adds the site's own stored photo by URL, and refuses private, local and non-web addresses", async () => {
    const source = await createProperty("Source house");
    await upload(source, [{ name: "src.jpg", data: await photo("#abcdef") }]);
    const [original] = await photosOf(source);
    const id = await createProperty("Linked house");
    const added = await callAction(action, `/admin/properties/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "photo-url",
        photoUrl: `http://localhost${original?.url}`,
        title: "Same view",
      },
      params: { id },
    });
    expect(added.status).toBe(200);
    expect(await photosOf(id)).toMatchObject([{ url: original?.url, title: "Same view" }]);

    for (const [photoUrl, message] of [
      [
        "http://127.0.0.1:9/a.jpg",
        "This address cannot be used: it points inside a private network.",
      ],
      [
        "http://169.254.169.254/latest/meta-data",
        "This address cannot be used: it points inside a private network.",
      ],
      ["http://[::1]/a.jpg", "This address cannot be used: it points inside a private network."],
      ["http://10.1.2.3/a.jpg", "This address cannot be used: it points inside a private network."],
      [
        "http://0x7f000001/a.jpg",
        "This address cannot be used: it points inside a private network.",
      ],
      ["file:///etc/passwd", "Please enter a web address starting with http:// or https://."],
      ["/media/uploads/missing.webp", "This photo is not stored on the site any more."],
    ] as const) {
      const refused = await callAction(action, `/admin/properties/${id}`, {
        cookie: admin.cookie,
        form: { intent: "photo-url", photoUrl },
        params: { id },
      });
      expect(refused.status, photoUrl).toBe(400);
      expect((refused.body as Answered).error?.message, photoUrl).toBe(message);
    }
    expect(await photosOf(id)).toHaveLength(1);
  });

  it("adds a listing with its photos in one go; a refused photo or field writes nothing", async () => {
    const fields = {
      title: "Photographed on arrival",
      purpose: "sale",
      price: "120000000",
      city: "Lagos",
      propertyType: "house",
      category: "residential",
      status: "available",
    };
    const before = storedFiles();
    const bad = await callAction<Answered>(addAction, "/admin/properties/new", {
      cookie: admin.cookie,
      form: multipart(fields, [
        { name: "front.jpg", data: await photo("#102030") },
        { name: "virus.jpg", data: Buffer.from("MZ") },
      ]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/^virus\.jpg: /);
    expect(bad.body.values?.title).toBe(fields.title);
    const missingPrice = await callAction<Answered>(addAction, "/admin/properties/new", {
      cookie: admin.cookie,
      form: multipart({ ...fields, price: "" }, [
        { name: "front.jpg", data: await photo("#102030") },
      ]),
    });
    expect(missingPrice.status).toBe(400);
    expect(missingPrice.body.error?.message).toBe("Please fill in all required fields");
    expect(await db.select().from(properties).where(eq(properties.title, fields.title))).toEqual(
      [],
    );
    expect(storedFiles()).toEqual(before);

    const added = await callAction<Answered>(addAction, "/admin/properties/new", {
      cookie: admin.cookie,
      form: multipart({ ...fields, photoTitle: "Front" }, [
        { name: "front.jpg", data: await photo("#102030") },
        { name: "back.jpg", data: await photo("#302010") },
      ]),
    });
    expect(added.status).toBe(302);
    const [row] = await db
      .select({ id: properties.id, imageUrl: properties.imageUrl })
      .from(properties)
      .where(eq(properties.title, fields.title));
    const photos = await photosOf(row?.id ?? "");
    expect(photos.map((p) => p.title)).toEqual(["Front", null]);
    expect(row?.imageUrl).toBe(photos[0]?.url);
  });

  it("purges a listing trashed 30 days ago with the files no other row shows", async () => {
    const kept = await createProperty("Keeps the shared photo");
    const doomed = await createProperty("Purged with its photos");
    const shared = await photo("#0f0f0f");
    await upload(kept, [{ name: "shared.jpg", data: shared }]);
    await upload(doomed, [
      { name: "shared.jpg", data: shared },
      { name: "own.jpg", data: await photo("#f0f0f0") },
    ]);
    const [sharedRow, ownRow] = await photosOf(doomed);
    await db
      .update(properties)
      .set({ deletedAt: new Date(Date.now() - (TRASH_DAYS + 1) * 86_400_000) })
      .where(eq(properties.id, doomed));
    const purged = await purgeTrash();
    expect(purged.listings).toBeGreaterThanOrEqual(1);
    expect(await photosOf(doomed)).toEqual([]);
    expect(fs.existsSync(fileOf(ownRow?.url))).toBe(false);
    expect(fs.existsSync(fileOf(sharedRow?.url))).toBe(true);
  });
});
