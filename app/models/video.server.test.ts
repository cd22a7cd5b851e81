import { describe, expect, it } from "vitest";
import { db, setDatabase } from "~/db/client.server";
import { videos } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { listActiveVideos } from "./video.server";

const database = await setupTestDatabase();

describe("listActiveVideos", () => {
  it("is empty when there are no videos", async () => {
    expect(await listActiveVideos()).toEqual([]);
  });

  it("returns only active videos, in sort order", async () => {
    await db.insert(videos).values([
      { title: "Site tour", videoUrl: "https://youtu.be/dQw4w9WgXcQ", sortOrder: 2 },
      { title: "Old advert", videoUrl: "https://vimeo.com/1", sortOrder: 0, isActive: false },
      {
        title: "Estate launch",
        description: "Phase one handover",
        videoUrl: "https://vimeo.com/76979871",
        sortOrder: 1,
      },
    ]);

    const list = await listActiveVideos();
    expect(list.map((v) => v.title)).toEqual(["Estate launch", "Site tour"]);
    expect(list[0]).toEqual({
      id: expect.any(String),
      title: "Estate launch",
      description: "Phase one handover",
      videoUrl: "https://vimeo.com/76979871",
    });
  });

  it("shows no videos (and does not throw) when the database cannot be read", async () => {
    setDatabase(undefined);
    try {
      expect(await listActiveVideos()).toEqual([]);
    } finally {
      setDatabase(database);
    }
  });
});
