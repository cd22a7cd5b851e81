import { describe, expect, it } from "vitest";
import { describeVideo, toEmbedUrl, withAutoplay } from "./video-url";

const NOCOOKIE = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("toEmbedUrl", () => {
  it.each([
    ["a watch link", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    [
      "a watch link with extra parameters",
      "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s&list=PL123",
    ],
    ["a mobile watch link", "https://m.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a short link", "https://youtu.be/dQw4w9WgXcQ"],
    ["a short link with a share id", "https://youtu.be/dQw4w9WgXcQ?si=abcDEF123"],
    ["a shorts link", "https://www.youtube.com/shorts/dQw4w9WgXcQ"],
    ["a live link", "https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared"],
    ["an embed link", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["a no-cookie embed link", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"],
    ["a link without https", "http://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a link with spaces around it", "  https://youtu.be/dQw4w9WgXcQ \n"],
  ])("turns YouTube %s into the no-cookie player", (_name, input) => {
    expect(toEmbedUrl(input)).toBe(NOCOOKIE);
  });

  it.each([
    ["a video page", "https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    [
      "a www video page",
      "https://www.vimeo.com/76979871",
      "https://player.vimeo.com/video/76979871",
    ],
    [
      "a channel page",
      "https://vimeo.com/channels/staffpicks/76979871",
      "https://player.vimeo.com/video/76979871",
    ],
    [
      "a player link",
      "https://player.vimeo.com/video/76979871",
      "https://player.vimeo.com/video/76979871",
    ],
    [
      "an unlisted video (keeps its hash)",
      "https://vimeo.com/76979871/abcdef1234",
      "https://player.vimeo.com/video/76979871?h=abcdef1234",
    ],
    [
      "an unlisted player link",
      "https://player.vimeo.com/video/76979871?h=abcdef1234&badge=0",
      "https://player.vimeo.com/video/76979871?h=abcdef1234",
    ],
  ])("turns Vimeo %s into the Vimeo player", (_name, input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it("keeps the src of a pasted <iframe> embed code", () => {
    const code =
      '<iframe width="560" height="315" src="https://example.com/player/abc?x=1&amp;y=2" title="Tour" allowfullscreen></iframe>';
    expect(toEmbedUrl(code)).toBe("https://example.com/player/abc?x=1&y=2");
  });

  it("reads embed codes with single quotes and protocol-relative sources", () => {
    expect(toEmbedUrl("<iframe src='//player.vimeo.com/video/76979871'></iframe>")).toBe(
      "https://player.vimeo.com/video/76979871",
    );
  });

  it("turns a YouTube embed code into the no-cookie player", () => {
    expect(
      toEmbedUrl('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" frameborder="0">'),
    ).toBe(NOCOOKIE);
  });

  it.each([
    "https://example.com/videos/tour",
    "https://www.facebook.com/watch/?v=123456",
    "https://cdn.example.com/tour.mp4",
    "/media/videos/site-tour.mp4",
    "not a url",
    "",
  ])("returns any other value as it is: %j", (input) => {
    expect(toEmbedUrl(input)).toBe(input);
  });

  it("does not mistake a YouTube page without a valid id for a video", () => {
    expect(toEmbedUrl("https://www.youtube.com/watch?v=short")).toBe(
      "https://www.youtube.com/watch?v=short",
    );
    expect(toEmbedUrl("https://www.youtube.com/@naijahomes")).toBe(
      "https://www.youtube.com/@naijahomes",
    );
  });
});

describe("describeVideo", () => {
  it("tells providers apart and gives a link to watch elsewhere", () => {
    expect(describeVideo("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
      embedUrl: NOCOOKIE,
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(describeVideo("https://vimeo.com/76979871")).toMatchObject({
      kind: "vimeo",
      id: "76979871",
      watchUrl: "https://vimeo.com/76979871",
    });
    expect(describeVideo("https://cdn.example.com/clips/tour.MP4")).toEqual({
      kind: "file",
      src: "https://cdn.example.com/clips/tour.MP4",
    });
    expect(describeVideo("/media/videos/site-tour.mp4?v=2")).toEqual({
      kind: "file",
      src: "/media/videos/site-tour.mp4?v=2",
    });
    expect(describeVideo("https://example.com/player/1")).toEqual({
      kind: "embed",
      embedUrl: "https://example.com/player/1",
    });
  });

  it("refuses anything that is not an http(s) URL, so it never reaches an iframe", () => {
    expect(describeVideo("javascript:alert(1)").kind).toBe("invalid");
    expect(describeVideo('<iframe src="javascript:alert(1)"></iframe>').kind).toBe("invalid");
    expect(describeVideo("data:text/html,<script>alert(1)</script>").kind).toBe("invalid");
    expect(describeVideo("//").kind).toBe("invalid");
    expect(describeVideo(null).kind).toBe("invalid");
  });
});

describe("withAutoplay", () => {
  it("adds autoplay to a player URL, keeping its other parameters", () => {
    expect(withAutoplay(NOCOOKIE)).toBe(`${NOCOOKIE}?autoplay=1`);
    expect(withAutoplay("https://player.vimeo.com/video/1?h=ab")).toBe(
      "https://player.vimeo.com/video/1?h=ab&autoplay=1",
    );
  });
});
