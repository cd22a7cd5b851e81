import { describe, expect, it, vi } from "vitest";
import { REFERENCE_DATA_MAX_AGE_MS } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { contactInfo, socialLinks, websiteContent } from "~/db/schema";
import { actorFor, createSignedInAdmin } from "../../tests/setup/admin";
import { setTestEnv } from "../../tests/setup/env";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { addContactItem, updateHomeSection } from "./admin-site-content.server";
import { getContactDetails, getSectionContent, getSocialLinks } from "./site-content.server";

// The public pages read contact details, links and texts through a cache (on with PAGE_CACHE,
// as in production); an admin's save through the admin model moves the content generation and
// so empties it, and anything else is seen once the entry is a minute old.

setTestEnv({ PAGE_CACHE: "1" });

await setupTestDatabase();

const admin = await createSignedInAdmin("cache@example.com");

describe("the site-content cache", () => {
  it("answers from memory until an admin's save moves the generation", async () => {
    await db
      .insert(contactInfo)
      .values({ key: "Phone", type: "phone", value: "+234 803 000 0001" });
    expect((await getContactDetails()).phones).toEqual(["+234 803 000 0001"]);

    // Written behind the model's back (another instance, a script): not seen yet.
    await db
      .insert(contactInfo)
      .values({ key: "Other", type: "phone", value: "+234 803 000 0002", sortOrder: 1 });
    await db.insert(socialLinks).values({ facebook: "https://facebook.com/cached" });
    expect((await getContactDetails()).phones).toEqual(["+234 803 000 0001"]);

    const input = { type: "whatsapp" as const, label: "WhatsApp", value: "+234 803 000 0003" };
    expect((await addContactItem(admin.actor, input)).ok).toBe(true);
    const after = await getContactDetails();
    expect(after.phones).toEqual(["+234 803 000 0001", "+234 803 000 0002"]);
    expect(after.whatsapp).toBe("+234 803 000 0003");
    expect(await getSocialLinks()).toEqual({ facebook: "https://facebook.com/cached" });
  });

  it("shows other writers' changes once the entry expires, and a refused save moves nothing", async () => {
    // Only the clock is faked (the database needs real timers).
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await db.insert(websiteContent).values({ section: "home", key: "hero_title", value: "One" });
      expect((await getSectionContent("home")).hero_title).toBe("One");
      await db.update(websiteContent).set({ value: "Two" });
      vi.setSystemTime(Date.now() + REFERENCE_DATA_MAX_AGE_MS - 1);
      expect((await getSectionContent("home")).hero_title).toBe("One");
      vi.setSystemTime(Date.now() + 2);
      expect((await getSectionContent("home")).hero_title).toBe("Two");
    } finally {
      vi.useRealTimers();
    }

    expect((await getSectionContent("home")).hero_title).toBe("Two");
    await db.update(websiteContent).set({ value: "Three" });
    const refused = await addContactItem(actorFor(admin), {
      type: "whatsapp",
      label: "Second WhatsApp",
      value: "+234 803 000 0004",
    });
    expect(refused).toEqual({ ok: false, reason: "single" });
    expect((await getSectionContent("home")).hero_title).toBe("Two");
    const input = { title: "Four", subtitle: "", description: "" };
    await updateHomeSection(admin.actor, "hero", input);
    expect((await getSectionContent("home")).hero_title).toBe("Four");
  });
});
