import { SERVICE_IDS } from "./service-ids";

// XML for /sitemap.xml (https://www.sitemaps.org/protocol.html). Pure functions: the route
// queries the properties and the model assembles the pages.

/** The protocol's limit per file; above it /sitemap.xml becomes an index of numbered files. */
export const MAX_SITEMAP_URLS = 50_000;

/** Every public page that is not a property, in the order a visitor meets them. */
export const STATIC_SITEMAP_PATHS: readonly string[] = [
  "/",
  "/properties",
  "/services",
  ...SERVICE_IDS.map((id) => `/services/${id}`),
  "/about",
  "/team",
  "/contact",
  "/book-appointment",
  // Issue 45: people search for "is this really NaijaHomes" before they pay.
  "/verify",
];

export type SitemapEntry = { loc: string; lastmod?: Date };

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry) {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

export function urlsetXml(entries: readonly SitemapEntry[]): string {
  const body = entries.map((entry) => entryXml("url", entry)).join("\n");
  return `${HEADER}<urlset xmlns="${NAMESPACE}">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  const body = entries.map((entry) => entryXml("sitemap", entry)).join("\n");
  return `${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${body}\n</sitemapindex>\n`;
}
