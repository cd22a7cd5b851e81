import { asc } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { createThrowawayDataDir } from "../../../tests/setup/data-dir";
import type { FormFailure } from "../../../tests/setup/route-calls";

// /admin/slideshow ('Slideshow Gallery'): add and edit with the media by upload or URL, the
// spec's messages, link URLs that are http(s) or this site only, delete after the spec's
// question, moves and the switch, and the home gallery following at once.
createThrowawayDataDir("admin-slides-");
const { db } = await import("~/db/client.server");
const { slideshowItems } = await import("~/db/schema");
const { callAction } = await import("../../../tests/setup/route-calls");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const { listActiveSlides } = await import("~/models/slideshow.server");
const list = await import("./slideshow");
const add = await import("./slide-new");
const editModule = await import("./slide");
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

await setupTestDatabase();

const admin = await createSignedInAdmin("slides-admin@example.com");
const LIST = "/admin/slideshow";

/** The form as the browser posts it: multipart, with an optional photo. */
function multipart(fields: Record<string, string>, photo?: Buffer) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set(
    "photo",
    photo
      ? new File([new Uint8Array(photo)], "site.jpg", { type: "image/jpeg" })
      : new File([], ""),
  );
  return body;
}

const BASE = { mediaType: "image", category: "finished", isActive: "on" };

function addSlide(fields: Record<string, string>, photo?: Buffer) {
  return callAction<FormFailure>(add.action, `${LIST}/new`, {
    cookie: admin.cookie,
    form: multipart({ intent: "create", ...fields }, photo),
  });
}

function editSlide(id: string, fields: Record<string, string>) {
  return callAction<FormFailure>(edit.action, `${LIST}/${id}`, {
    cookie: admin.cookie,
    form: multipart(fields),
    params: { id },
  });
}

function postList(form: Record<string, string>) {
  return callAction(list.action, LIST, { cookie: admin.cookie, form });
}

async function rows() {
  return db
    .select()
    .from(slideshowItems)
    .orderBy(asc(slideshowItems.sortOrder), asc(slideshowItems.createdAt));
}

beforeEach(async () => {
  await db.delete(slideshowItems);
});

describe("adding a slide", () => {
  it("takes an image on this site by its address, with the defaults (finished, image) and a site link", async () => {
    const answer = await addSlide({
      mediaType: "image",
      category: "finished",
      mediaUrl: "/media/generated/slide/finished/1.webp",
      title: "Lekki Towers",
      linkUrl: "/properties?city=Lagos",
      isActive: "on",
      back: LIST,
    });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join()).toContain("flash=slideAdded");
    expect(await rows()).toMatchObject([
      {
        title: "Lekki Towers",
        mediaUrl: "/media/generated/slide/finished/1.webp",
        mediaType: "image",
        category: "finished",
        linkUrl: "/properties?city=Lagos",
        isActive: true,
        sortOrder: 0,
      },
    ]);
  });

  it("takes an uploaded photo instead of a URL, stored by the pipeline", async () => {
    const photo = await sharp({
      create: { width: 160, height: 90, channels: 3, background: "#357" },
    })
      .jpeg()
      .toBuffer();
    const answer = await addSlide({ ...BASE, category: "under_construction", mediaUrl: "" }, photo);
    expect(answer.status).toBe(302);
    const [slide] = await rows();
    expect(slide?.mediaUrl).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(slide?.category).toBe("under_construction");
  });

  it("turns a video slide's YouTube link into its embed form", async () => {
    await addSlide({ ...BASE, mediaType: "video", mediaUrl: "https://youtu.be/dQw4w9WgXcQ" });
    expect((await rows())[0]?.mediaUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("refuses a missing media URL with 'Validation Error' / 'Media URL and type are required'", async () => {
    const answer = await addSlide({ ...BASE, mediaUrl: "  ", title: "Kept" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Validation Error",
      message: "Media URL and type are required",
    });
    expect(answer.body.fields?.mediaUrl).toBe("Media URL and type are required");
    expect(answer.body.values).toMatchObject({ title: "Kept", category: "finished" });
    const noType = await addSlide({ category: "finished", mediaUrl: "https://x.example/a.jpg" });
    expect(noType.body.error?.message).toBe("Media URL and type are required");
    expect(noType.body.fields?.mediaType).toBe("Media URL and type are required");
    expect(await rows()).toEqual([]);
  });

  it("refuses media and link URLs that are not http(s) or this site", async () => {
    for (const mediaUrl of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.example/a.jpg",
      // Another website's picture: the page's Content-Security-Policy would block it.
      "https://images.example.com/lekki.jpg",
      "http://images.example.com/lekki.jpg",
    ]) {
      const answer = await addSlide({ ...BASE, mediaUrl });
      expect(answer.status, mediaUrl).toBe(400);
      expect(answer.body.fields?.mediaUrl).toBe(
        "Please enter an image address on this site, starting with / (or upload a photo): pictures from other websites are not shown",
      );
    }
    for (const mediaUrl of ["https://evil.example/player", "https://cdn.example.com/tour.mp4"]) {
      const video = await addSlide({ ...BASE, mediaType: "video", mediaUrl });
      expect(video.status, mediaUrl).toBe(400);
      expect(video.body.fields?.mediaUrl).toMatch(/^Please enter a YouTube or Vimeo link/);
    }
    // A clip stored on this site is fine.
    expect(
      (await addSlide({ ...BASE, mediaType: "video", mediaUrl: "/media/clips/tour.mp4" })).status,
    ).toBe(302);
    await db.delete(slideshowItems);
    for (const linkUrl of [
      "javascript:alert(1)",
      "//evil.example",
      "mailto:a@b.ng",
      "/\\evil.example",
    ]) {
      const answer = await addSlide({ ...BASE, mediaUrl: "/media/x.webp", linkUrl });
      expect(answer.status, linkUrl).toBe(400);
      expect(answer.body.fields?.linkUrl).toBe(
        "Please enter a link starting with https://, http:// or / (a page of this site)",
      );
      expect(answer.body.error?.title).toBe("Failed to add slide");
    }
    const category = await addSlide({ ...BASE, mediaUrl: "/media/x.webp", category: "sold" });
    expect(category.body.fields?.category).toBe("Please choose a category");
    expect(await rows()).toEqual([]);
  });

  it("refuses an uploaded photo for a video slide", async () => {
    const photo = await sharp({
      create: { width: 20, height: 20, channels: 3, background: "#000" },
    })
      .png()
      .toBuffer();
    const answer = await addSlide({ ...BASE, mediaType: "video", mediaUrl: "" }, photo);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.photo).toBe(
      "Only photos can be uploaded: for a video slide, paste the video's link.",
    );
    expect(await rows()).toEqual([]);
  });

  it("gives a new slide the current count as its sort order", async () => {
    await db.insert(slideshowItems).values([
      { mediaUrl: "/a.webp", sortOrder: 4 },
      { mediaUrl: "/b.webp", sortOrder: 9 },
    ]);
    await addSlide({ ...BASE, mediaUrl: "/media/c.webp", title: "Third" });
    expect((await rows()).find((s) => s.title === "Third")?.sortOrder).toBe(2);
  });
});

describe("editing, deleting, ordering", () => {
  async function seed(...titles: string[]) {
    const inserted = await db
      .insert(slideshowItems)
      .values(titles.map((title, i) => ({ title, mediaUrl: `/media/${i}.webp`, sortOrder: i })))
      .returning({ id: slideshowItems.id });
    return inserted.map((r) => r.id);
  }

  it("saves every field but the place; empty optional values become null", async () => {
    const [a = "", b = ""] = await seed("A", "B");
    const answer = await editSlide(b, {
      intent: "update",
      ...BASE,
      category: "under_construction",
      mediaUrl: "https://vimeo.com/76979871",
      mediaType: "video",
      title: "",
      description: "",
      linkUrl: "",
      back: LIST,
    });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join()).toContain("flash=slideUpdated");
    const [, slide] = await rows();
    expect(slide).toMatchObject({
      id: b,
      title: null,
      linkUrl: null,
      mediaUrl: "https://player.vimeo.com/video/76979871",
      mediaType: "video",
      category: "under_construction",
      sortOrder: 1,
    });
    expect((await rows())[0]?.id).toBe(a);
  });

  it("refuses a missing media URL on edit, changing nothing", async () => {
    const [a = ""] = await seed("A");
    const answer = await editSlide(a, { intent: "update", ...BASE, mediaUrl: "" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Validation Error",
      message: "Media URL and type are required",
    });
    expect((await rows())[0]?.mediaUrl).toBe("/media/0.webp");
  });

  it("answers 404 for an unknown slide", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await editSlide(id, { intent: "update", ...BASE, mediaUrl: "/m.webp" })).status).toBe(
      404,
    );
    expect((await editSlide(id, { intent: "delete", confirmed: "yes" })).status).toBe(404);
  });

  it("asks 'Are you sure you want to delete this slide?' first", async () => {
    const [a = ""] = await seed("A");
    const asked = await editSlide(a, { intent: "delete" });
    expect(asked.body.confirm?.question).toBe("Are you sure you want to delete this slide?");
    expect(await rows()).toHaveLength(1);
    const done = await editSlide(a, { intent: "delete", confirmed: "yes", back: LIST });
    expect(done.cookies.join()).toContain("flash=slideDeleted");
    expect(await rows()).toEqual([]);
  });

  it("moves a slide up and the home gallery shows the new order at once", async () => {
    const [a = "", b = "", c = ""] = await seed("A", "B", "C");
    expect((await listActiveSlides()).map((s) => s.id)).toEqual([a, b, c]);
    const moved = await postList({ intent: "move", id: c, to: "up", back: LIST });
    expect(moved.location).toBe(LIST);
    expect((await listActiveSlides()).map((s) => s.id)).toEqual([a, c, b]);
    const off = await postList({ intent: "active", id: a, active: "false" });
    expect(off.cookies.join()).toContain("flash=slideUpdated");
    expect((await listActiveSlides()).map((s) => s.id)).toEqual([c, b]);
    const bad = await postList({ intent: "move", id: a, to: "-1" });
    expect(bad.status).toBe(400);
    expect((bad.body as FormFailure).error?.title).toBe("Failed to reorder slides");
  });
});
