import { describe, expect, it } from "vitest";
import { db, setDatabase } from "~/db/client.server";
import { slideshowItems } from "~/db/schema";
import { DEFAULT_SLIDES } from "~/lib/home-content";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { listActiveSlides } from "./slideshow.server";

const database = await setupTestDatabase();

describe("listActiveSlides", () => {
  it("falls back to the six built-in slides while the table is empty", async () => {
    const slides = await listActiveSlides();
    expect(slides).toHaveLength(6);
    expect(slides).toEqual(DEFAULT_SLIDES);
    expect(new Set(slides.map((s) => s.category))).toEqual(
      new Set(["finished", "under_construction"]),
    );
  });

  it("falls back to the built-in slides when the database cannot be read", async () => {
    setDatabase(undefined);
    try {
      expect(await listActiveSlides()).toEqual(DEFAULT_SLIDES);
    } finally {
      setDatabase(database);
    }
  });

  it("returns only active slides, in sort order", async () => {
    await db.insert(slideshowItems).values([
      { title: "Third", mediaUrl: "/media/c.webp", sortOrder: 3, category: "finished" },
      { title: "Hidden", mediaUrl: "/media/x.webp", sortOrder: 0, isActive: false },
      {
        title: "First",
        mediaUrl: "/media/a.mp4",
        mediaType: "video",
        sortOrder: 1,
        category: "under_construction",
        linkUrl: "/properties?type=new-developments",
      },
      { title: "Second", mediaUrl: "/media/b.webp", sortOrder: 2 },
    ]);

    const slides = await listActiveSlides();
    expect(slides.map((s) => s.title)).toEqual(["First", "Second", "Third"]);
    expect(slides[0]).toEqual({
      id: expect.any(String),
      title: "First",
      description: null,
      mediaUrl: "/media/a.mp4",
      mediaType: "video",
      linkUrl: "/properties?type=new-developments",
      category: "under_construction",
    });
  });

  it("falls back again when every slide is deactivated", async () => {
    await db.update(slideshowItems).set({ isActive: false });
    expect(await listActiveSlides()).toEqual(DEFAULT_SLIDES);
  });
});
