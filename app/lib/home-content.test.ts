import { describe, expect, it } from "vitest";
import {
  DEFAULT_SLIDES,
  HOME_CONTENT_DEFAULTS,
  parseFeaturedFilter,
  resolveHomeContent,
} from "./home-content";

describe("resolveHomeContent", () => {
  it("lays stored texts over the defaults and ignores blank values and other keys", () => {
    const content = resolveHomeContent({
      hero_title: "  Homes in Abuja  ",
      about_title: "",
      services_title: "   ",
      unrelated: "ignored",
    });
    expect(content.hero_title).toBe("Homes in Abuja");
    expect(content.about_title).toBe(HOME_CONTENT_DEFAULTS.about_title);
    expect(content.services_title).toBe(HOME_CONTENT_DEFAULTS.services_title);
    expect(content).not.toHaveProperty("unrelated");
  });

  it("keeps a subtitle or description saved empty, and falls back for missing ones", () => {
    const content = resolveHomeContent({ hero_subtitle: "", about_description: "  " });
    expect(content.hero_subtitle).toBe("");
    expect(content.about_description).toBe("");
    expect(content.services_subtitle).toBe(HOME_CONTENT_DEFAULTS.services_subtitle);
    expect(content.contact_title).toBe(HOME_CONTENT_DEFAULTS.contact_title);
  });
});

describe("parseFeaturedFilter", () => {
  it.each([
    ["sale", "sale"],
    ["rent", "rent"],
    [null, "all"],
    ["", "all"],
    ["RENT", "all"],
    ["lease", "all"],
  ] as const)("reads %j as %s", (value, expected) => {
    expect(parseFeaturedFilter(value)).toBe(expected);
  });
});

describe("DEFAULT_SLIDES", () => {
  it("has the spec's six built-in items across both categories, with unique ids", () => {
    expect(DEFAULT_SLIDES).toHaveLength(6);
    expect(new Set(DEFAULT_SLIDES.map((s) => s.id)).size).toBe(6);
    expect(DEFAULT_SLIDES.filter((s) => s.category === "finished")).toHaveLength(3);
    expect(DEFAULT_SLIDES.map((s) => s.mediaUrl)).toContain(
      "/media/generated/slide/finished/1.webp",
    );
    expect(DEFAULT_SLIDES.map((s) => s.mediaUrl)).toContain(
      "/media/generated/slide/construction/3.webp",
    );
  });
});
