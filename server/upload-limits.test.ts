import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../tests/setup/env";

// The body limit is chosen by route, not by the start of the path: a form posted with
// JavaScript on goes to the route's data URL (`/website-editor.data`), which must get the
// upload limit like the page itself. Uploads go to a throw-away DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-limits-"));
setTestEnv({ DATA_DIR: dataDir });
const { db } = await import("~/db/client.server");
const { heroImages } = await import("~/db/schema");
const { bodyLimitFor, FORM_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_ROUTES } =
  await import("~/lib/body-limits");
const { createSignedInAdmin } = await import("../tests/setup/admin");
const { flatRoutes, startTestServer } = await import("../tests/setup/http-app");
const { setupTestDatabase } = await import("../tests/setup/test-database");

await setupTestDatabase();

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MULTIPART = "multipart/form-data; boundary=x";

describe("the body limit, by route", () => {
  it("gives every upload route the upload limit, as a page and as a data request", () => {
    for (const pathname of [
      "/website-editor",
      "/website-editor.data",
      "/website-editor/",
      "/admin/properties/new.data",
      "/admin/properties/0b6f3c3e-1111-4111-8111-111111111111",
      "/admin/properties/0b6f3c3e-1111-4111-8111-111111111111.data",
      "/admin/properties/0b6f3c3e-1111-4111-8111-111111111111/photos",
      "/admin/properties/import.data",
      "/admin/team/new.data",
      "/admin/slideshow/abc.data",
    ]) {
      expect(bodyLimitFor(pathname, MULTIPART), pathname).toBe(UPLOAD_BODY_LIMIT_BYTES);
    }
  });

  it("gives every other route, and a form that is not multipart, the form limit", () => {
    for (const pathname of [
      "/contact",
      "/contact.data",
      "/_root.data",
      "/website-editorial",
      "/website-editor/extra",
      "/admin/properties",
      "/admin/properties.data",
      "/admin/properties/a/photos/b",
      "/admin/team",
      "/admin/users/new",
    ]) {
      expect(bodyLimitFor(pathname, MULTIPART), pathname).toBe(FORM_BODY_LIMIT_BYTES);
    }
    expect(bodyLimitFor("/website-editor.data", "application/x-www-form-urlencoded")).toBe(
      FORM_BODY_LIMIT_BYTES,
    );
  });

  it("names only routes that exist in app/routes.ts", () => {
    const paths = new Set(flatRoutes().map((route) => route.path));
    for (const pattern of UPLOAD_ROUTES) expect(paths, pattern).toContain(pattern);
  });

  it("takes a hero picture over the form limit posted to /website-editor.data (JavaScript on)", async () => {
    const admin = await createSignedInAdmin("limits@example.com");
    // Noise does not compress: a PNG of about 600 KB, more than the 256 KB form limit.
    const noise = Buffer.alloc(480 * 420 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
    const png = await sharp(noise, { raw: { width: 480, height: 420, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(FORM_BODY_LIMIT_BYTES);
    const body = new FormData();
    body.set("intent", "image-upload");
    body.set("image", new File([new Uint8Array(png)], "wide.png", { type: "image/png" }));
    const answer = await fetch(`${server.origin}/website-editor.data`, {
      method: "POST",
      headers: { cookie: admin.cookie, Origin: server.origin },
      body,
      redirect: "manual",
    });
    expect(answer.status).not.toBe(413);
    expect(answer.status).toBeLessThan(400);
    const rows = await db.select({ mediaUrl: heroImages.mediaUrl }).from(heroImages);
    expect(rows.some((row) => /^\/media\/uploads\//.test(row.mediaUrl))).toBe(true);
  });
});
