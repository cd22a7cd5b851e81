import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderIconSprite, SPRITE_PATH } from "../../../scripts/generate-icon-sprite";
import * as icons from "./index";
import { ICON_NAMES } from "./names";

describe("the icon sprite", () => {
  it("is the one lucide-react draws for the listed names (run `npm run icons` after a change)", () => {
    expect(readFileSync(SPRITE_PATH, "utf8")).toBe(renderIconSprite());
  });

  it("has an export for every listed name, and a symbol for every export", () => {
    const exported = Object.keys(icons).filter((key) => /^[A-Z]/.test(key));
    expect(exported.sort()).toEqual([...ICON_NAMES].sort());
    const sprite = readFileSync(SPRITE_PATH, "utf8");
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
  });

  it("draws an icon as a reference into the sprite, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(icons.Heart, { className: "size-5" }));
    expect(html).toMatch(
      /^<svg aria-hidden="true" class="i size-5"><use href="[^"]*sprite[^"]*#heart"><\/use><\/svg>$/,
    );
  });

  it("lets the caller fill it, or name it for a screen reader", () => {
    const filled = renderToStaticMarkup(createElement(icons.Play, { fill: "currentColor" }));
    expect(filled).toContain('style="fill:currentColor"');
    const named = renderToStaticMarkup(createElement(icons.Info, { "aria-label": "About" }));
    expect(named).toContain('aria-label="About"');
    expect(named).not.toContain("aria-hidden");
  });

  it("keeps fill and stroke out of the symbols, so the page decides them", () => {
    const sprite = readFileSync(SPRITE_PATH, "utf8");
    expect(sprite).not.toMatch(/<symbol[^>]*(fill|stroke)=/);
    expect(sprite).not.toMatch(/ stroke[a-z-]*=/);
    // Only lucide's own solid dots (the tag's hole) fill themselves, in the text's colour.
    expect(sprite).not.toMatch(/ fill="(?!currentColor")/);
  });
});
