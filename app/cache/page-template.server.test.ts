import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  crc32Combine,
  crc32Shift,
  createPageTemplate,
  plainLength,
  renderGzip,
  renderPlain,
} from "./page-template.server";

const OLD = "OLDnonceOLDnonceOLDnon==";
const NEW = "NEWnonceNEWnonceNEWnon==";

describe("page templates", () => {
  it("give back the page with the new nonce everywhere the old one was, plain and gzipped", () => {
    const pages = [
      `<html><script nonce="${OLD}">a</script>${"<p>text</p>".repeat(5000)}<script nonce="${OLD}"></script></html>`,
      `${OLD}${OLD}middle${OLD}`,
      "no nonce at all",
      "",
      // Random bytes, so pieces do not compress: stored blocks of the compressor itself.
      `${crypto.randomBytes(200_000).toString("base64")}${OLD}${crypto.randomBytes(70_000).toString("latin1")}`,
    ];
    for (const page of pages) {
      const template = createPageTemplate(Buffer.from(page, "latin1"), OLD);
      const expected = Buffer.from(page.replaceAll(OLD, NEW), "latin1");
      expect(renderPlain(template, NEW).equals(expected)).toBe(true);
      expect(zlib.gunzipSync(renderGzip(template, NEW)).equals(expected)).toBe(true);
      expect(plainLength(template)).toBe(expected.length);
      // A nonce of another length still gives the right page (compressed afresh).
      const longer = `${NEW}xyz`;
      expect(zlib.gunzipSync(renderGzip(template, longer)).toString("latin1")).toBe(
        page.replaceAll(OLD, longer),
      );
    }
  });

  it("never let a piece refer into the nonce: pages that repeat text around it", () => {
    // The text after each nonce repeats what came before and after earlier nonces.
    const around = `" src="/assets/a.js"></script><script nonce="`;
    const page = `<head><script nonce="${OLD}${around}${OLD}${around}${OLD}${OLD}${around}${OLD}">x</script>`;
    const template = createPageTemplate(Buffer.from(page), OLD);
    for (const nonce of [NEW, "AAAAAAAAAAAAAAAAAAAAAA==", OLD]) {
      expect(zlib.gunzipSync(renderGzip(template, nonce)).toString()).toBe(
        page.replaceAll(OLD, nonce),
      );
    }
  });

  it("compress a page once: the gzip body is much smaller than the page", () => {
    // Like a real page: a score of inline scripts among many repeated cards.
    const card = `<article class="card"><h3>3 Bedroom Terrace</h3><p>Lekki, Lagos</p></article>`;
    const page = `<html>${`${card.repeat(100)}<script nonce="${OLD}"></script>`.repeat(20)}</html>`;
    const template = createPageTemplate(Buffer.from(page), OLD);
    expect(renderGzip(template, NEW).length).toBeLessThan(page.length / 20);
  });

  it("name the content, not the nonce, in the hash", () => {
    const a = createPageTemplate(Buffer.from(`x${OLD}y`), OLD);
    const b = createPageTemplate(Buffer.from(`x${NEW}y`), NEW);
    const c = createPageTemplate(Buffer.from(`x${NEW}z`), NEW);
    expect(a.hash).toBe(b.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it("combine CRC-32s as zlib does", () => {
    for (const [a, b] of [
      ["", "x"],
      ["hello ", "world"],
      [crypto.randomBytes(1000).toString("hex"), crypto.randomBytes(70_001).toString("hex")],
    ]) {
      const left = Buffer.from(a ?? "");
      const right = Buffer.from(b ?? "");
      expect(crc32Combine(zlib.crc32(left), zlib.crc32(right), crc32Shift(right.length))).toBe(
        zlib.crc32(Buffer.concat([left, right])),
      );
    }
  });
});
