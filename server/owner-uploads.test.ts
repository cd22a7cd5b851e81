import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../tests/setup/env";

// Issue 42 item 3: an owner's phone photos go through the same limits as staff's, over real
// HTTP (server/http-app.ts: its body limit, then the route's action): a 5 MB and a 10 MB JPEG
// are taken on the three routes where owners add photos, and what is over a limit gets the
// product's words and stores nothing. Uploads go to a throw-away DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-uploads-"));
setTestEnv({ DATA_DIR: dataDir });
const { db } = await import("~/db/client.server");
const { properties, propertySubmissions, submissionHolds, submissionPhotos } = await import(
  "~/db/schema"
);
const { BODY_TOO_LARGE_MESSAGE, FORM_BODY_LIMIT_BYTES, MAX_PHOTO_BYTES, UPLOAD_BODY_LIMIT_BYTES } =
  await import("~/lib/body-limits");
const { PHOTO_MESSAGES } = await import("~/media/images.server");
const { createProperty, createSignedInUser } = await import("../tests/setup/accounts");
const { startTestServer } = await import("../tests/setup/http-app");
const { noisyJpeg } = await import("../tests/setup/photo-fixtures");
const { setupTestDatabase } = await import("../tests/setup/test-database");

await setupTestDatabase();

let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: { id: string; cookie: string };
let fiveMb: Buffer;
let tenMb: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createSignedInUser("photo-owner@example.com", "Bola Owner");
  [fiveMb, tenMb] = await Promise.all([noisyJpeg(5_000_000), noisyJpeg(10_000_000)]);
}, 120_000);

afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const FLAT = {
  title: "Two-bedroom flat in Yaba",
  purpose: "rent",
  rentPeriod: "year",
  price: "2500000",
  propertyType: "apartment",
  category: "residential",
  city: "Lagos",
  address: "4 Herbert Macaulay Way, Yaba",
  beds: "2",
  baths: "2",
  description: "Quiet street, close to the university.",
  contactMethod: "whatsapp",
  contactPhone: "0803 123 4567",
};

function ownerForm(intent: string, photos: { name: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(FLAT)) form.set(name, value);
  form.set("intent", intent);
  for (const photo of photos) {
    form.append(
      "photos",
      new File([new Uint8Array(photo.bytes)], photo.name, { type: "image/jpeg" }),
    );
  }
  return form;
}

/** A form posted as a browser without JavaScript does: the page's address, cookies, Origin. */
async function post(pathname: string, body: FormData, cookie = owner.cookie) {
  const answer = await fetch(`${server.origin}${pathname}`, {
    method: "POST",
    headers: { cookie, Origin: server.origin },
    body,
    redirect: "manual",
  });
  return {
    status: answer.status,
    location: answer.headers.get("location"),
    text: await answer.text(),
  };
}

async function photosOf(submissionId: string) {
  return db
    .select({ url: submissionPhotos.mediaUrl, fingerprint: submissionPhotos.fingerprint })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId));
}

const SUBMISSION_PATH = /^\/dashboard\/listings\/submissions\/([0-9a-f-]{36})$/;

describe("an owner's phone photos", () => {
  it("are real multi-megabyte JPEGs: about 5 MB and 10 MB, the larger within the cap", () => {
    expect(fiveMb.length).toBeGreaterThan(4_800_000);
    expect(tenMb.length).toBeGreaterThan(9_700_000);
    expect(tenMb.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect(fiveMb.length + tenMb.length).toBeGreaterThan(FORM_BODY_LIMIT_BYTES * 50);
    expect(fiveMb.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  let draftId = "";

  it("are taken on /list-your-property: a new draft with both", async () => {
    const answer = await post(
      "/list-your-property",
      ownerForm("save", [
        { name: "front.jpg", bytes: fiveMb },
        { name: "kitchen.jpg", bytes: tenMb },
      ]),
    );
    expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    draftId = SUBMISSION_PATH.exec(answer.location ?? "")?.[1] ?? "";
    expect(draftId).not.toBe("");
    const photos = await photosOf(draftId);
    expect(photos).toHaveLength(2);
    for (const photo of photos) {
      expect(photo.url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
      // Fingerprinted as it was accepted, to catch a photo copied from another listing.
      expect(photo.fingerprint).toMatch(/^[01]{256}$/);
    }
  }, 60_000);

  it("are taken on /dashboard/listings/submissions/:id: two more on the draft", async () => {
    const answer = await post(
      `/dashboard/listings/submissions/${draftId}`,
      ownerForm("save", [
        { name: "bedroom.jpg", bytes: tenMb },
        { name: "garden.jpg", bytes: fiveMb },
      ]),
    );
    expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    expect(answer.location).toBe(`/dashboard/listings/submissions/${draftId}`);
    // The same pictures are stored once each (under their hash) but belong to the draft twice.
    expect(await photosOf(draftId)).toHaveLength(4);
  }, 60_000);

  it("are taken on /dashboard/listings/:id: a change to a live listing with both", async () => {
    const listingId = await createProperty("Owner's live flat");
    await db.update(properties).set({ ownerId: owner.id }).where(eq(properties.id, listingId));
    // The change form posts the version its page gave it (issue 42): read it as a browser would.
    const page = await fetch(`${server.origin}/dashboard/listings/${listingId}`, {
      headers: { cookie: owner.cookie },
    });
    const version = /name="version" value="([^"]+)"/.exec(await page.text())?.[1];
    if (!version) throw new Error("no version on the owner's change form");
    const form = ownerForm("submit", [
      { name: "front.jpg", bytes: fiveMb },
      { name: "kitchen.jpg", bytes: tenMb },
    ]);
    form.set("version", version);
    const answer = await post(`/dashboard/listings/${listingId}`, form);
    expect(answer.status, answer.text.slice(0, 300)).toBe(302);
    const changeId = SUBMISSION_PATH.exec(answer.location ?? "")?.[1] ?? "";
    const [change] = await db
      .select({ kind: propertySubmissions.kind, propertyId: propertySubmissions.propertyId })
      .from(propertySubmissions)
      .where(eq(propertySubmissions.id, changeId));
    expect(change).toEqual({ kind: "change", propertyId: listingId });
    const changed = await photosOf(changeId);
    expect(changed).toHaveLength(2);
    for (const photo of changed) expect(photo.fingerprint).toMatch(/^[01]{256}$/);
  }, 60_000);

  it("over 10 MB is refused in the form's words, keeping what was typed and storing nothing", async () => {
    const tooBig = await noisyJpeg(11_000_000);
    expect(tooBig.length).toBeGreaterThan(MAX_PHOTO_BYTES);
    const changed = ownerForm("save", [{ name: "huge.jpg", bytes: tooBig }]);
    changed.set("title", "A new title nobody saved");
    const answer = await post(`/dashboard/listings/submissions/${draftId}`, changed);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(PHOTO_MESSAGES.tooBig);
    expect(answer.text).toContain('value="A new title nobody saved"');
    expect(await photosOf(draftId)).toHaveLength(4);
    const [draft] = await db
      .select({ title: propertySubmissions.title })
      .from(propertySubmissions)
      .where(and(eq(propertySubmissions.id, draftId), eq(propertySubmissions.ownerId, owner.id)));
    expect(draft?.title).toBe(FLAT.title);
  }, 60_000);

  it("a body over the upload limit is refused before it is read, with the clear message", async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.origin}/dashboard/listings/submissions/${draftId}`,
        {
          method: "POST",
          headers: {
            cookie: owner.cookie,
            Origin: server.origin,
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(UPLOAD_BODY_LIMIT_BYTES + 1),
          },
        },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on("error", (error) => {
        if ((error as NodeJS.ErrnoException).code !== "EPIPE") reject(error);
      });
      request.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toBe(BODY_TOO_LARGE_MESSAGE);
  });

  it("signed out, /list-your-property keeps the form's limit: nothing of a visitor's is stored", async () => {
    const holds = (await db.select().from(submissionHolds)).length;
    // Their form has no photos (they come after signing in): a script's 5 MB is refused unread.
    const answer = await post(
      "/list-your-property",
      ownerForm("submit", [{ name: "front.jpg", bytes: fiveMb }]),
      "",
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(BODY_TOO_LARGE_MESSAGE);
    expect(await db.select().from(submissionHolds)).toHaveLength(holds);
    // Their own form, as the page posts it, is kept while they sign in.
    const typed = new FormData();
    for (const [name, value] of Object.entries(FLAT)) typed.set(name, value);
    typed.set("intent", "submit");
    const kept = await post("/list-your-property", typed, "");
    expect(kept.status).toBe(302);
    expect(kept.location).toMatch(/^\/signin\?redirectTo=/);
    expect(await db.select().from(submissionHolds)).toHaveLength(holds + 1);
  });
});
