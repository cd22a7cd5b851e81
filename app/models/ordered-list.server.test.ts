import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, slideshowItems, teamMembers, videos } from "~/db/schema";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createSlide, moveSlide, setSlideActive } from "./admin-slideshow.server";
import { createTeamMember, moveTeamMember } from "./admin-team.server";
import { createVideo, moveVideo, setVideoActive } from "./admin-videos.server";
import { listActiveSlides } from "./slideshow.server";
import { listActiveVideos } from "./video.server";

// The one ordering mechanism of the team, the slides and the videos (spec §4): moves swap
// neighbours, the ends stay put, drops shift the items between, new items go last by the spec's
// rule for each list, and the toggle hides an item from the public page.

await setupTestDatabase();
const admin = await createSignedInAdmin("orderer@example.com");

const SLIDE = {
  title: "",
  description: "",
  mediaUrl: "/media/uploads/a.webp",
  mediaType: "image" as const,
  linkUrl: null,
  category: "finished" as const,
  isActive: true,
};

async function slideOrder() {
  const rows = await db
    .select({ title: slideshowItems.title, sortOrder: slideshowItems.sortOrder })
    .from(slideshowItems)
    .orderBy(asc(slideshowItems.sortOrder), asc(slideshowItems.createdAt));
  return rows;
}

async function addSlides(...titles: string[]) {
  const ids: string[] = [];
  for (const title of titles) {
    const created = await createSlide(admin.actor, { ...SLIDE, title });
    ids.push(created.id);
  }
  return ids;
}

beforeEach(async () => {
  await db.delete(slideshowItems);
  await db.delete(videos);
  await db.delete(teamMembers);
});

describe("moving", () => {
  it("swaps a slide with its neighbour, renumbered 0..n-1, and the home gallery follows", async () => {
    const [, , c] = await addSlides("A", "B", "C");
    expect((await moveSlide(admin.actor, c ?? "", "up")).ok).toBe(true);
    expect(await slideOrder()).toEqual([
      { title: "A", sortOrder: 0 },
      { title: "C", sortOrder: 1 },
      { title: "B", sortOrder: 2 },
    ]);
    expect((await listActiveSlides()).map((s) => s.title)).toEqual(["A", "C", "B"]);
  });

  it("leaves the first going up and the last going down where they are", async () => {
    const [a, , c] = await addSlides("A", "B", "C");
    expect((await moveSlide(admin.actor, a ?? "", "up")).ok).toBe(true);
    expect((await moveSlide(admin.actor, c ?? "", "down")).ok).toBe(true);
    expect((await slideOrder()).map((s) => s.title)).toEqual(["A", "B", "C"]);
  });

  it("drops an item at a position, the ones between shifting by one", async () => {
    const [a] = await addSlides("A", "B", "C", "D");
    await moveSlide(admin.actor, a ?? "", 2);
    expect((await slideOrder()).map((s) => s.title)).toEqual(["B", "C", "A", "D"]);
  });

  it("puts ties and gaps of older rows into one clear order before moving", async () => {
    await db.insert(videos).values([
      { title: "One", videoUrl: "https://player.vimeo.com/video/1", sortOrder: 5 },
      { title: "Two", videoUrl: "https://player.vimeo.com/video/2", sortOrder: 5 },
      { title: "Three", videoUrl: "https://player.vimeo.com/video/3", sortOrder: 9 },
    ]);
    const [three] = await db.select().from(videos).where(eq(videos.title, "Three"));
    await moveVideo(admin.actor, three?.id ?? "", "up");
    const rows = await db
      .select({ title: videos.title, sortOrder: videos.sortOrder })
      .from(videos)
      .orderBy(asc(videos.sortOrder));
    expect(rows.map((r) => r.sortOrder)).toEqual([0, 1, 2]);
    expect(rows.at(-1)?.title).not.toBe("Three");
    expect(rows.map((r) => r.title)).toContain("Three");
  });

  it("answers not-found for an unknown or malformed id, writing nothing", async () => {
    await addSlides("A");
    const audits = (await db.select().from(auditEvents)).length;
    expect(await moveSlide(admin.actor, "00000000-0000-4000-8000-000000000000", "up")).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await moveSlide(admin.actor, "not-an-id", "up")).toMatchObject({ ok: false });
    expect((await db.select().from(auditEvents)).length).toBe(audits);
  });

  it("keeps every item exactly once when several moves run at the same time", async () => {
    const ids = await addSlides("A", "B", "C", "D", "E");
    await Promise.all([
      moveSlide(admin.actor, ids[4] ?? "", 0),
      moveSlide(admin.actor, ids[0] ?? "", "down"),
      moveSlide(admin.actor, ids[2] ?? "", "up"),
      moveSlide(admin.actor, ids[3] ?? "", 1),
    ]);
    const order = await slideOrder();
    expect(order.map((s) => s.sortOrder)).toEqual([0, 1, 2, 3, 4]);
    expect(order.map((s) => s.title).sort()).toEqual(["A", "B", "C", "D", "E"]);
  });

  it("audits a move with the order before and after", async () => {
    const [a, b] = await addSlides("A", "B");
    await moveSlide(admin.actor, b ?? "", "up");
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "slide.move"), eq(auditEvents.entityId, b ?? "")));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actorUserId).toBe(admin.id);
    expect(rows[0]?.changes).toEqual({ order: { before: [a, b], after: [b, a] } });
  });
});

describe("new items go last", () => {
  it("gives items added at the same moment places of their own, even in an empty list", async () => {
    await Promise.all(
      ["A", "B", "C"].map((title) => createSlide(admin.actor, { ...SLIDE, title })),
    );
    expect((await slideOrder()).map((s) => s.sortOrder)).toEqual([0, 1, 2]);
  });

  it("a new slide's sort order is the current count", async () => {
    await db.insert(slideshowItems).values([
      { mediaUrl: "/a.webp", sortOrder: 0 },
      { mediaUrl: "/b.webp", sortOrder: 7 },
    ]);
    await addSlides("New");
    const [row] = await db.select().from(slideshowItems).where(eq(slideshowItems.title, "New"));
    expect(row?.sortOrder).toBe(2);
  });

  it("a new video's sort order is the highest plus one", async () => {
    const input = { title: "", description: "", isActive: true };
    await createVideo(admin.actor, { ...input, videoUrl: "https://player.vimeo.com/video/1" });
    await db.update(videos).set({ sortOrder: 7 });
    const created = await createVideo(admin.actor, {
      ...input,
      videoUrl: "https://player.vimeo.com/video/2",
    });
    const [row] = await db.select().from(videos).where(eq(videos.id, created.id));
    expect(row?.sortOrder).toBe(8);
  });

  it("a new team member goes after the others", async () => {
    const member = {
      position: "Agent",
      bio: "",
      email: "",
      phone: "",
      imageUrl: null,
      userId: "",
      isActive: true,
    };
    const first = await createTeamMember(admin.actor, { ...member, name: "First" });
    const second = await createTeamMember(admin.actor, { ...member, name: "Second" });
    if (!first.ok || !second.ok) throw new Error("a member without an account is never refused");
    await moveTeamMember(admin.actor, second.id, "up");
    const rows = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .orderBy(asc(teamMembers.sortOrder));
    expect(rows.map((r) => r.id)).toEqual([second.id, first.id]);
  });
});

describe("the active toggle", () => {
  it("hides a video from the home carousel and shows it again", async () => {
    const input = { title: "Tour", description: "", isActive: true };
    const { id } = await createVideo(admin.actor, {
      ...input,
      videoUrl: "https://player.vimeo.com/video/1",
    });
    expect((await listActiveVideos()).map((v) => v.id)).toEqual([id]);
    expect((await setVideoActive(admin.actor, id, false)).ok).toBe(true);
    expect(await listActiveVideos()).toEqual([]);
    expect((await setVideoActive(admin.actor, id, true)).ok).toBe(true);
    expect((await listActiveVideos()).map((v) => v.id)).toEqual([id]);
  });

  it("takes a slide out of the gallery", async () => {
    const [a, b] = await addSlides("A", "B");
    await setSlideActive(admin.actor, a ?? "", false);
    expect((await listActiveSlides()).map((s) => s.id)).toEqual([b]);
    expect(await setSlideActive(admin.actor, "not-an-id", false)).toMatchObject({ ok: false });
  });
});
