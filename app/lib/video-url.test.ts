import { describe, expect, it } from "vitest";
import { describeVideo, normalizeVideoUrl, withAutoplay } from "./video-url";

const NOCOOKIE = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";
const VIMEO = "https://player.vimeo.com/video/76979871";

function embedOf(input: string) {
  const result = normalizeVideoUrl(input);
  return result.ok ? result.embedUrl : result.reason;
}

describe("normalizeVideoUrl: YouTube", () => {
  it.each([
    ["a watch link", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a watch link without www", "https://youtube.com/watch?v=dQw4w9WgXcQ"],
    [
      "a watch link with the id after other parameters",
      "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&list=PL123",
    ],
    ["a mobile watch link", "https://m.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a music link", "https://music.youtube.com/watch?v=dQw4w9WgXcQ"],
    ["a short link", "https://youtu.be/dQw4w9WgXcQ"],
    ["a short link with a share id", "https://youtu.be/dQw4w9WgXcQ?si=abcDEF123"],
    ["a shorts link", "https://www.youtube.com/shorts/dQw4w9WgXcQ"],
    ["a live link", "https://www.youtube.com/live/dQw4w9WgXcQ?feature=shared"],
    ["an embed link", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["a no-cookie embed link", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0"],
    ["an http link (made https)", "http://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    [
      "a link without a scheme in an embed code",
      "<iframe src='//www.youtube.com/embed/dQw4w9WgXcQ'>",
    ],
    ["an upper-case host", "https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ"],
    ["a link with whitespace around it", "  \thttps://youtu.be/dQw4w9WgXcQ \n"],
  ])("turns %s into the no-cookie embed player", (_name, input) => {
    expect(embedOf(input)).toBe(NOCOOKIE);
  });

  it("keeps a start time, as whole seconds", () => {
    expect(embedOf("https://youtu.be/dQw4w9WgXcQ?t=42")).toBe(`${NOCOOKIE}?start=42`);
    expect(embedOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s")).toBe(
      `${NOCOOKIE}?start=90`,
    );
    expect(embedOf("https://www.youtube.com/embed/dQw4w9WgXcQ?start=7")).toBe(
      `${NOCOOKIE}?start=7`,
    );
    // Nonsense times are dropped, the video kept.
    expect(embedOf("https://youtu.be/dQw4w9WgXcQ?t=soon")).toBe(NOCOOKIE);
  });

  it("reduces a pasted embed code to its player URL, whatever else it carries", () => {
    const code =
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x&amp;rel=0" title="YouTube video player" frameborder="0" allow="autoplay" onload="alert(1)" allowfullscreen></iframe><script>alert(2)</script>';
    expect(embedOf(code)).toBe(NOCOOKIE);
  });

  it("says which provider and where to watch it", () => {
    expect(normalizeVideoUrl("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      ok: true,
      provider: "youtube",
      embedUrl: NOCOOKIE,
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
  });

  it("is idempotent: a stored embed URL normalises to itself", () => {
    for (const stored of [NOCOOKIE, `${NOCOOKIE}?start=42`, VIMEO, `${VIMEO}?h=abcdef1234`]) {
      expect(embedOf(stored)).toBe(stored);
    }
  });
});

describe("normalizeVideoUrl: Vimeo", () => {
  it.each([
    ["a video page", "https://vimeo.com/76979871", VIMEO],
    ["a www video page", "https://www.vimeo.com/76979871", VIMEO],
    ["an http video page", "http://vimeo.com/76979871", VIMEO],
    ["a channel page", "https://vimeo.com/channels/staffpicks/76979871", VIMEO],
    ["a group page", "https://vimeo.com/groups/tours/videos/76979871", VIMEO],
    ["a player link", VIMEO, VIMEO],
    ["a player link with options", `${VIMEO}?badge=0&autopause=0`, VIMEO],
    [
      "an unlisted video (keeps its hash)",
      "https://vimeo.com/76979871/abcdef1234",
      `${VIMEO}?h=abcdef1234`,
    ],
    ["an unlisted player link", `${VIMEO}?h=abcdef1234&badge=0`, `${VIMEO}?h=abcdef1234`],
    [
      "an embed code",
      '<div style="padding:56.25% 0 0 0"><iframe src="https://player.vimeo.com/video/76979871?h=abcdef1234&amp;badge=0" frameborder="0"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
      `${VIMEO}?h=abcdef1234`,
    ],
    ["a protocol-relative embed code", "<iframe src=//player.vimeo.com/video/76979871>", VIMEO],
  ])("turns %s into the Vimeo player", (_name, input, expected) => {
    expect(embedOf(input)).toBe(expected);
  });
});

describe("normalizeVideoUrl: refused", () => {
  it("asks for a link when there is none", () => {
    expect(embedOf("")).toBe("empty");
    expect(embedOf("   \n\t ")).toBe("empty");
    expect(normalizeVideoUrl(null)).toEqual({ ok: false, reason: "empty" });
  });

  it.each([
    ["javascript:", "javascript:alert(document.cookie)"],
    [
      "javascript: with a YouTube-looking tail",
      "javascript:alert(1)//https://youtu.be/dQw4w9WgXcQ",
    ],
    ["javascript: inside an embed code", '<iframe src="javascript:alert(1)"></iframe>'],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["data: inside an embed code", '<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>'],
    ["another host's iframe", '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe>'],
    ["another host's player", "https://www.dailymotion.com/embed/video/x7tgad0"],
    ["a look-alike host", "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a host hidden behind user info", "https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ"],
    [
      "a YouTube link inside another site's URL",
      "https://evil.example/?next=https://youtu.be/dQw4w9WgXcQ",
    ],
    ["a Facebook video", "https://www.facebook.com/watch/?v=123456"],
    ["a video file", "https://cdn.example.com/tour.mp4"],
    ["a site path", "/media/videos/site-tour.mp4"],
    ["a YouTube page without a video id", "https://www.youtube.com/@naijahomes"],
    ["a YouTube id of the wrong length", "https://www.youtube.com/watch?v=short"],
    ["a Vimeo page without a video id", "https://vimeo.com/naijahomes"],
    ["an ftp link", "ftp://youtube.com/watch?v=dQw4w9WgXcQ"],
    ["plain words", "our site tour video"],
    ["an HTML fragment without an iframe", "<b>https://youtu.be/dQw4w9WgXcQ</b>"],
  ])("refuses %s", (_name, input) => {
    expect(embedOf(input)).toBe("unsupported");
  });

  it("refuses text longer than any embed code", () => {
    expect(embedOf(`https://youtu.be/dQw4w9WgXcQ?x=${"a".repeat(5000)}`)).toBe("unsupported");
  });
});

describe("describeVideo", () => {
  it("frames only the players it builds: every other link is a link out or a file", () => {
    expect(describeVideo("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({
      kind: "youtube",
      embedUrl: NOCOOKIE,
    });
    expect(describeVideo("https://vimeo.com/76979871")).toMatchObject({
      kind: "vimeo",
      embedUrl: VIMEO,
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
      kind: "link",
      href: "https://example.com/player/1",
    });
    expect(describeVideo('<iframe src="https://evil.example/player"></iframe>')).toEqual({
      kind: "link",
      href: "https://evil.example/player",
    });
  });

  it("refuses anything that is not an http(s) URL or a site path", () => {
    expect(describeVideo("javascript:alert(1)").kind).toBe("invalid");
    expect(describeVideo('<iframe src="javascript:alert(1)"></iframe>').kind).toBe("invalid");
    expect(describeVideo("data:text/html,<script>alert(1)</script>").kind).toBe("invalid");
    expect(describeVideo("//").kind).toBe("invalid");
    expect(describeVideo("/\\evil.example").kind).toBe("invalid");
    expect(describeVideo(null).kind).toBe("invalid");
  });
});

describe("withAutoplay", () => {
  it("adds autoplay to a player URL, keeping its other parameters", () => {
    expect(withAutoplay(NOCOOKIE)).toBe(`${NOCOOKIE}?autoplay=1`);
    expect(withAutoplay(`${NOCOOKIE}?start=42`)).toBe(`${NOCOOKIE}?start=42&autoplay=1`);
    expect(withAutoplay("https://player.vimeo.com/video/1?h=ab")).toBe(
      "https://player.vimeo.com/video/1?h=ab&autoplay=1",
    );
  });
});
