import type { IconName } from "./names";

/** An icon's symbol id in the sprite: "ArrowUpDown" -> "arrow-up-down". */
export function iconId(name: IconName): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}
