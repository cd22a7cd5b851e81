import type { MetaDescriptor } from "react-router";
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
  /** A site-relative or absolute image for sharing cards. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "product";
  /** Pages that should not be indexed (forms behind sign-in, error states). */
  noindex?: boolean;
  /** Structured data, rendered as application/ld+json. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

type MatchLike = { id: string; data?: unknown } | undefined;

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

export function pageTitle(title: string): string {
  return title === COMPANY_NAME ? title : `${title} | ${COMPANY_NAME}`;
}

export function pageMeta(
  args: { matches: readonly MatchLike[] },
  input: PageMetaInput,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const title = pageTitle(input.title);
  const url = absoluteUrl(siteUrl, input.path);
  const image = absoluteUrl(siteUrl, input.image ?? "/og-image.png");
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: COMPANY_NAME },
    { property: "og:locale", content: "en_NG" },
    { property: "og:type", content: input.type === "product" ? "product" : "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.imageAlt) {
    meta.push({ property: "og:image:alt", content: input.imageAlt });
    meta.push({ name: "twitter:image:alt", content: input.imageAlt });
  }
  if (input.noindex) meta.push({ name: "robots", content: "noindex" });
  const blocks = input.jsonLd === undefined ? [] : [input.jsonLd].flat();
  for (const block of blocks) meta.push({ "script:ld+json": block });
  return meta;
}
