import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { videos } from "~/db/schema";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { createVideo, getVideoForAdmin, updateVideo } from "~/models/admin-videos.server";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callAction } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { SLIDE_ROUTES, TEAM_ROUTES, VIDEO_ROUTES } from "./ordered-lists.server";

// The paths of the ordered-list module the screens' own tests (team, slideshow, videos) leave
// out: a post with an intent no form serves, a stale edit (409) and an edit of an unknown id.

await setupTestDatabase();
const ngozi = await createSignedInAdmin("ngozi-lists@example.com", { name: "Ngozi Okafor" });
const bayo = await createSignedInAdmin("bayo-lists@example.com", { name: "Bayo Adeyemi" });
const ID = "00000000-0000-4000-8000-000000000000";
const VIMEO = "https://player.vimeo.com/video/76979871";

type Body = {
  ok: boolean;
  error?: { title: string; message: string };
  conflict?: {
    change: { by: string } | null;
    conflicts: { name: string; theirs: string; yours: string }[];
  };
};

beforeEach(async () => {
  await db.delete(videos);
});

describe("an unknown intent", () => {
  it("is refused with 'Unknown action.' (400) on every list and item, writing nothing", async () => {
    for (const routes of [TEAM_ROUTES, SLIDE_ROUTES, VIDEO_ROUTES]) {
      for (const [action, params] of [
        [routes.listAction, {}],
        [routes.itemAction, { id: ID }],
      ] as const) {
        const answer = await callAction<Body>(action, "/admin/x", {
          cookie: ngozi.cookie,
          form: { intent: "rename", id: ID },
          params,
        });
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({ title: "Error", message: "Unknown action." });
      }
    }
  });
});

describe("editing an item", () => {
  it("refuses a save over a newer version (409) with the item as it is now, and keeps it", async () => {
    const created = await createVideo(ngozi.actor, {
      title: "Tour",
      description: "",
      videoUrl: VIMEO,
      isActive: true,
    });
    const id = created.id;
    const opened = await getVideoForAdmin(bayo.actor, id);
    await updateVideo(ngozi.actor, id, {
      title: "Tour of Lekki",
      description: "",
      videoUrl: VIMEO,
      isActive: false,
    });
    const answer = await callAction<Body>(VIDEO_ROUTES.itemAction, `/admin/videos/${id}`, {
      cookie: bayo.cookie,
      form: {
        intent: "update",
        title: "Bayo's title",
        videoUrl: VIMEO,
        isActive: "on",
        [VERSION_FIELD]: opened?.version ?? "",
      },
      params: { id },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.conflict?.change?.by).toBe("Ngozi Okafor");
    // A bare version (no base): every field sent that differs from the item now is asked about.
    expect(answer.body.conflict?.conflicts).toEqual([
      { name: "title", base: "Tour of Lekki", theirs: "Tour of Lekki", yours: "Bayo's title" },
      { name: "isActive", base: "", theirs: "", yours: "on" },
    ]);
    const [row] = await db.select().from(videos).where(eq(videos.id, id));
    expect(row?.title).toBe("Tour of Lekki");
  });

  it("answers 404 for a valid form posted to an unknown id", async () => {
    const answer = await callAction<Body>(VIDEO_ROUTES.itemAction, `/admin/videos/${ID}`, {
      cookie: ngozi.cookie,
      form: { intent: "update", title: "Lost", videoUrl: VIMEO, isActive: "on", version: "x" },
      params: { id: ID },
    });
    expect(answer.status).toBe(404);
    expect(await db.select().from(videos)).toEqual([]);
  });
});
