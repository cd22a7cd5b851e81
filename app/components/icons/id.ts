import type { IconName } from "./names";

/** An icon's symbol id in the sprite: "ArrowUpDown" -> "arrow-up-down". */
export function iconId(name: IconName): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/**
 * The prefix of a symbol's id where the server writes it into a page (app/http/inline-icons
 * .server.ts), so that "home" or "search" never meets an element id of the page.
 */
export const INLINE_ICON_PREFIX = "i-";
