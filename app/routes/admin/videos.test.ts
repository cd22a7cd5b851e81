import { asc } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { videos } from "~/db/schema";
import { listActiveVideos } from "~/models/video.server";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as homeLoader } from "../public/home";
import * as editModule from "./video";

/** The video's page; its edit form posts the version the page gave it. */
const edit = {
  ...editModule,
  action: postingOpenedVersion(editModule.action, ["update"], (_form, cookie, params) =>
    openedVersion<{ item: { version: string } }>(
      editModule.loader,
      `/admin/videos/${params.id}`,
      { cookie, params },
      (body) => body.item.version,
    ).catch(() => undefined),
  ),
};

import * as add from "./video-new";
import * as list from "./videos";

// /admin/videos ('Featured Videos'): links normalised to the embed form, 'Video URL is
// required', other sites refused, delete after the spec's question, moves and the switch, and
// the home carousel following at once.

await setupTestDatabase();
const admin = await createSignedInAdmin("videos-admin@example.com");
const LIST = "/admin/videos";

function addVideo(fields: Record<string, string>) {
  return callAction<FormFailure>(add.action, `${LIST}/new`, {
    cookie: admin.cookie,
    form: { intent: "create", ...fields },
  });
}

function editVideo(id: string, form: Record<string, string>) {
  return callAction<FormFailure>(edit.action, `${LIST}/${id}`, {
    cookie: admin.cookie,
    form,
    params: { id },
  });
}

function postList(form: Record<string, string>) {
  return callAction(list.action, LIST, { cookie: admin.cookie, form });
}

async function rows() {
  return db.select().from(videos).orderBy(asc(videos.sortOrder), asc(videos.createdAt));
}

async function homeVideoIds() {
  const page = await callLoader<{ videos: { id: string }[] }>(homeLoader, "/");
  return page.body.videos.map((v) => v.id);
}

beforeEach(async () => {
  await db.delete(videos);
});

describe("adding a video", () => {
  it.each([
    [
      "a watch link",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "a short link",
      "https://youtu.be/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "a Shorts link",
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    [
      "an embed code",
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    ],
    ["a Vimeo page", "https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
  ])("stores %s as the player's embed URL", async (_name, videoUrl, stored) => {
    const answer = await addVideo({ title: "Tour", videoUrl, isActive: "on", back: LIST });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join()).toContain("flash=videoAdded");
    expect(await rows()).toMatchObject([{ title: "Tour", videoUrl: stored, isActive: true }]);
  });

  it("refuses an empty link with 'Video URL is required', keeping what was typed", async () => {
    const answer = await addVideo({ title: "Typed title", description: "Typed", videoUrl: "   " });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Validation Error",
      message: "Video URL is required",
    });
    expect(answer.body.fields?.videoUrl).toBe("Video URL is required");
    expect(answer.body.values).toMatchObject({ title: "Typed title", description: "Typed" });
    expect(await rows()).toEqual([]);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    '<iframe src="https://evil.example/embed/x"></iframe>',
    "https://www.facebook.com/watch/?v=1",
  ])("refuses %s: only YouTube and Vimeo are shown", async (videoUrl) => {
    const answer = await addVideo({ videoUrl });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.videoUrl).toBe(
      "Please paste a YouTube or Vimeo link (or its embed code): other sites' players are not shown.",
    );
    expect(answer.body.error?.title).toBe("Failed to add video");
    expect(await rows()).toEqual([]);
  });

  it("gives a new video the highest sort order plus one", async () => {
    await db.insert(videos).values({ videoUrl: "https://player.vimeo.com/video/1", sortOrder: 6 });
    await addVideo({ videoUrl: "https://vimeo.com/2", title: "New" });
    expect((await rows()).find((v) => v.title === "New")?.sortOrder).toBe(7);
  });
});

describe("editing, deleting, ordering", () => {
  async function seed(...titles: string[]) {
    const inserted = await db
      .insert(videos)
      .values(
        titles.map((title, i) => ({
          title,
          videoUrl: `https://player.vimeo.com/video/${i + 1}`,
          sortOrder: i,
        })),
      )
      .returning({ id: videos.id });
    return inserted.map((r) => r.id);
  }

  it("saves the fields; a refused link changes nothing", async () => {
    const [a = ""] = await seed("A");
    const saved = await editVideo(a, {
      intent: "update",
      title: "Renamed",
      videoUrl: "https://youtu.be/dQw4w9WgXcQ?t=90",
      isActive: "on",
      back: LIST,
    });
    expect(saved.status).toBe(302);
    expect(saved.cookies.join()).toContain("flash=videoUpdated");
    expect((await rows())[0]).toMatchObject({
      title: "Renamed",
      videoUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90",
    });
    const refused = await editVideo(a, { intent: "update", title: "X", videoUrl: "" });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe("Video URL is required");
    expect((await rows())[0]?.title).toBe("Renamed");
    const unknown = await editVideo("00000000-0000-4000-8000-000000000000", {
      intent: "update",
      videoUrl: "https://vimeo.com/1",
    });
    expect(unknown.status).toBe(404);
  });

  it("asks 'Are you sure you want to delete this video?' first", async () => {
    const [a = ""] = await seed("A");
    const asked = await editVideo(a, { intent: "delete" });
    expect(asked.body.confirm?.question).toBe("Are you sure you want to delete this video?");
    const done = await editVideo(a, { intent: "delete", confirmed: "yes", back: LIST });
    expect(done.cookies.join()).toContain("flash=videoDeleted");
    expect(await rows()).toEqual([]);
  });

  it("a deactivated video leaves the home page; moves reorder the carousel", async () => {
    const [a = "", b = "", c = ""] = await seed("A", "B", "C");
    expect(await homeVideoIds()).toEqual([a, b, c]);
    await postList({ intent: "active", id: b, active: "false", js: "1" });
    expect(await homeVideoIds()).toEqual([a, c]);
    await postList({ intent: "move", id: c, to: "0", js: "1" });
    expect(await homeVideoIds()).toEqual([c, a]);
    expect((await listActiveVideos()).map((v) => v.id)).toEqual([c, a]);
    const bad = await postList({ intent: "move", id: a, to: "?" });
    expect((bad.body as FormFailure).error?.title).toBe("Failed to reorder videos");
  });
});
