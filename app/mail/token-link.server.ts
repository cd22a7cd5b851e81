import { getEnv } from "~/env.server";

/** An absolute link to one of our pages carrying a single-use token, e.g. /reset-password?token=. */
export function tokenLink(path: string, token: string, siteUrl: string = getEnv().siteUrl): string {
  return `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** Our reset page, not the library's endpoint: the page asks for the new password. */
export function passwordResetLink(token: string, siteUrl?: string): string {
  return tokenLink("/reset-password", token, siteUrl);
}
