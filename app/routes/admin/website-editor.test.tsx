import fs from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { createThrowawayDataDir } from "../../../tests/setup/data-dir";
import type { FormFailure } from "../../../tests/setup/route-calls";

// /website-editor: each section's texts saved with the spec's messages and shown on the home
// page (as text, never HTML), and the hero backgrounds uploaded, ordered and removed. Files go
// to a throw-away DATA_DIR.
const dataDir = createThrowawayDataDir("website-editor-");
const { db } = await import("~/db/client.server");
const { auditEvents, heroImages, propertyMedia, websiteContent } = await import("~/db/schema");
const { HeroText } = await import("~/components/home/hero");
const { AboutText } = await import("~/components/home/home-teasers");
const { HERO_IMAGES, HOME_CONTENT_DEFAULTS } = await import("~/lib/home-content");
const { isMediaStored } = await import("~/media/media-store.server");
const { createProperty } = await import("../../../tests/setup/accounts");
const { callAction, callLoader, routeArgs } = await import("../../../tests/setup/route-calls");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const { loader: homeLoader } = await import("../public/home");
const { action: editorAction, loader } = await import("./website-editor");
const { postingOpenedVersion, openedVersion } = await import("../../../tests/setup/opened-version");

/** The editor's action; a section's form posts the version its page gave it (issue 42). */
const action = postingOpenedVersion(editorAction, ["save"], (form, cookie) =>
  openedVersion<{ versions: Record<string, string> }>(
    loader,
    "/website-editor",
    { cookie },
    (body) => body.versions[String(form.get("section"))],
  ).catch(() => undefined),
);

await setupTestDatabase();

const admin = await createSignedInAdmin("editor@example.com");

type Page = Awaited<ReturnType<typeof loader>>;

function page() {
  return callLoader<Page>(loader, "/website-editor", { cookie: admin.cookie });
}

async function upload(file: { name: string; data: Buffer } | undefined) {
  const body = new FormData();
  body.set("intent", "image-upload");
  if (file) body.set("image", new File([new Uint8Array(file.data)], file.name));
  return callAction<FormFailure>(action, "/website-editor", { cookie: admin.cookie, form: body });
}

function photo(colour: string) {
  return sharp({ create: { width: 96, height: 54, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function home() {
  return homeLoader(routeArgs("/"));
}

async function stored() {
  return db
    .select({ id: heroImages.id, mediaUrl: heroImages.mediaUrl })
    .from(heroImages)
    .orderBy(asc(heroImages.sortOrder));
}

/** Whether the file behind a /media/ URL is in the media storage. */
function isStored(mediaUrl: string) {
  return isMediaStored(mediaUrl.replace(/^\/media\//, ""));
}

const HERO = {
  intent: "save",
  section: "hero",
  title: "Homes for every Nigerian family",
  subtitle: "Abuja · Lagos · Port Harcourt",
  description: "Verified listings.\nViewings seven days a week.",
};

describe("the texts", () => {
  beforeEach(async () => {
    await db.delete(websiteContent);
  });

  it("loads the four sections with the defaults, and the built-in pictures", async () => {
    const { body } = await page();
    expect(body.content).toEqual(HOME_CONTENT_DEFAULTS);
    // Nothing changed yet: the set is the four built-in pictures.
    expect(body.images).toEqual(
      HERO_IMAGES.map((mediaUrl, i) => ({ id: `builtin-${i + 1}`, mediaUrl, builtIn: true })),
    );
  });

  it("saves a section; the home page shows it at once", async () => {
    const answer = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: HERO,
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/website-editor#hero");
    expect(answer.cookies.join()).toContain("flash=contentUpdated");
    const content = (await home()).content;
    expect(content.hero_title).toBe(HERO.title);
    expect(content.hero_subtitle).toBe(HERO.subtitle);
    expect(content.hero_description).toBe(HERO.description);
    expect(content.about_title).toBe(HOME_CONTENT_DEFAULTS.about_title);
    const [audit] = await db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, "hero"));
    expect(audit?.action).toBe("website-content.update");
    expect(audit?.changes).toMatchObject({
      hero_title: { before: HOME_CONTENT_DEFAULTS.hero_title, after: HERO.title },
    });

    // A subtitle cleared on purpose stays empty on the home page.
    await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { ...HERO, section: "contact", title: "Talk to us", subtitle: "" },
    });
    const after = (await home()).content;
    expect(after.contact_title).toBe("Talk to us");
    expect(after.contact_subtitle).toBe("");
  });

  it.each([
    [{ title: "   " }, "title", "Please enter a title"],
    [{ title: "x".repeat(121) }, "title", "Please keep this under 120 characters"],
    [{ subtitle: "x".repeat(201) }, "subtitle", "Please keep this under 200 characters"],
    [{ description: "x".repeat(1501) }, "description", "Please keep this under 1500 characters"],
  ])(
    "refuses %o with 'Failed to update content', keeping what was typed",
    async (change, field, message) => {
      const form = { ...HERO, section: "about", ...change };
      const answer = await callAction<FormFailure>(action, "/website-editor", {
        cookie: admin.cookie,
        form,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ title: "Failed to update content", message });
      expect(answer.body.fields?.[field]).toBe(message);
      expect(answer.body.values).toMatchObject({ section: "about", ...change });
      expect(await db.select().from(websiteContent)).toEqual([]);
    },
  );

  it("answers 404 for a section the home page does not have", async () => {
    expect(
      (
        await callAction<FormFailure>(action, "/website-editor", {
          cookie: admin.cookie,
          form: { ...HERO, section: "footer" },
        })
      ).status,
    ).toBe(404);
    expect(await db.select().from(websiteContent)).toEqual([]);
  });

  it("keeps markup as text: stored as typed, shown escaped, never as HTML", async () => {
    const title = '<script>alert("x")</script><b>Bold</b>';
    const description = '<img src=x onerror="alert(1)">';
    await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { ...HERO, section: "about", title, description },
    });
    const content = (await home()).content;
    expect(content.about_title).toBe(title);
    const html = renderToString(<AboutText content={content} />);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    const hero = renderToString(
      <HeroText
        content={{ ...content, hero_title: title, hero_subtitle: "", hero_description: "" }}
      />,
    );
    expect(hero).toContain("&lt;b&gt;Bold&lt;/b&gt;");
  });
});

describe("the hero backgrounds", () => {
  beforeEach(async () => {
    await db.delete(heroImages);
    await db.delete(propertyMedia);
  });

  it("adds an upload to the four built-in pictures, which the home page then rotates, in order", async () => {
    const first = await upload({ name: "lagos.jpg", data: await photo("#aa3300") });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/website-editor#images");
    expect(first.cookies.join()).toContain("flash=imageUploaded");
    await upload({ name: "abuja.png", data: await photo("#0033aa") });
    const images = await stored();
    // The built-in four stay, in their order; the uploads join them at the end.
    expect(images).toHaveLength(6);
    expect(images.slice(0, 4).map((i) => i.mediaUrl)).toEqual(HERO_IMAGES);
    for (const image of images.slice(4)) {
      expect(image.mediaUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
      expect(await isStored(image.mediaUrl)).toBe(true);
    }
    expect((await home()).heroImages.map((i) => i.mediaUrl)).toEqual(images.map((i) => i.mediaUrl));
    const { body } = await page();
    expect(body.images.map((i) => i.id)).toEqual(images.map((i) => i.id));
    expect(body.images.map((i) => i.builtIn)).toEqual([true, true, true, true, false, false]);

    const a = images[4];
    const b = images[5];
    const moved = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-up", id: b?.id ?? "" },
    });
    expect(moved.cookies.join()).toContain("flash=heroImageMoved");
    expect((await stored()).map((i) => i.id).slice(4)).toEqual([b?.id, a?.id]);
    // Up to the front, where it cannot go further: nothing changes then.
    for (let i = 0; i < 5; i++)
      await callAction<FormFailure>(action, "/website-editor", {
        cookie: admin.cookie,
        form: { intent: "image-up", id: b?.id ?? "" },
      });
    expect((await stored())[0]?.id).toBe(b?.id);
    expect((await home()).heroImages[0]?.mediaUrl).toBe(b?.mediaUrl);
  });

  it("moves and removes a built-in picture before anything was uploaded", async () => {
    const moved = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-down", id: "builtin-1" },
    });
    expect(moved.status).toBe(302);
    expect((await stored()).map((i) => i.mediaUrl)).toEqual([
      HERO_IMAGES[1],
      HERO_IMAGES[0],
      HERO_IMAGES[2],
      HERO_IMAGES[3],
    ]);
    // A page opened before that change still names the built-in picture by its place.
    const removed = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-remove", id: "builtin-3", confirmed: "yes" },
    });
    expect(removed.cookies.join()).toContain("flash=heroImageRemoved");
    expect((await stored()).map((i) => i.mediaUrl)).toEqual([
      HERO_IMAGES[1],
      HERO_IMAGES[0],
      HERO_IMAGES[3],
    ]);
    const audits = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.action, "website-content.hero-remove"));
    expect(audits.length).toBeGreaterThan(0);
  });

  it.each([
    [undefined, "Please choose a picture."],
    [
      { name: "notes.jpg", data: Buffer.from("not a picture at all") },
      "This file is not a photo we can use (JPEG, PNG, WebP, AVIF or HEIC).",
    ],
    [
      { name: "logo.svg", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      "This file is not a photo we can use (JPEG, PNG, WebP, AVIF or HEIC).",
    ],
  ])("refuses %s with 'Failed to upload image'", async (file, message) => {
    const answer = await upload(file);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ title: "Failed to upload image", message });
    expect(await stored()).toEqual([]);
  });

  it("keeps at most eight, and the refused upload's file is not kept", async () => {
    await db.insert(heroImages).values(
      Array.from({ length: 8 }, (_, i) => ({
        mediaUrl: `/media/uploads/${i}.webp`,
        width: 1920,
        height: 1080,
        sortOrder: i,
      })),
    );
    const uploads = path.join(dataDir, "media", "uploads");
    const filesNow = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);
    const before = filesNow();
    const answer = await upload({ name: "ninth.jpg", data: await photo("#123456") });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe("At most 8 background images: remove one first");
    expect(await stored()).toHaveLength(8);
    expect(filesNow()).toEqual(before);
  });

  it("asks before removing, removes the picture and its file unless a listing shows it too", async () => {
    await upload({ name: "one.jpg", data: await photo("#a0a0a0") });
    await upload({ name: "two.jpg", data: await photo("#b0b0b0") });
    const [one, two] = (await stored()).slice(4);
    if (!one || !two) throw new Error("uploads missing");
    // A listing uses the same stored file as picture two.
    const propertyId = await createProperty("Shared photo house");
    await db.insert(propertyMedia).values({ propertyId, mediaUrl: two.mediaUrl });

    const ask = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-remove", id: one.id },
    });
    expect(ask.body.confirm?.question).toBe("Remove this background image?");
    expect(await stored()).toHaveLength(6);

    const removed = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-remove", id: one.id, confirmed: "yes" },
    });
    expect(removed.cookies.join()).toContain("flash=heroImageRemoved");
    expect(await isStored(one.mediaUrl)).toBe(false);
    await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-remove", id: two.id, confirmed: "yes" },
    });
    expect(await isStored(two.mediaUrl)).toBe(true);
    // The built-in pictures are still there.
    expect((await stored()).map((i) => i.mediaUrl)).toEqual(HERO_IMAGES);

    // The last picture cannot go: the hero needs one.
    for (const image of (await stored()).slice(1)) {
      await callAction<FormFailure>(action, "/website-editor", {
        cookie: admin.cookie,
        form: { intent: "image-remove", id: image.id, confirmed: "yes" },
      });
    }
    const [last] = await stored();
    const refused = await callAction<FormFailure>(action, "/website-editor", {
      cookie: admin.cookie,
      form: { intent: "image-remove", id: last?.id ?? "", confirmed: "yes" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(
      "The home page needs at least one background picture: upload another before removing this one.",
    );
    expect(await stored()).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed picture id", async () => {
    const unknown = "00000000-0000-4000-8000-000000000999";
    expect(
      (
        await callAction<FormFailure>(action, "/website-editor", {
          cookie: admin.cookie,
          form: { intent: "image-up", id: unknown },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction<FormFailure>(action, "/website-editor", {
          cookie: admin.cookie,
          form: { intent: "image-down", id: "x" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction<FormFailure>(action, "/website-editor", {
          cookie: admin.cookie,
          form: { intent: "image-remove", id: unknown, confirmed: "yes" },
        })
      ).status,
    ).toBe(404);
  });
});
