import { COMPANY_NAME } from "./site";

// Agents you can identify (issue 45 item 3): what the public profile page and the admin form
// share. Client-safe.

/** The profile page of an agent. */
export function agentProfilePath(slug: string): string {
  return `/agents/${encodeURIComponent(slug)}`;
}

/**
 * The slug made from an agent's name ("Babatunde Adeyemi" -> "babatunde-adeyemi"): accents
 * dropped, anything but letters and digits a dash; "agent" when nothing is left. The migration
 * that made the first profiles does the same in SQL (drizzle/0025_agent_profiles_viewing_codes.sql).
 */
export function slugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "agent";
}

/** The `n`-th slug tried for a name: the slug itself, then "-2", "-3", ... */
export function nthSlug(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/** What the profile says under the registration numbers (DESIGN.md, "Trust and fraud"). */
export const REGISTRATION_NOTE = `${COMPANY_NAME} entered these numbers. The site does not check them with LASRERA or ESVARBON/NIESV.`;

export const AGENT_PROFILE_LABELS = {
  staffId: "Staff ID",
  lasreraNumber: "LASRERA registration no.",
  esvarbonNumber: "ESVARBON/NIESV membership no.",
  officialPhone: "Official phone",
  officialWhatsapp: "Official WhatsApp",
  publicEmail: "Public e-mail",
  publicEmailIsSignIn: "Use the sign-in e-mail as the public e-mail",
} as const;
