import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  contactInfo,
  inquiries,
  properties,
  propertyMedia,
  slideshowItems,
  teamMembers,
  users,
  videos,
  websiteContent,
} from "~/db/schema";
import { propertySchema } from "~/lib/schemas/property";
import { createProperty, createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { getInquiryForAdmin } from "./admin-inquiries.server";
import { getPropertyForAdmin } from "./admin-property-list.server";
import { reorderPropertyPhotos, setPropertyPhotoTitle } from "./admin-property-photos.server";
import { updatePropertyByAdmin } from "./admin-property-write.server";
import {
  addSocialLink,
  getHomeContentForAdmin,
  getSocialLinksForAdmin,
  homeSectionVersion,
  listContactItemsForAdmin,
  updateContactItem,
  updateHomeSection,
  updateSocialLink,
} from "./admin-site-content.server";
import { getSlideForAdmin, updateSlide } from "./admin-slideshow.server";
import { getTeamMemberForAdmin, updateTeamMember } from "./admin-team.server";
import { getUserForAdmin, updateUserByAdmin } from "./admin-users.server";
import { getVideoForAdmin, updateVideo } from "./admin-videos.server";
import { createInquiry, respondToInquiry, setInquiryStatus } from "./inquiry.server";
import { recordVersion } from "./record-version.server";

// Issue 23, "no lost update": two admins open the same form; A saves; B then saves what B
// typed over the version B opened. For every kind of admin edit form, B's stale save writes
// nothing, answers "conflict" with A as the one who changed it, and a save carrying the
// current version goes through.

await setupTestDatabase();
const ngozi = await createSignedInAdmin("ngozi@example.com", { name: "Ngozi Okafor" });
const bayo = await createSignedInAdmin("bayo@example.com", { name: "Bayo Adeyemi" });
const A = ngozi.actor;
const B = bayo.actor;

function expectConflictBy(result: unknown, name: string) {
  expect(result).toMatchObject({ ok: false, reason: "conflict", change: { by: name } });
}

describe("recordVersion", () => {
  it("is the same for the same values, whatever the key order, and differs for any change", () => {
    expect(recordVersion({ a: 1, b: "x" })).toBe(recordVersion({ b: "x", a: 1 }));
    expect(recordVersion({ a: 1, b: "x" })).not.toBe(recordVersion({ a: 1, b: "y" }));
    expect(recordVersion({ a: null })).not.toBe(recordVersion({ a: "" }));
  });
});

describe("a property's edit form", () => {
  function input(changes: Record<string, string>) {
    return propertySchema().parse({
      title: "Four-bedroom duplex",
      purpose: "sale",
      price: "85,000,000",
      propertyType: "duplex",
      category: "residential",
      city: "Lagos",
      status: "available",
      ...changes,
    });
  }

  it("refuses B's title change over A's new price, and keeps A's price", async () => {
    const id = await createProperty("Four-bedroom duplex");
    await updatePropertyByAdmin(A, id, input({}));
    const opened = await getPropertyForAdmin(A, id);
    if (!opened) throw new Error("no property");

    const saved = await updatePropertyByAdmin(A, id, input({ price: "90000000" }), opened.version);
    expect(saved.ok).toBe(true);
    const stale = await updatePropertyByAdmin(
      B,
      id,
      input({ title: "Duplex in Lekki", price: "85000000" }),
      opened.version,
    );
    expectConflictBy(stale, "Ngozi Okafor");
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ title: "Four-bedroom duplex", price: 90_000_000 });

    // "Use my changes": the same values on top of the version now are saved.
    const now = await getPropertyForAdmin(B, id);
    const reapplied = await updatePropertyByAdmin(
      B,
      id,
      input({ title: "Duplex in Lekki", price: "85000000" }),
      now?.version,
    );
    expect(reapplied.ok).toBe(true);
    const [after] = await db.select().from(properties).where(eq(properties.id, id));
    expect(after?.title).toBe("Duplex in Lekki");
  });

  it("a photo reorder or title from a stale page writes nothing; a field save is not stale for it", async () => {
    const id = await createProperty("With photos");
    const [one, two] = await db
      .insert(propertyMedia)
      .values([
        { propertyId: id, mediaUrl: "/media/a.webp", mediaType: "image", sortOrder: 0 },
        { propertyId: id, mediaUrl: "/media/b.webp", mediaType: "image", sortOrder: 1 },
      ])
      .returning({ id: propertyMedia.id });
    if (!one || !two) throw new Error("no photos");
    const opened = await getPropertyForAdmin(A, id);
    if (!opened) throw new Error("no property");
    const titleVersion = opened.media.find((m) => m.id === one.id)?.version;

    expect((await reorderPropertyPhotos(A, id, [two.id, one.id], opened.photosVersion)).ok).toBe(
      true,
    );
    const staleOrder = await reorderPropertyPhotos(B, id, [one.id, two.id], opened.photosVersion);
    expectConflictBy(staleOrder, "Ngozi Okafor");
    const order = await db
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, id))
      .orderBy(propertyMedia.sortOrder);
    expect(order.map((p) => p.id)).toEqual([two.id, one.id]);

    expect((await setPropertyPhotoTitle(A, id, one.id, "Front", titleVersion)).ok).toBe(true);
    expectConflictBy(
      await setPropertyPhotoTitle(B, id, one.id, "Garden", titleVersion),
      "Ngozi Okafor",
    );
    const [photo] = await db.select().from(propertyMedia).where(eq(propertyMedia.id, one.id));
    expect(photo?.title).toBe("Front");

    // The photos changed, not the fields: the edit form opened before is not stale.
    expect(
      (await updatePropertyByAdmin(B, id, input({ title: "With photos" }), opened.version)).ok,
    ).toBe(true);
  });
});

describe("a user's edit form", () => {
  it("refuses a stale save and keeps the other admin's change", async () => {
    const customer = await createSignedInUser("chidi@example.com", "Chidi Eze");
    const opened = await getUserForAdmin(A, customer.id);
    const base = {
      firstName: "Chidi",
      lastName: "Eze",
      phone: "",
      role: "tenant",
      status: "active",
    } as const;
    expect(
      (await updateUserByAdmin(A, customer.id, { ...base, phone: "08031234567" }, opened?.version))
        .ok,
    ).toBe(true);
    const stale = await updateUserByAdmin(
      B,
      customer.id,
      { ...base, lastName: "Nwosu" },
      opened?.version,
    );
    expectConflictBy(stale, "Ngozi Okafor");
    const [row] = await db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ lastName: "Eze", phone: "08031234567" });
  });
});

describe("an inquiry's response and status forms", () => {
  it("refuses a status or a response from a page opened before the status changed", async () => {
    const created = await createInquiry({
      source: "contact",
      email: "sender@example.com",
      name: "Sender",
      subject: "Viewing",
      description: "When can I view it?",
    } as Parameters<typeof createInquiry>[0]);
    const id = (created as { id: string }).id;
    const opened = await getInquiryForAdmin(A, id);
    expect(await setInquiryStatus(A, id, "in-progress", opened?.version)).toMatchObject({
      ok: true,
    });
    expectConflictBy(await setInquiryStatus(B, id, "rejected", opened?.version), "Ngozi Okafor");
    const stale = await respondToInquiry(B, id, {
      response: "Any weekday.",
      expectedVersion: opened?.version,
    });
    expectConflictBy(stale, "Ngozi Okafor");
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ status: "in-progress", response: null });
  });
});

describe("team members, slides and videos", () => {
  it("a team member's stale save writes nothing", async () => {
    const [row] = await db
      .insert(teamMembers)
      .values({ name: "Amaka", position: "Agent" })
      .returning({ id: teamMembers.id });
    const id = row?.id ?? "";
    const opened = await getTeamMemberForAdmin(A, id);
    const base = {
      name: "Amaka",
      position: "Agent",
      bio: "",
      email: "",
      phone: "",
      imageUrl: null,
      userId: "",
      isActive: true,
    };
    expect(
      (await updateTeamMember(A, id, { ...base, position: "Senior Agent" }, opened?.version)).ok,
    ).toBe(true);
    expectConflictBy(
      await updateTeamMember(B, id, { ...base, bio: "Ten years" }, opened?.version),
      "Ngozi Okafor",
    );
    const [after] = await db.select().from(teamMembers).where(eq(teamMembers.id, id));
    expect(after).toMatchObject({ position: "Senior Agent", bio: null });
  });

  it("a slide's stale save writes nothing", async () => {
    const [row] = await db
      .insert(slideshowItems)
      .values({ title: "Lekki", mediaUrl: "/media/s.webp", mediaType: "image" })
      .returning({ id: slideshowItems.id });
    const id = row?.id ?? "";
    const opened = await getSlideForAdmin(A, id);
    const base = {
      title: "Lekki",
      description: "",
      mediaUrl: "/media/s.webp",
      mediaType: "image",
      linkUrl: "",
      category: "finished",
      isActive: true,
    } as const;
    expect(
      (await updateSlide(A, id, { ...base, title: "Lekki Phase 1" }, opened?.version)).ok,
    ).toBe(true);
    expectConflictBy(
      await updateSlide(B, id, { ...base, description: "Done" }, opened?.version),
      "Ngozi Okafor",
    );
    const [after] = await db.select().from(slideshowItems).where(eq(slideshowItems.id, id));
    expect(after).toMatchObject({ title: "Lekki Phase 1", description: null });
  });

  it("a video's stale save writes nothing", async () => {
    const url = "https://www.youtube.com/embed/dQw4w9WgXcQ";
    const [row] = await db
      .insert(videos)
      .values({ title: "Tour", videoUrl: url })
      .returning({ id: videos.id });
    const id = row?.id ?? "";
    const opened = await getVideoForAdmin(A, id);
    const base = { title: "Tour", description: "", videoUrl: url, isActive: true };
    expect((await updateVideo(A, id, { ...base, title: "House tour" }, opened?.version)).ok).toBe(
      true,
    );
    expectConflictBy(
      await updateVideo(B, id, { ...base, isActive: false }, opened?.version),
      "Ngozi Okafor",
    );
    const [after] = await db.select().from(videos).where(eq(videos.id, id));
    expect(after).toMatchObject({ title: "House tour", isActive: true });
  });
});

describe("site content: social links, contact items, the website editor", () => {
  it("a social link's stale save writes nothing", async () => {
    await addSocialLink(A, "facebook", "https://facebook.com/old");
    const opened = (await getSocialLinksForAdmin(A)).find((l) => l.platform === "facebook");
    expect(
      (await updateSocialLink(A, "facebook", "https://facebook.com/a", opened?.version)).ok,
    ).toBe(true);
    expectConflictBy(
      await updateSocialLink(B, "facebook", "https://facebook.com/b", opened?.version),
      "Ngozi Okafor",
    );
    const links = await getSocialLinksForAdmin(A);
    expect(links.find((l) => l.platform === "facebook")?.url).toBe("https://facebook.com/a");
  });

  it("a contact item's stale save writes nothing", async () => {
    const [row] = await db
      .insert(contactInfo)
      .values({ key: "Sales line", value: "0803 000 0000", type: "phone" })
      .returning({ id: contactInfo.id });
    const id = row?.id ?? "";
    const opened = (await listContactItemsForAdmin(A)).find((i) => i.id === id);
    const saved = await updateContactItem(
      A,
      id,
      { type: "phone", label: "Sales line", value: "0803 111 1111" },
      opened?.version,
    );
    expect(saved.ok).toBe(true);
    const stale = await updateContactItem(
      B,
      id,
      { type: "phone", label: "Sales", value: "0803 000 0000" },
      opened?.version,
    );
    expectConflictBy(stale, "Ngozi Okafor");
    const [after] = await db.select().from(contactInfo).where(eq(contactInfo.id, id));
    expect(after).toMatchObject({ key: "Sales line", value: "0803 111 1111" });
  });

  it("a website editor section's stale save writes nothing; another section is not stale", async () => {
    const stored = await getHomeContentForAdmin(A);
    const hero = homeSectionVersion(stored, "hero");
    const about = homeSectionVersion(stored, "about");
    const texts = { title: "Find your home", subtitle: "", description: "" };
    expect((await updateHomeSection(A, "hero", texts, hero)).ok).toBe(true);
    expectConflictBy(
      await updateHomeSection(B, "hero", { ...texts, title: "Homes in Lagos" }, hero),
      "Ngozi Okafor",
    );
    const [row] = await db
      .select()
      .from(websiteContent)
      .where(eq(websiteContent.key, "hero_title"));
    expect(row?.value).toBe("Find your home");
    expect((await updateHomeSection(B, "about", { ...texts, title: "About us" }, about)).ok).toBe(
      true,
    );
  });
});
