import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactInfo, socialLinks, websiteContent } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS, type SocialLinks } from "~/lib/site";
import { cachedUntilContentChanges } from "~/page-cache/reference-data.server";

// Read on every page (the footer, the header's phone): kept until an admin changes something
// (app/page-cache/reference-data.server.ts). Callers share the answers: never modify them.

const readSocialLinks = cachedUntilContentChanges(async () => {
  const [row] = await db.select().from(socialLinks).limit(1);
  return {
    facebook: row?.facebook || DEFAULT_SOCIAL_LINKS.facebook,
    instagram: row?.instagram || DEFAULT_SOCIAL_LINKS.instagram,
    twitter: row?.twitter || DEFAULT_SOCIAL_LINKS.twitter,
    linkedin: row?.linkedin || DEFAULT_SOCIAL_LINKS.linkedin,
    website: row?.website || DEFAULT_SOCIAL_LINKS.website,
  };
});

/** The single social-links record, each missing network filled from the defaults. */
export async function getSocialLinks(): Promise<Required<SocialLinks>> {
  try {
    return await readSocialLinks();
  } catch (error) {
    // The spec: a failed load falls back to the default links, logged only.
    logger.error({ err: error }, "Failed to load social links");
    return { ...DEFAULT_SOCIAL_LINKS };
  }
}

export type ContactDetails = { address: string; phones: string[]; email: string; hours: string[] };

const readContactDetails = cachedUntilContentChanges(async (): Promise<ContactDetails> => {
  const rows = await db
    .select({ type: contactInfo.type, value: contactInfo.value })
    .from(contactInfo)
    .where(eq(contactInfo.section, "contact"))
    .orderBy(asc(contactInfo.sortOrder));
  const of = (type: (typeof rows)[number]["type"]) =>
    rows.filter((r) => r.type === type && r.value.trim()).map((r) => r.value.trim());
  return {
    address: of("address")[0] ?? DEFAULT_CONTACT.address,
    phones: of("phone").length ? of("phone") : [...DEFAULT_CONTACT.phones],
    email: of("email")[0] ?? DEFAULT_CONTACT.email,
    hours: of("hours").length ? of("hours") : [...DEFAULT_CONTACT.hours],
  };
});

/** Address, phones, e-mail and hours from the contact-info records, with the spec's defaults. */
export async function getContactDetails(): Promise<ContactDetails> {
  try {
    return await readContactDetails();
  } catch (error) {
    logger.error({ err: error }, "Failed to load contact information");
    return {
      address: DEFAULT_CONTACT.address,
      phones: [...DEFAULT_CONTACT.phones],
      email: DEFAULT_CONTACT.email,
      hours: [...DEFAULT_CONTACT.hours],
    };
  }
}

/** Texts of one website_content section as a key -> value map (for example section 'home'). */
export async function getSectionContent(section: string): Promise<Record<string, string>> {
  try {
    return await readSectionContent(section);
  } catch (error) {
    logger.error({ err: error, section }, "Failed to load website content");
    return {};
  }
}

// Keyed by the section's name (a handful, fixed in the code).
const readSectionContent = cachedUntilContentChanges(async (section: string) => {
  const rows = await db
    .select({ key: websiteContent.key, value: websiteContent.value })
    .from(websiteContent)
    .where(and(eq(websiteContent.section, section)));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
});
