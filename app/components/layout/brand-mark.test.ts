import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrandMark } from "./brand-mark";

describe("BrandMark", () => {
  it("draws what the favicon draws", () => {
    const favicon = readFileSync("public/favicon.svg", "utf8");
    const inner = (svg: string) => /<svg[^>]*>(.*)<\/svg>/s.exec(svg)?.[1]?.replace(/\/>/g, ">");
    const markup = renderToStaticMarkup(createElement(BrandMark, { size: 32 }));
    expect(inner(markup)?.replace(/><\/(rect|path)>/g, ">")).toBe(inner(favicon.trim()));
    expect(markup).toContain('viewBox="0 0 64 64"');
    expect(markup).toContain('aria-hidden="true"');
  });
});
