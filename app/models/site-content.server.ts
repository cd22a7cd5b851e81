import { and, asc, eq } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { contactInfo, heroImages, socialLinks, websiteContent } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { isWebUrl } from "~/lib/schemas/site-content";
import {
  type ContactDetails,
  DEFAULT_CONTACT,
  DEFAULT_SOCIAL_LINKS,
  SOCIAL_PLATFORM_KEYS,
  type SocialLinks,
} from "~/lib/site";
import { logger } from "~/log/logger.server";

// What every public page reads of the content staff edit: the contact details and social links
// (footer, contact page, property page, e-mails, JSON-LD), the home page's texts and its hero
// backgrounds. Kept in memory until the content generation moves (every admin write through
// auditedWrite, the seed; other instances hear of it over LISTEN/NOTIFY), a minute at most:
// app/cache/reference-data.server.ts. On with the page cache (PAGE_CACHE, production).
// Callers share the answers: never modify them.

// ---------------------------------------------------------------------------------------------
// Social links

const readSocialLinks = cachedUntilContentChanges(async (): Promise<SocialLinks> => {
  const [row] = await db.select().from(socialLinks).limit(1);
  if (!row) return { ...DEFAULT_SOCIAL_LINKS };
  return Object.fromEntries(
    SOCIAL_PLATFORM_KEYS.flatMap((platform) => {
      const url = row[platform];
      return url && isWebUrl(url) ? [[platform, url]] : [];
    }),
  ) as SocialLinks;
});

/**
 * The company's social links. The single record as saved (a platform whose link was deleted
 * is left out); the spec's default links when no record was ever saved, or when reading fails.
 * Only http(s) addresses are ever answered.
 */
export async function getSocialLinks(): Promise<SocialLinks> {
  try {
    return await readSocialLinks();
  } catch (error) {
    // The spec: a failed load falls back to the default links, logged only.
    logger.error({ err: error }, "Failed to load social links");
    return { ...DEFAULT_SOCIAL_LINKS };
  }
}

// ---------------------------------------------------------------------------------------------
// Contact details

export function defaultContactDetails(): ContactDetails {
  return {
    address: DEFAULT_CONTACT.address,
    phones: [...DEFAULT_CONTACT.phones],
    email: DEFAULT_CONTACT.email,
    emails: [DEFAULT_CONTACT.email],
    hours: [...DEFAULT_CONTACT.hours],
    whatsapp: null,
  };
}

async function contactDetailsFrom(executor: Executor): Promise<ContactDetails> {
  const rows = await executor
    .select({ type: contactInfo.type, value: contactInfo.value })
    .from(contactInfo)
    .where(eq(contactInfo.section, "contact"))
    .orderBy(asc(contactInfo.sortOrder), asc(contactInfo.key));
  const of = (type: (typeof rows)[number]["type"]) =>
    rows.filter((r) => r.type === type && r.value.trim()).map((r) => r.value.trim());
  const defaults = defaultContactDetails();
  const emails = of("email").length ? of("email") : defaults.emails;
  return {
    address: of("address")[0] ?? defaults.address,
    phones: of("phone").length ? of("phone") : defaults.phones,
    email: emails[0] ?? defaults.email,
    emails,
    hours: of("hours").length ? of("hours") : defaults.hours,
    whatsapp: of("whatsapp")[0] ?? null,
  };
}

const readContactDetails = cachedUntilContentChanges(() => contactDetailsFrom(db));

/**
 * Address, phones, e-mails, hours and the WhatsApp number from the contact-info items (in
 * their order); a type without items keeps the spec's defaults (an install nobody has edited
 * yet), except WhatsApp, which is simply absent.
 */
export async function getContactDetails(executor: Executor = db): Promise<ContactDetails> {
  try {
    // Inside a transaction (an e-mail composed with the write that causes it) the rows are
    // read through it, uncached: the embedded database has one connection.
    return await (executor === db ? readContactDetails() : contactDetailsFrom(executor));
  } catch (error) {
    logger.error({ err: error }, "Failed to load contact information");
    return defaultContactDetails();
  }
}

// ---------------------------------------------------------------------------------------------
// Page texts and hero backgrounds

// Keyed by the section's name (a handful, fixed in the code).
const readSectionContent = cachedUntilContentChanges(async (section: string) => {
  const rows = await db
    .select({ key: websiteContent.key, value: websiteContent.value })
    .from(websiteContent)
    .where(and(eq(websiteContent.section, section)));
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string>;
});

/** Texts of one website_content section as a key -> value map (for example section 'home'). */
export async function getSectionContent(section: string): Promise<Record<string, string>> {
  try {
    return await readSectionContent(section);
  } catch (error) {
    logger.error({ err: error, section }, "Failed to load website content");
    return {};
  }
}

export type HeroImage = { id: string; mediaUrl: string; width: number; height: number };

/** The uploaded hero backgrounds in rotation order, read now (the admin screen reads these). */
export function readHeroImageRows(): Promise<HeroImage[]> {
  return db
    .select({
      id: heroImages.id,
      mediaUrl: heroImages.mediaUrl,
      width: heroImages.width,
      height: heroImages.height,
    })
    .from(heroImages)
    .orderBy(asc(heroImages.sortOrder), asc(heroImages.createdAt));
}

const readHeroImages = cachedUntilContentChanges(readHeroImageRows);

/** The uploaded hero backgrounds in order; none (or a failed read): the built-in pictures. */
export async function listHeroImages(): Promise<HeroImage[]> {
  try {
    return await readHeroImages();
  } catch (error) {
    logger.error({ err: error }, "Failed to load the hero images");
    return [];
  }
}
