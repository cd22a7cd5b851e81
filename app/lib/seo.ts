import type { MetaDescriptor } from "react-router";
import { isLocalMedia, SHARE_IMAGE, shareImageUrl } from "./images";
import { COMPANY_NAME } from "./site";

// Titles, descriptions, canonical links and sharing cards for every public page, from one place.
// The site's absolute origin (SITE_URL) comes from the root loader, so canonical and og:url agree
// with the sitemap whatever host the request came in on.

export type PageMetaInput = {
  /** The page's own title; the company name is appended. */
  title: string;
  description: string;
  /** The canonical path with any query that is part of the page's identity, e.g. "/about". */
  path: string;
  /**
   * A site-relative or absolute image for sharing cards. A /media picture is shared as its
   * 1200x630 JPEG card; without one the site's default card (DEFAULT_SHARE_IMAGE) is used.
   */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "product";
  /** Pages that should not be indexed (forms behind sign-in, error states). */
  noindex?: boolean;
  /** Structured data, rendered as application/ld+json. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

type MatchLike = { id: string; data?: unknown } | undefined;

/** The site's own sharing card: public/og-image.png, made by scripts/generate-og-image.ts. */
export const DEFAULT_SHARE_IMAGE = "/og-image.png";

/** Search engines show about 155-160 characters of a description. */
export const DESCRIPTION_MAX_LENGTH = 160;

/** The absolute site origin the root loader exposes, without a trailing slash. */
export function siteUrlFrom(matches: readonly MatchLike[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as
    | { siteUrl?: unknown }
    | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl : "";
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The document title: the page's own, then the company name (unless it already names it). */
export function pageTitle(title: string): string {
  return title.includes(COMPANY_NAME) ? title : `${title} | ${COMPANY_NAME}`;
}

/** Text for a meta description: whitespace collapsed, cut at a word with an ellipsis if long. */
export function metaDescription(text: string, max = DESCRIPTION_MAX_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), Math.floor(max / 2)));
  return `${atWord.replace(/[\s,.;:!?-]+$/, "")}…`;
}

export function pageMeta(
  args: { matches: readonly MatchLike[] },
  input: PageMetaInput,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const title = pageTitle(input.title);
  const description = metaDescription(input.description);
  const url = absoluteUrl(siteUrl, input.path);
  const imagePath = input.image ? shareImageUrl(input.image) : DEFAULT_SHARE_IMAGE;
  const image = absoluteUrl(siteUrl, imagePath);
  // Our own cards have a known size and type, which lets a preview render before it loads.
  const knownSize =
    imagePath === DEFAULT_SHARE_IMAGE ||
    (isLocalMedia(imagePath) && imagePath.endsWith(`?format=${SHARE_IMAGE.format}`));
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: COMPANY_NAME },
    { property: "og:locale", content: "en_NG" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
  ];
  if (knownSize) {
    meta.push(
      {
        property: "og:image:type",
        content: imagePath === DEFAULT_SHARE_IMAGE ? "image/png" : "image/jpeg",
      },
      { property: "og:image:width", content: String(SHARE_IMAGE.width) },
      { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    );
  }
  if (input.imageAlt) meta.push({ property: "og:image:alt", content: input.imageAlt });
  meta.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  );
  if (input.imageAlt) meta.push({ name: "twitter:image:alt", content: input.imageAlt });
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  const blocks = input.jsonLd === undefined ? [] : [input.jsonLd].flat();
  for (const block of blocks) meta.push({ "script:ld+json": block });
  return meta;
}

/** The 404 page's head, for every route that answers 404 with NotFoundMessage: never indexed. */
export function notFoundMeta(args: {
  matches: readonly MatchLike[];
  location: { pathname: string };
}): MetaDescriptor[] {
  return pageMeta(args, {
    title: "Page not found",
    description: "The page you are looking for does not exist or has been moved.",
    path: args.location.pathname,
    noindex: true,
  });
}
