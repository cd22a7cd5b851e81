import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { contactInfo, heroImages, socialLinks, websiteContent } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { logger } from "~/lib/logger.server";
import { isWebUrl } from "~/lib/schemas/site-content";
import { DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS, type SocialLinks } from "~/lib/site";

// What every public page reads of the content staff edit: the contact details and social links
// (footer, contact page, property page, e-mails, JSON-LD), the home page's texts and its hero
// backgrounds. Read through one small in-process cache: the footer is on every page, and these
// rows change a few times a year. An admin's write through admin-site-content.server.ts clears
// it, so the instance that saved shows the change at once; other instances behind a load
// balancer within SITE_CONTENT_CACHE_MS.

/** How long another instance may show contact details, links and texts older than a save. */
export const SITE_CONTENT_CACHE_MS = 30_000;

type CacheEntry = { value: Promise<unknown>; expires: number };
const cache = new Map<string, CacheEntry>();
// Tests write rows straight into their database and read them back at once: no caching there,
// unless a test turns it on (site-content.server.test.ts checks the cache itself).
let cacheMs = process.env.VITEST ? 0 : SITE_CONTENT_CACHE_MS;

/** For tests of the cache: how long entries live (0 = not cached). */
export function setSiteContentCacheMs(ms: number) {
  cacheMs = ms;
  cache.clear();
}

/** Forgets everything read; the next page reads the database again (after an admin's save). */
export function clearSiteContentCache() {
  cache.clear();
}

/** `load()` once per key until the entry expires; a failed load is not kept. */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (cacheMs <= 0) return load();
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { value, expires: now + cacheMs });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

// ---------------------------------------------------------------------------------------------
// Social links

/**
 * The company's social links. The single record as saved (a platform whose link was deleted
 * is left out); the spec's default links when no record was ever saved, or when reading fails.
 * Only http(s) addresses are ever answered.
 */
export async function getSocialLinks(): Promise<SocialLinks> {
  try {
    return await cached("social", async () => {
      const [row] = await db.select().from(socialLinks).limit(1);
      if (!row) return { ...DEFAULT_SOCIAL_LINKS };
      const platforms = Object.keys(DEFAULT_SOCIAL_LINKS) as (keyof SocialLinks)[];
      return Object.fromEntries(
        platforms.flatMap((platform) => {
          const url = row[platform];
          return url && isWebUrl(url) ? [[platform, url]] : [];
        }),
      ) as SocialLinks;
    });
  } catch (error) {
    // The spec: a failed load falls back to the default links, logged only.
    logger.error({ err: error }, "Failed to load social links");
    return { ...DEFAULT_SOCIAL_LINKS };
  }
}

// ---------------------------------------------------------------------------------------------
// Contact details

export type ContactDetails = {
  address: string;
  phones: string[];
  /** The main e-mail address (the first): e-mail footers, JSON-LD, mailto links. */
  email: string;
  emails: string[];
  hours: string[];
  /** The number for WhatsApp chats, as staff typed it; null when there is none. */
  whatsapp: string | null;
};

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

/**
 * Address, phones, e-mails, hours and the WhatsApp number from the contact-info items (in
 * their order); a type without items keeps the spec's defaults (an install nobody has edited
 * yet), except WhatsApp, which is simply absent.
 */
export async function getContactDetails(executor: Executor = db): Promise<ContactDetails> {
  try {
    // Inside a transaction (an e-mail composed with the write that causes it) the rows are
    // read through it, uncached: the embedded database has one connection.
    const read = executor === db ? cached : <T>(_key: string, load: () => Promise<T>) => load();
    return await read("contact", async () => {
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
    });
  } catch (error) {
    logger.error({ err: error }, "Failed to load contact information");
    return defaultContactDetails();
  }
}

// ---------------------------------------------------------------------------------------------
// Page texts and hero backgrounds

/** Texts of one website_content section as a key -> value map (for example section 'home'). */
export async function getSectionContent(section: string): Promise<Record<string, string>> {
  try {
    return await cached(`section:${section}`, async () => {
      const rows = await db
        .select({ key: websiteContent.key, value: websiteContent.value })
        .from(websiteContent)
        .where(and(eq(websiteContent.section, section)));
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    });
  } catch (error) {
    logger.error({ err: error, section }, "Failed to load website content");
    return {};
  }
}

export type HeroImage = { id: string; mediaUrl: string; width: number; height: number };

/** The uploaded hero backgrounds in order; none (or a failed read): the built-in pictures. */
export async function listHeroImages(): Promise<HeroImage[]> {
  try {
    return await cached("hero-images", () =>
      db
        .select({
          id: heroImages.id,
          mediaUrl: heroImages.mediaUrl,
          width: heroImages.width,
          height: heroImages.height,
        })
        .from(heroImages)
        .orderBy(asc(heroImages.sortOrder), asc(heroImages.createdAt)),
    );
  } catch (error) {
    logger.error({ err: error }, "Failed to load the hero images");
    return [];
  }
}
