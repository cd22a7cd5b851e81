import { knownGeneratedKeys } from "~/demo/demo-media";
import type { DrawnPicture, MediaGenerator } from "~/media/media-store.server";
import { parseGeneratedKey } from "./scene-spec";
import { renderScene } from "./scenes";

/**
 * The demo photos, drawn on their first request. Only the pictures the site itself refers to
 * (the demo catalogue, gallery, team and hero keys) are drawn: each drawn key stays on disk.
 */
export const demoMediaGenerator: MediaGenerator = {
  knows(key: string) {
    return knownGeneratedKeys().has(key);
  },
  draw(key: string, width?: number): DrawnPicture | undefined {
    if (!knownGeneratedKeys().has(key)) return undefined;
    const spec = parseGeneratedKey(key);
    if (!spec) return undefined;
    const scaled = Math.min(width ?? spec.width, spec.width);
    const height = Math.round((spec.height * scaled) / spec.width);
    return { svg: renderScene({ ...spec, width: scaled, height }), width: scaled, height };
  },
};
