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
const { flatRoutes, routeModule, startTestServer } = await import("../tests/setup/http-app");
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

const OWNER_UPLOAD_ROUTES = [
  "/list-your-property",
  "/dashboard/listings/submissions/:id",
  "/dashboard/listings/:id",
];

/**
 * Routes whose modules share server code that reads files with routes that do, without reading
 * any themselves: the ordered-list screens are one module (ordered-list-routes.server.ts) bound
 * to each list; only team members and slides carry a photo (`photo: true`), and only on add
 * and edit. Their lists take the moves and the Active switch, videos take no file at all.
 */
const SHARES_UPLOAD_CODE: Record<string, string> = {
  "/admin/team": "the list: moves and the Active switch, no photo",
  "/admin/slideshow": "the list: moves and the Active switch, no photo",
  "/admin/videos": "the list: moves and the Active switch, no photo",
  "/admin/videos/new": "a video is a URL (VIDEO_ROUTES has photo: false)",
  "/admin/videos/:id": "a video is a URL (VIDEO_ROUTES has photo: false)",
};

/** What reads posted files: the streamed photo reader, or a form value taken as a File. */
const READS_FILES = [
  /(?<!function )\breadUploadForm\(/,
  /(?<!function )\breadTitleDocumentUpload\(/,
  /\binstanceof File\b/,
];

const APP = path.resolve(import.meta.dirname, "../app");

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const ending of ["", ".ts", ".tsx", "/index.ts"]) {
    const file = base + ending;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return undefined;
}

/**
 * The modules through which a route's module (as app/routes.ts names it) reads posted files:
 * itself and every server module it imports, directly or not (an action's code lives in the
 * route or in `.server` modules; components run in the browser and read no request).
 */
function fileReadersOf(routeFile: string): string[] {
  const start = path.join(APP, routeFile);
  const seen = new Set([start]);
  const queue = [start];
  for (let file = queue.pop(); file; file = queue.pop()) {
    const source = fs.readFileSync(file, "utf8");
    for (const [, specifier = ""] of source.matchAll(/(?:from|import\()\s*"([^"]+)"/g)) {
      const imported = resolveImport(file, specifier);
      if (!imported || seen.has(imported) || !/\.server\.tsx?$/.test(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return [...seen]
    .filter((file) => READS_FILES.some((pattern) => pattern.test(fs.readFileSync(file, "utf8"))))
    .map((file) => path.relative(path.dirname(APP), file))
    .sort();
}

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
      "/list-your-property",
      "/list-your-property.data",
      "/dashboard/listings/0b6f3c3e-1111-4111-8111-111111111111",
      "/dashboard/listings/0b6f3c3e-1111-4111-8111-111111111111.data",
      "/dashboard/listings/submissions/0b6f3c3e-1111-4111-8111-111111111111",
      "/dashboard/listings/submissions/0b6f3c3e-1111-4111-8111-111111111111.data",
      // Other spellings of the same routes, which the router matches (case, %-escapes).
      "/LIST-YOUR-PROPERTY",
      "/list-your-%70roperty.data",
      "/Admin/Properties/NEW",
      "/admin/properties/%6eew.data",
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
      "/dashboard/listings",
      "/dashboard/profile",
      "/list-your-property/extra",
      "/list-your-propert%",
      "/list-your-property%2Fx",
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

  it("lists every route of app/routes.ts whose action reads uploaded files, and no other", () => {
    const readers = flatRoutes()
      .filter((route) => routeModule(route.file).action)
      .map((route) => ({ ...route, readers: fileReadersOf(route.file) }))
      .filter((route) => route.readers.length > 0);
    const listed = new Set<string>(UPLOAD_ROUTES);
    const missing = readers
      .filter((route) => !listed.has(route.path) && !(route.path in SHARES_UPLOAD_CODE))
      .map((route) => `${route.path} (${route.file} reads files through ${route.readers})`);
    expect(missing, "routes that read files but get the form's body limit").toEqual([]);
    // Nothing listed (or excused) without a reason: each still reaches a file reader.
    const found = new Set(readers.map((route) => route.path));
    for (const pattern of [...UPLOAD_ROUTES, ...Object.keys(SHARES_UPLOAD_CODE)]) {
      expect(found, `${pattern} reads no files any more`).toContain(pattern);
    }
    for (const pattern of Object.keys(SHARES_UPLOAD_CODE)) expect(listed).not.toContain(pattern);
    // The owners' three, which once were missing (issue 42).
    for (const pattern of OWNER_UPLOAD_ROUTES) expect(listed).toContain(pattern);
  });

  it("finds a file reader however the route reaches it", () => {
    expect(fileReadersOf("routes/admin/property-new.tsx")).toContain(
      "app/routes/admin/property-new.tsx",
    );
    expect(fileReadersOf("routes/dashboard/listing.tsx")).toEqual([
      "app/http/owner-submission.server.ts",
    ]);
    expect(fileReadersOf("routes/admin/team-new.tsx")).toEqual([
      "app/routes/admin/admin-photo.server.ts",
    ]);
    expect(fileReadersOf("routes/public/contact.tsx")).toEqual([]);
    expect(fileReadersOf("routes/admin/users.tsx")).toEqual([]);
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
