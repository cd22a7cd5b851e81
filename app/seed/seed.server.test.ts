import { asc, count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  contactInfo,
  properties,
  propertyMedia,
  slideshowItems,
  socialLinks,
  teamMembers,
  users,
  videos,
  websiteContent,
} from "~/db/schema";
import { DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS, DEMO_WHATSAPP } from "~/lib/site";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { DEMO_AGENTS } from "./demo-agents";
import { DEMO_USERS } from "./demo-users";
import { seedDemoData } from "./seed.server";

await setupTestDatabase();

async function rows(table: PgTable) {
  const [result] = await db.select({ n: count() }).from(table);
  return result?.n ?? 0;
}

const HOME_KEYS = [
  "hero_title",
  "hero_subtitle",
  "hero_description",
  "about_title",
  "about_subtitle",
  "about_description",
  "services_title",
  "services_subtitle",
  "services_description",
  "contact_title",
  "contact_subtitle",
  "contact_description",
];

describe("seedDemoData", () => {
  it("fills an empty database and answers what it wrote", async () => {
    const counts = await seedDemoData({ onlyIfEmpty: true });
    expect(counts).toBeDefined();
    expect(counts?.properties).toBeGreaterThanOrEqual(64);
    expect(await rows(properties)).toBe(counts?.properties);
    expect(await rows(propertyMedia)).toBe(counts?.propertyMedia);
    expect(counts?.teamMembers).toBeGreaterThanOrEqual(6);
    expect(counts?.teamMembers).toBeLessThanOrEqual(8);
    expect(await rows(teamMembers)).toBe(counts?.teamMembers);
    expect(await rows(videos)).toBeGreaterThanOrEqual(4);
    expect(await rows(socialLinks)).toBe(1);
    expect(await rows(contactInfo)).toBe(counts?.contactInfo);
    expect(await rows(websiteContent)).toBe(HOME_KEYS.length);
    // The demo accounts (demo-users.ts): super admin, customer, owner (issue 20) and the three
    // agents (issue 21), created because there were none.
    expect(await rows(users)).toBe(DEMO_USERS.length);
    expect(counts?.users).toBe(6);
    // Each agent is an agent with a linked team card and listings; every fourth listing is the
    // office's.
    const agents = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.role, "agent"));
    expect(agents.map((a) => a.email).sort()).toEqual(DEMO_AGENTS.map((a) => a.email).sort());
    for (const agent of agents) {
      const [listed] = await db
        .select({ n: count() })
        .from(properties)
        .where(eq(properties.agentId, agent.id));
      expect(listed?.n).toBeGreaterThan(0);
      const [card] = await db
        .select({ n: count() })
        .from(teamMembers)
        .where(eq(teamMembers.userId, agent.id));
      expect(card?.n).toBe(1);
    }
  });

  it("gives every property 3-6 media in order, its image being the first", async () => {
    const all = await db.select().from(properties);
    const media = await db.select().from(propertyMedia).orderBy(asc(propertyMedia.sortOrder));
    for (const property of all) {
      const own = media.filter((m) => m.propertyId === property.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(own.map((m) => m.sortOrder)).toEqual(own.map((_, i) => i));
      expect(own[0]?.isFeatured).toBe(true);
      expect(own.slice(1).every((m) => !m.isFeatured)).toBe(true);
      expect(property.imageUrl).toBe(own[0]?.mediaUrl);
      expect(property.imageUrl).toMatch(/^\/media\/generated\/property\//);
    }
  });

  it("keeps category and type consistent", async () => {
    const all = await db
      .select({ type: properties.propertyType, category: properties.category })
      .from(properties);
    for (const { type, category } of all) {
      expect(category).toBe(
        ["office", "shop", "warehouse"].includes(type) ? "commercial" : "residential",
      );
    }
  });

  it("stores the site's default contact details and social links", async () => {
    const [links] = await db.select().from(socialLinks);
    expect(links).toMatchObject(DEFAULT_SOCIAL_LINKS);
    const contact = await db
      .select()
      .from(contactInfo)
      .where(eq(contactInfo.section, "contact"))
      .orderBy(asc(contactInfo.sortOrder));
    const of = (type: string) => contact.filter((c) => c.type === type).map((c) => c.value);
    expect(of("address")).toEqual([DEFAULT_CONTACT.address]);
    expect(of("phone")).toEqual([...DEFAULT_CONTACT.phones]);
    expect(of("email")).toEqual([DEFAULT_CONTACT.email]);
    expect(of("hours")).toEqual(["Monday-Friday 9:00 AM-5:00 PM", "Saturday 10:00 AM-2:00 PM"]);
    expect(of("whatsapp")).toEqual([DEMO_WHATSAPP]);
  });

  it("writes every home text, slides in both categories, one inactive team member", async () => {
    const home = await db.select().from(websiteContent).where(eq(websiteContent.section, "home"));
    expect(home.map((r) => r.key).sort()).toEqual([...HOME_KEYS].sort());
    for (const row of home) expect(row.value.trim().length, row.key).toBeGreaterThan(5);
    expect(home.find((r) => r.key === "about_description")?.value.length).toBeGreaterThan(200);
    const slides = await db.select().from(slideshowItems);
    expect(slides.filter((s) => s.category === "finished").length).toBeGreaterThanOrEqual(6);
    expect(slides.filter((s) => s.category === "under_construction").length).toBeGreaterThanOrEqual(
      6,
    );
    for (const slide of slides)
      expect(slide.mediaUrl).toMatch(
        /^\/media\/generated\/slide\/(finished|construction)\/\d+\.webp$/,
      );
    const team = await db.select().from(teamMembers);
    expect(team.filter((m) => !m.isActive).length).toBe(1);
    const clips = await db.select().from(videos);
    for (const clip of clips)
      expect(clip.videoUrl).toMatch(/^https:\/\/(www\.youtube\.com\/watch\?v=|vimeo\.com\/)/);
  });

  it("does nothing the second time when only seeding an empty database", async () => {
    const before = await db
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .orderBy(asc(properties.id));
    const mediaBefore = await rows(propertyMedia);
    expect(await seedDemoData({ onlyIfEmpty: true })).toBeUndefined();
    const after = await db
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .orderBy(asc(properties.id));
    expect(after).toEqual(before);
    expect(await rows(propertyMedia)).toBe(mediaBefore);
    expect(await rows(teamMembers)).toBe(8);
  });

  it("re-seeds from scratch when forced, keeping the same listings", async () => {
    const before = await db
      .select({ id: properties.id })
      .from(properties)
      .orderBy(asc(properties.id));
    const counts = await seedDemoData({ onlyIfEmpty: false });
    expect(counts?.properties).toBe(before.length);
    const after = await db
      .select({ id: properties.id })
      .from(properties)
      .orderBy(asc(properties.id));
    expect(after).toEqual(before);
    expect(await rows(socialLinks)).toBe(1);
    expect(await rows(teamMembers)).toBe(counts?.teamMembers);
  });

  it("leaves an admin's content alone when only the listings are missing", async () => {
    await db.delete(properties);
    await db
      .update(websiteContent)
      .set({ value: "Our own title" })
      .where(eq(websiteContent.key, "hero_title"));
    await db.delete(teamMembers).where(eq(teamMembers.isActive, false));
    const counts = await seedDemoData({ onlyIfEmpty: true });
    expect(counts?.properties).toBeGreaterThanOrEqual(64);
    expect(counts?.teamMembers).toBe(0);
    expect(counts?.websiteContent).toBe(0);
    expect(await rows(teamMembers)).toBe(7);
    const [title] = await db
      .select()
      .from(websiteContent)
      .where(eq(websiteContent.key, "hero_title"));
    expect(title?.value).toBe("Our own title");
  });
});
