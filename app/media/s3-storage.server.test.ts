import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../tests/setup/env";
import { startS3TestServer } from "../../tests/setup/s3-test-server";

// Stored media in an S3-compatible bucket: a real local S3 server (s3rver: the S3 REST protocol,
// access keys checked, SigV4 signatures parsed but not verified), the site pointed at it
// through the S3_* variables. Uploads land in the
// bucket, /media/<key> answers them and their widths (cached on this instance's disk), and a
// removed object stops being answered even where a width was cached.
const started = await startS3TestServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "s3-media-"));
setTestEnv({ DATA_DIR: dataDir, ...(started.ok ? started.server.env : {}) });
if (!started.ok) console.warn(`Skipping the S3 storage tests: ${started.reason}`);

const { getMediaStorage } = await import("./storage.server");
const { createS3Storage, S3Error } = await import("./s3-storage.server");
const { acceptPhoto } = await import("./images.server");
const { removeMediaFile } = await import("./media-store.server");
const { loader } = await import("~/routes/resources/media");
const { action: editAction } = await import("~/routes/admin/property-edit");
const { setupTestDatabase } = await import("../../tests/setup/test-database");
const { createProperty } = await import("../../tests/setup/accounts");
const { createSignedInAdmin } = await import("../../tests/setup/admin");
const { callAction, routeArgs } = await import("../../tests/setup/route-calls");
const { db } = await import("~/db/client.server");
const { propertyMedia } = await import("~/db/schema");
const { eq } = await import("drizzle-orm");

await setupTestDatabase();
const admin = await createSignedInAdmin("s3-photos@example.com");

afterAll(async () => {
  if (started.ok) await started.server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function get(key: string, query = "", headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/media/${key}${query}`, { headers });
  return loader(routeArgs(request, { params: { "*": key } })) as Promise<Response>;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe.skipIf(!started.ok)("media in an S3-compatible bucket", () => {
  const server = started.ok ? started.server : undefined;

  it("is the storage the S3_* variables select", () => {
    expect(getMediaStorage().kind).toBe("s3");
  });

  it("puts, describes, reads, streams a range of and removes an object", async () => {
    const storage = getMediaStorage();
    const data = Buffer.from("hello from the bucket");
    await storage.put("tests/hello.webp", data, "image/webp");
    expect(await storage.stat("tests/hello.webp")).toMatchObject({ size: data.length });
    expect((await storage.read("tests/hello.webp"))?.toString()).toBe("hello from the bucket");
    const part = await storage.stream("tests/hello.webp", 6, 9);
    expect(Buffer.from(await new Response(part).arrayBuffer()).toString()).toBe("from");
    await storage.remove("tests/hello.webp");
    expect(await storage.stat("tests/hello.webp")).toBeUndefined();
    expect(await storage.read("tests/hello.webp")).toBeUndefined();
    // Removing what is not there is not an error.
    await storage.remove("tests/hello.webp");
  });

  it("reports the bucket's refusal (an unknown access key) as an error naming it", async () => {
    if (!server) return;
    const wrong = createS3Storage({
      endpoint: server.endpoint,
      bucket: server.bucket,
      region: "us-east-1",
      accessKeyId: "NOT-A-KEY",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const refused = await wrong.put("tests/x.webp", Buffer.from("x"), "image/webp").catch((e) => e);
    expect(refused).toBeInstanceOf(S3Error);
    expect((refused as InstanceType<typeof S3Error>).status).toBe(403);
    expect((refused as Error).message).toContain("InvalidAccessKeyId");
    expect(await getMediaStorage().stat("tests/x.webp")).toBeUndefined();
  });

  it("stores an accepted upload in the bucket and answers it and its widths at /media", async () => {
    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#2a6" },
    })
      .jpeg()
      .toBuffer();
    const accepted = await acceptPhoto(photo);
    if (!accepted.ok) throw new Error(accepted.message);
    const { key } = accepted.photo;
    // In the bucket, not under DATA_DIR/media.
    expect(await getMediaStorage().stat(key)).toBeDefined();
    expect(fs.existsSync(path.join(dataDir, "media", key))).toBe(false);

    const original = await get(key);
    expect(original.status).toBe(200);
    expect(original.headers.get("Content-Type")).toBe("image/webp");
    expect(original.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(await bytesOf(original)).metadata()).width).toBe(900);

    const ranged = await get(key, "", { Range: "bytes=0-11" });
    expect(ranged.status).toBe(206);
    expect((await bytesOf(ranged)).subarray(0, 4).toString()).toBe("RIFF");

    const small = await get(key, "?w=320");
    expect(small.status).toBe(200);
    expect((await sharp(await bytesOf(small)).metadata()).width).toBe(320);
    // The width is cached on this instance's disk, not written to the bucket.
    const cached = path.join(dataDir, "media-cache", "320", `${key}.webp`);
    expect(fs.existsSync(cached)).toBe(true);
    const etag = small.headers.get("ETag") ?? "";
    expect((await get(key, "?w=320", { "If-None-Match": etag })).status).toBe(304);

    await removeMediaFile(key);
    expect(await getMediaStorage().stat(key)).toBeUndefined();
    expect((await get(key)).status).toBe(404);
    expect((await get(key, "?w=320")).status).toBe(404);
  });

  it("stops answering a width cached before another instance removed the original", async () => {
    const photo = await sharp({
      create: { width: 700, height: 500, channels: 3, background: "#a62" },
    })
      .png()
      .toBuffer();
    const accepted = await acceptPhoto(photo);
    if (!accepted.ok) throw new Error(accepted.message);
    const { key } = accepted.photo;
    expect((await get(key, "?w=480")).status).toBe(200);
    const cached = path.join(dataDir, "media-cache", "480", `${key}.webp`);
    expect(fs.existsSync(cached)).toBe(true);
    // Removed straight from the bucket, as another instance would: this one's cache is stale.
    await getMediaStorage().remove(key);
    expect((await get(key, "?w=480")).status).toBe(404);
    expect(fs.existsSync(cached)).toBe(false);
  });

  it("stores a demo picture drawn on its first request in the bucket", async () => {
    const key = "generated/hero/3.webp";
    const response = await get(key);
    expect(response.status).toBe(200);
    expect((await sharp(await bytesOf(response)).metadata()).format).toBe("webp");
    expect(await getMediaStorage().stat(key)).toBeDefined();
  });

  it("runs an admin's upload and removal of a listing photo on the bucket", async () => {
    const id = await createProperty("Bucket house");
    const body = new FormData();
    body.set("intent", "photos-upload");
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: "#135" },
    })
      .jpeg()
      .toBuffer();
    body.append("photos", new File([new Uint8Array(jpeg)], "front.jpg", { type: "image/jpeg" }));
    const page = `/admin/properties/${id}`;
    const uploaded = await callAction(editAction, page, {
      cookie: admin.cookie,
      form: body,
      params: { id },
    });
    expect(uploaded.status).toBe(200);
    const [row] = await db
      .select({ id: propertyMedia.id, url: propertyMedia.mediaUrl })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, id));
    const key = (row?.url ?? "").replace("/media/", "");
    expect(await getMediaStorage().stat(key)).toBeDefined();
    expect((await get(key, "?w=160")).status).toBe(200);

    const removed = await callAction(editAction, page, {
      cookie: admin.cookie,
      form: { intent: "photo-remove", mediaId: row?.id ?? "", confirmed: "yes" },
      params: { id },
    });
    expect(removed.status).toBe(200);
    expect(await getMediaStorage().stat(key)).toBeUndefined();
    expect((await get(key, "?w=160")).status).toBe(404);
  });
});
