import { getEnv } from "~/env.server";

/** An absolute link to one of our pages carrying a single-use token, e.g. /reset-password?token=. */
export function tokenLink(path: string, token: string, siteUrl: string = getEnv().siteUrl): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}
