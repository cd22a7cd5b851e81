import { and, asc, count, eq, inArray, max, ne, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { contactInfo, heroImages, socialLinks, websiteContent } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  HERO_IMAGE_HEIGHT,
  HERO_IMAGE_WIDTH,
  HERO_IMAGES,
  HOME_CONTENT_DEFAULTS,
} from "~/lib/home-content";
import { isUuid } from "~/lib/ids";
import {
  CONTACT_TYPES,
  type ContactItemInput,
  type ContactType,
  type HomeSection,
  type HomeSectionInput,
  MAX_HERO_IMAGES,
  REQUIRED_CONTACT_TYPES,
  SINGLE_CONTACT_TYPES,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
} from "~/lib/schemas/site-content";

import { isStale, recordVersion, type Stale, staleOutcome } from "./record-version.server";
import { readHeroImageRows } from "./site-content.server";

// The admin side of the site's content: social links (/admin/social-media), contact details
// (/admin/contact-info), the home page's texts and hero backgrounds (/website-editor). Every
// write goes through auditedWrite, which once committed moves the content generation: the
// cached pages and reads of site-content.server.ts are dropped, so the next page shows it.

/** Serialises writes to one kind of content (the checks read, then write). */
async function lockContent(tx: Transaction, name: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site-content:${name}`}))`);
}

// ---------------------------------------------------------------------------------------------
// Social links: one record, a column per platform. Adding or editing sets that column, deleting
// sets it to null (the spec); the record is made on the first add.

/** `version`: of the platform's link, for its edit form (issue 23: no lost update). */
export type SocialLinkRow = { platform: SocialPlatform; url: string | null; version: string };

function socialLinkVersion(platform: SocialPlatform, url: string | null | undefined) {
  return recordVersion({ [platform]: url ?? null });
}

/** Every platform with its link (null: not set), in display order. */
export async function getSocialLinksForAdmin(_actor: AdminActor): Promise<SocialLinkRow[]> {
  const [row] = await db.select().from(socialLinks).limit(1);
  return SOCIAL_PLATFORMS.map(({ value }) => ({
    platform: value,
    url: row?.[value] ?? null,
    version: socialLinkVersion(value, row?.[value]),
  }));
}

type SocialOutcome = Outcome<object, "taken" | "not-found"> | Stale;

async function socialRecord(tx: Transaction) {
  await lockContent(tx, "social");
  const [row] = await tx.select().from(socialLinks).limit(1);
  return row;
}

/** A link for a platform that has none yet ('taken' when it has one: edit that instead). */
export async function addSocialLink(actor: AdminActor, platform: SocialPlatform, url: string) {
  return auditedWrite<SocialOutcome>(actor, "social-links.add", async (tx) => {
    const row = await socialRecord(tx);
    if (row?.[platform]) return { result: { ok: false, reason: "taken" } };
    let id = row?.id;
    if (row) {
      await tx
        .update(socialLinks)
        .set({ [platform]: url })
        .where(eq(socialLinks.id, row.id));
    } else {
      // The first link ever saved: the record starts empty, so the defaults are gone with it.
      const [created] = await tx
        .insert(socialLinks)
        .values({ [platform]: url })
        .returning({ id: socialLinks.id });
      id = created?.id;
    }
    return {
      result: { ok: true },
      audit: { entityId: id ?? null, before: { [platform]: null }, after: { [platform]: url } },
    };
  });
}

/**
 * A new URL for a platform's link; the platform itself never changes. `expectedVersion`: the
 * link's version when the form was opened (a newer one: nothing is written).
 */
export async function updateSocialLink(
  actor: AdminActor,
  platform: SocialPlatform,
  url: string,
  expectedVersion?: string,
) {
  return auditedWrite<SocialOutcome>(actor, "social-links.update", async (tx) => {
    const row = await socialRecord(tx);
    const before = row?.[platform];
    if (!row || !before) return { result: { ok: false, reason: "not-found" } };
    if (expectedVersion && expectedVersion !== socialLinkVersion(platform, before))
      return { result: await staleOutcome(tx, "social-links", row.id) };
    await tx
      .update(socialLinks)
      .set({ [platform]: url })
      .where(eq(socialLinks.id, row.id));
    return {
      result: { ok: true },
      audit: { entityId: row.id, before: { [platform]: before }, after: { [platform]: url } },
    };
  });
}

/** Clears a platform's link (the spec: the platform field set to null). */
export async function deleteSocialLink(actor: AdminActor, platform: SocialPlatform) {
  return auditedWrite<SocialOutcome>(actor, "social-links.delete", async (tx) => {
    const row = await socialRecord(tx);
    const before = row?.[platform];
    if (!row || !before) return { result: { ok: false, reason: "not-found" } };
    await tx
      .update(socialLinks)
      .set({ [platform]: null })
      .where(eq(socialLinks.id, row.id));
    return {
      result: { ok: true },
      audit: { entityId: row.id, before: { [platform]: before }, after: { [platform]: null } },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Contact information: labelled items (section 'contact'). The type is fixed once an item
// exists; one address and at most one WhatsApp number; the last address, phone, e-mail or hours line can be
// edited but not deleted (the site always has one to show).

export type ContactItem = {
  id: string;
  type: ContactType;
  label: string;
  value: string;
  /** The item's version, for its edit form (issue 23: no lost update). */
  version: string;
};

function contactItemVersion(item: { label: string; value: string }) {
  return recordVersion({ label: item.label, value: item.value });
}

const CONTACT_SECTION = "contact";

/** The items grouped in the order of CONTACT_TYPES, each type's items in their order. */
export async function listContactItemsForAdmin(_actor: AdminActor): Promise<ContactItem[]> {
  const rows = await db
    .select({
      id: contactInfo.id,
      type: contactInfo.type,
      label: contactInfo.key,
      value: contactInfo.value,
    })
    .from(contactInfo)
    .where(eq(contactInfo.section, CONTACT_SECTION))
    .orderBy(asc(contactInfo.sortOrder), asc(contactInfo.key));
  const rank = (type: ContactType) => CONTACT_TYPES.findIndex((t) => t.value === type);
  return rows
    .sort((a, b) => rank(a.type) - rank(b.type))
    .map((row) => ({ ...row, version: contactItemVersion(row) }));
}

type ContactOutcome =
  | Outcome<object, "not-found" | "label-taken" | "single" | "last-of-type">
  | Stale;

async function labelTaken(tx: Transaction, label: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: contactInfo.id })
    .from(contactInfo)
    .where(
      and(
        eq(contactInfo.section, CONTACT_SECTION),
        sql`lower(${contactInfo.key}) = lower(${label})`,
        exceptId ? ne(contactInfo.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function countOfType(tx: Transaction, type: ContactType) {
  const [row] = await tx
    .select({ n: count() })
    .from(contactInfo)
    .where(and(eq(contactInfo.section, CONTACT_SECTION), eq(contactInfo.type, type)));
  return row?.n ?? 0;
}

/** A new item, after the others. */
export async function addContactItem(actor: AdminActor, input: ContactItemInput) {
  return auditedWrite<ContactOutcome>(actor, "contact-info.add", async (tx) => {
    await lockContent(tx, "contact");
    if (await labelTaken(tx, input.label)) return { result: { ok: false, reason: "label-taken" } };
    if (SINGLE_CONTACT_TYPES.includes(input.type) && (await countOfType(tx, input.type)) > 0)
      return { result: { ok: false, reason: "single" } };
    const [last] = await tx
      .select({ n: max(contactInfo.sortOrder) })
      .from(contactInfo)
      .where(eq(contactInfo.section, CONTACT_SECTION));
    const values = { type: input.type, key: input.label, value: input.value };
    const [row] = await tx
      .insert(contactInfo)
      .values({ ...values, section: CONTACT_SECTION, sortOrder: (last?.n ?? -1) + 1 })
      .returning({ id: contactInfo.id });
    return { result: { ok: true }, audit: { entityId: row?.id ?? null, after: values } };
  });
}

/**
 * A new label and value for an item; `input.type` must be the item's own (it never changes).
 * `expectedVersion`: the item's version when the form was opened (newer: nothing is written).
 */
export async function updateContactItem(
  actor: AdminActor,
  id: string,
  input: ContactItemInput,
  expectedVersion?: string,
) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<ContactOutcome>(actor, "contact-info.update", async (tx) => {
    await lockContent(tx, "contact");
    const [row] = await tx
      .select({ type: contactInfo.type, key: contactInfo.key, value: contactInfo.value })
      .from(contactInfo)
      .where(and(eq(contactInfo.id, id), eq(contactInfo.section, CONTACT_SECTION)));
    if (!row || row.type !== input.type) return { result: { ok: false, reason: "not-found" } };
    if (isStale(expectedVersion, { label: row.key, value: row.value }))
      return { result: await staleOutcome(tx, "contact-info", id, ["contact-info.update"]) };
    if (await labelTaken(tx, input.label, id))
      return { result: { ok: false, reason: "label-taken" } };
    await tx
      .update(contactInfo)
      .set({ key: input.label, value: input.value, updatedAt: new Date() })
      .where(eq(contactInfo.id, id));
    return {
      result: { ok: true },
      audit: {
        entityId: id,
        before: { label: row.key, value: row.value },
        after: { label: input.label, value: input.value },
      },
    };
  });
}

export async function deleteContactItem(actor: AdminActor, id: string) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<ContactOutcome>(actor, "contact-info.delete", async (tx) => {
    await lockContent(tx, "contact");
    const [row] = await tx
      .select({ type: contactInfo.type, key: contactInfo.key, value: contactInfo.value })
      .from(contactInfo)
      .where(and(eq(contactInfo.id, id), eq(contactInfo.section, CONTACT_SECTION)));
    if (!row) return { result: { ok: false, reason: "not-found" } };
    if (REQUIRED_CONTACT_TYPES.includes(row.type) && (await countOfType(tx, row.type)) <= 1)
      return { result: { ok: false, reason: "last-of-type" } };
    await tx.delete(contactInfo).where(eq(contactInfo.id, id));
    return {
      result: { ok: true },
      audit: {
        entityId: id,
        before: { type: row.type, label: row.key, value: row.value },
        after: null,
      },
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The home page's texts: website_content rows (section 'home') keyed <section>_<field>.

const HOME = "home";
const HOME_FIELDS = ["title", "subtitle", "description"] as const;

/** A section's texts as shown (stored, else the defaults): their version is the form's. */
function homeSectionTexts(stored: Readonly<Record<string, string>>, section: HomeSection) {
  return Object.fromEntries(
    HOME_FIELDS.map((field) => {
      const key = `${section}_${field}` as keyof typeof HOME_CONTENT_DEFAULTS;
      return [key, stored[key] ?? HOME_CONTENT_DEFAULTS[key]];
    }),
  );
}

/** The version of a section's texts, for its form in the editor (issue 23: no lost update). */
export function homeSectionVersion(stored: Readonly<Record<string, string>>, section: HomeSection) {
  return recordVersion(homeSectionTexts(stored, section));
}

/** The stored texts of section 'home' (key -> value); missing keys show the defaults. */
export async function getHomeContentForAdmin(_actor: AdminActor): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: websiteContent.key, value: websiteContent.value })
    .from(websiteContent)
    .where(eq(websiteContent.section, HOME));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/**
 * Saves one section's title, subtitle and description (one audit row for the three).
 * `expectedVersion`: the section's version when its form was opened (newer: nothing written).
 */
export async function updateHomeSection(
  actor: AdminActor,
  section: HomeSection,
  input: HomeSectionInput,
  expectedVersion?: string,
) {
  const keys = HOME_FIELDS.map((field) => `${section}_${field}` as const);
  return auditedWrite<{ ok: true } | Stale>(actor, "website-content.update", async (tx) => {
    // A row not stored yet cannot be locked: the section's lock serialises its saves.
    await lockContent(tx, `home:${section}`);
    const current = await tx
      .select({ key: websiteContent.key, value: websiteContent.value })
      .from(websiteContent)
      .where(and(eq(websiteContent.section, HOME), inArray(websiteContent.key, keys)))
      .for("update");
    const stored = Object.fromEntries(current.map((r) => [r.key, r.value]));
    if (isStale(expectedVersion, homeSectionTexts(stored, section)))
      return { result: await staleOutcome(tx, "website-content", section) };
    const before: Record<string, string> = {};
    const after: Record<string, string> = {};
    for (const field of HOME_FIELDS) {
      const key = `${section}_${field}` as keyof typeof HOME_CONTENT_DEFAULTS;
      before[key] = current.find((r) => r.key === key)?.value ?? HOME_CONTENT_DEFAULTS[key];
      after[key] = input[field];
      await tx
        .insert(websiteContent)
        .values({ section: HOME, key, value: input[field] })
        .onConflictDoUpdate({
          target: [websiteContent.section, websiteContent.key],
          set: { value: input[field], updatedAt: new Date() },
        });
    }
    return { result: { ok: true }, audit: { entityId: section, before, after } };
  });
}

// ---------------------------------------------------------------------------------------------
// Hero backgrounds: one ordered set. Until staff first change it, the set is the four built-in
// pictures (no rows); the first change (an upload, a move, a removal) writes those four as rows
// in the same transaction, so an upload joins them instead of replacing them. A built-in picture
// is addressed as `builtin-N` (its place in HERO_IMAGES) until then, and by its row id after
// (an old page's `builtin-N` still finds it by its URL).

export type HeroSetImage = { id: string; mediaUrl: string; builtIn: boolean };

const BUILT_IN_ID = /^builtin-(\d+)$/;

/** The set as the editor shows it: the rows in order, or the built-in pictures when none. */
export async function listHeroImagesForAdmin(_actor: AdminActor): Promise<HeroSetImage[]> {
  const rows = await readHeroImageRows();
  if (rows.length === 0) {
    return HERO_IMAGES.map((mediaUrl, index) => ({
      id: `builtin-${index + 1}`,
      mediaUrl,
      builtIn: true,
    }));
  }
  return rows.map(({ id, mediaUrl }) => ({
    id,
    mediaUrl,
    builtIn: HERO_IMAGES.includes(mediaUrl),
  }));
}

type HeroOutcome = Outcome<{ mediaUrl?: string }, "not-found" | "too-many" | "last">;

/** The set's rows in order, the built-in pictures written first when it has none yet. */
async function heroSetRows(tx: Transaction) {
  await lockContent(tx, "hero");
  const read = () =>
    tx
      .select({ id: heroImages.id, mediaUrl: heroImages.mediaUrl, sortOrder: heroImages.sortOrder })
      .from(heroImages)
      .orderBy(asc(heroImages.sortOrder), asc(heroImages.createdAt));
  const rows = await read();
  if (rows.length > 0) return rows;
  await tx.insert(heroImages).values(
    HERO_IMAGES.map((mediaUrl, sortOrder) => ({
      mediaUrl,
      width: HERO_IMAGE_WIDTH,
      height: HERO_IMAGE_HEIGHT,
      sortOrder,
    })),
  );
  return read();
}

/** The row an editor's id names: a row id, or `builtin-N` for that built-in picture. */
function findHeroRow(rows: readonly { id: string; mediaUrl: string }[], id: string) {
  const builtIn = BUILT_IN_ID.exec(id);
  if (builtIn) {
    const url = HERO_IMAGES[Number(builtIn[1]) - 1];
    return url ? rows.find((row) => row.mediaUrl === url) : undefined;
  }
  return isUuid(id) ? rows.find((row) => row.id === id) : undefined;
}

function isHeroId(id: string) {
  return isUuid(id) || BUILT_IN_ID.test(id);
}

/** A stored picture joins the set, last; at most MAX_HERO_IMAGES. */
export async function addHeroImage(
  actor: AdminActor,
  image: { mediaUrl: string; width: number; height: number },
) {
  return auditedWrite<HeroOutcome>(actor, "website-content.hero-add", async (tx) => {
    const rows = await heroSetRows(tx);
    if (rows.length >= MAX_HERO_IMAGES) return { result: { ok: false, reason: "too-many" } };
    const sortOrder = Math.max(-1, ...rows.map((r) => r.sortOrder)) + 1;
    const [row] = await tx
      .insert(heroImages)
      .values({ ...image, sortOrder })
      .returning({ id: heroImages.id });
    return {
      result: { ok: true },
      audit: { entityId: row?.id ?? null, after: { mediaUrl: image.mediaUrl } },
    };
  });
}

/**
 * Takes a picture out of the set ('last': the hero needs at least one); answers its URL so the
 * caller may discard the file.
 */
export async function removeHeroImage(actor: AdminActor, id: string) {
  if (!isHeroId(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<HeroOutcome>(actor, "website-content.hero-remove", async (tx) => {
    const rows = await heroSetRows(tx);
    const target = findHeroRow(rows, id);
    if (!target) return { result: { ok: false, reason: "not-found" } };
    if (rows.length <= 1) return { result: { ok: false, reason: "last" } };
    await tx.delete(heroImages).where(eq(heroImages.id, target.id));
    return {
      result: { ok: true, mediaUrl: target.mediaUrl },
      audit: { entityId: target.id, before: { mediaUrl: target.mediaUrl }, after: null },
    };
  });
}

/** Swaps a picture with its neighbour; the first cannot go up, the last cannot go down. */
export async function moveHeroImage(actor: AdminActor, id: string, direction: "up" | "down") {
  if (!isHeroId(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<HeroOutcome>(actor, "website-content.hero-move", async (tx) => {
    const rows = await heroSetRows(tx);
    const target = findHeroRow(rows, id);
    if (!target) return { result: { ok: false, reason: "not-found" } };
    const order = rows.map((r) => r.id);
    const index = order.indexOf(target.id);
    const other = direction === "up" ? index - 1 : index + 1;
    const moved = [...order];
    if (other >= 0 && other < order.length) {
      [moved[index], moved[other]] = [order[other] ?? target.id, target.id];
      // Renumbered 0..n-1, so equal sort orders never leave the order ambiguous.
      for (const [position, rowId] of moved.entries()) {
        await tx.update(heroImages).set({ sortOrder: position }).where(eq(heroImages.id, rowId));
      }
    }
    return {
      result: { ok: true },
      audit: { entityId: target.id, before: { order }, after: { order: moved } },
    };
  });
}
