import { getEnv } from "~/env.server";

/** Areas crawlers have no business in: accounts, administration and the auth forms. */
export const ROBOTS_DISALLOW = [
  "/dashboard",
  "/admin",
  "/website-editor",
  "/signin",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/signout",
  "/favorites",
  "/calendar",
] as const;

export function robotsTxt(siteUrl: string) {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

// /robots.txt: everything public may be crawled; the private areas may not.
export function loader() {
  return new Response(robotsTxt(getEnv().siteUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
