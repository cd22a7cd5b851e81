import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { iconId } from "../app/components/icons/id";
import { ICON_NAMES } from "../app/components/icons/names";

// Writes app/components/icons/sprite.svg: one <symbol> per name in ICON_NAMES, with lucide's
// paths (drawn by lucide-react itself, so the shapes are exactly the package's). The sprite
// holds only shapes: stroke and fill come from the <svg> that uses it (app/components/icons).
//   npm run icons

export const SPRITE_PATH = fileURLToPath(
  new URL("../app/components/icons/sprite.svg", import.meta.url),
);

export function renderIconSprite(): string {
  const symbols = ICON_NAMES.map((name) => {
    const component = (lucide as unknown as Record<string, unknown>)[name];
    if (!component) throw new Error(`lucide-react has no icon named ${name}`);
    const svg = renderToStaticMarkup(createElement(component as "svg"));
    const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${iconId(name)}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SPRITE_PATH, renderIconSprite());
  console.log(`Wrote ${SPRITE_PATH} (${ICON_NAMES.length} icons)`);
}
