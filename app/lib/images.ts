// Images stored by the site live under /media/ and can be asked for in a given width:
// /media/<key>?w=640 answers a WebP of that width (made once, then cached). Other URLs (an
// admin may paste an external one) are used as they are.

// 800 and 1080 are the widths a phone's main photo needs: 412 CSS px at 1.75 dppx (Lighthouse's
// phone) is 721 device px, 360-412 at 2.6-3 dppx (most phones sold here) about 1080. Without them
// they took the next step up, 20-25% more bytes (960: 42 KB against 33 KB for a listing photo;
// 1280: 61 KB against 49 KB) for the picture the first screen waits on.
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 960, 1080, 1280, 1920] as const;
export const PLACEHOLDER_IMAGE = "/images/placeholder-property.svg";
/** Shown for a team member without a (working) photo. */
export const PLACEHOLDER_PORTRAIT = "/images/placeholder-person.svg";

/**
 * The sharing-card variant of a stored picture (og:image): /media/<key>?format=jpeg answers a
 * 1200x630 JPEG, the frame and format WhatsApp, Facebook and X previews show.
 */
export const SHARE_IMAGE = { width: 1200, height: 630, format: "jpeg" } as const;

export function isLocalMedia(url: string) {
  return url.startsWith("/media/");
}

export function imageUrl(url: string, width: (typeof IMAGE_WIDTHS)[number]) {
  return isLocalMedia(url) ? `${url}?w=${width}` : url;
}

/**
 * `src`, `srcSet` and `sizes` for an <img>, so a phone downloads a phone-sized file.
 * `sizes` describes the rendered width, e.g. "(min-width: 1024px) 33vw, 100vw".
 */
export function responsiveImage(url: string | null | undefined, sizes: string, maxWidth = 1920) {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  if (!isLocalMedia(url)) return { src: url };
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  return {
    // Only browsers without srcset use src: give them a middling size, not the largest.
    src: imageUrl(url, widths.includes(640) ? 640 : (widths.at(-1) ?? 320)),
    srcSet: widths.map((w) => `${url}?w=${w} ${w}w`).join(", "),
    sizes,
  };
}

/** The URL to put in og:image for a picture: local media as its JPEG sharing card. */
export function shareImageUrl(url: string) {
  return isLocalMedia(url) && !url.includes("?") ? `${url}?format=${SHARE_IMAGE.format}` : url;
}
