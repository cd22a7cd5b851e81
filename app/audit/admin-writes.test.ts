import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, inArray } from "drizzle-orm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { deleteBackup } from "~/backup/backup-archives.server";
import { backupFileName } from "~/backup/backup-format.server";
import { contentGeneration } from "~/cache/content-generation.server";
import { db } from "~/db/client.server";
import {
  accounts,
  appointments,
  auditEvents,
  contactInfo,
  heroImages,
  leads,
  mailOutbox,
  officeSettings,
  officialChannels,
  properties,
  propertyMedia,
  slideshowItems,
  socialLinks,
  teamMembers,
  titleCopyRequests,
  titleDocuments,
  users,
  videos,
} from "~/db/schema";
import { attachPhotos } from "~/http/property-uploads.server";
import type { AdminActor } from "~/lib/admin-actor";
import type { AuditEntity } from "~/lib/audit";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import { readPropertyCsv } from "~/lib/property-import";
import {
  reassignAppointment,
  recordCodeCheck,
  rescheduleAppointmentByStaff,
} from "~/models/admin-appointments.server";
import {
  assignPropertiesAgent,
  bulkUpdateProperties,
  restoreProperties,
} from "~/models/admin-property-bulk.server";
import {
  getPropertyImportPlan,
  importPropertiesByAdmin,
} from "~/models/admin-property-import.server";
import {
  addPropertyPhotos,
  movePropertyPhoto,
  removePropertyPhoto,
  reorderPropertyPhotos,
  setPropertyPhotoTitle,
} from "~/models/admin-property-photos.server";
import { restoreProperty, trashProperty } from "~/models/admin-property-trash.server";
import { createPropertyByAdmin, updatePropertyByAdmin } from "~/models/admin-property-write.server";
import {
  addAdminAccount,
  changeOwnPassword,
  deleteOwnAccount,
  removeAdminAccount,
  updateNotificationSetting,
} from "~/models/admin-settings.server";
import {
  addContactItem,
  addHeroImage,
  addSocialLink,
  deleteContactItem,
  deleteSocialLink,
  moveHeroImage,
  removeHeroImage,
  updateContactItem,
  updateHomeSection,
  updateSocialLink,
} from "~/models/admin-site-content.server";
import {
  createSlide,
  deleteSlide,
  moveSlide,
  setSlideActive,
  updateSlide,
} from "~/models/admin-slideshow.server";
import {
  createTeamMember,
  deleteTeamMember,
  moveTeamMember,
  setTeamMemberActive,
  updateTeamMember,
} from "~/models/admin-team.server";
import {
  createUserByAdmin,
  deleteUserByAdmin,
  updateUserByAdmin,
} from "~/models/admin-users.server";
import {
  createVideo,
  deleteVideo,
  moveVideo,
  setVideoActive,
  updateVideo,
} from "~/models/admin-videos.server";
import { saveAgentProfile } from "~/models/agent-profile.server";
import {
  createAppointment,
  createAppointmentByStaff,
  setAppointmentStatusByAdmin,
} from "~/models/appointment.server";
import { confirmAvailability } from "~/models/availability.server";
import { setGeneralBookings } from "~/models/booking-rota.server";
import { resetCalendarFeed } from "~/models/calendar-feed.server";
import { setFeeTerms } from "~/models/fee-terms.server";
import {
  createFraudReport,
  setReportStatus,
  takeDownReportedListing,
  warnListingEnquirers,
} from "~/models/fraud-report.server";
import { dropHeldMail, sendHeldMail } from "~/models/held-mail.server";
import { createInquiry, respondToInquiry, setInquiryStatus } from "~/models/inquiry.server";
import { addLeadNote, updateLead } from "~/models/lead-inbox.server";
import {
  addOfficialChannel,
  deleteOfficialChannel,
  updateOfficialChannel,
} from "~/models/official-channels.server";
import { setAvailabilityRules } from "~/models/property-visibility.server";
import { saveOwnerSubmission } from "~/models/submission-owner.server";
import {
  approveSubmission,
  declineSubmission,
  requestSubmissionChanges,
} from "~/models/submission-review.server";
import { postOfficeMessage } from "~/models/submission-thread.server";
import { answerTitleCopyRequest } from "~/models/title-copy-requests.server";
import { addTitleDocument, removeTitleDocument } from "~/models/title-documents.server";
import { createSignedInUser, TEST_PASSWORD } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { propertyInput } from "../../tests/setup/property-input";
import { setupTestDatabase } from "../../tests/setup/test-database";

// Every admin write leaves one audit row per record it changes (each case below changes one, so
// exactly one; a CSV import writes one per listing added or changed). The functions are found in the source: any
// exported function under app/ whose first parameter is an AdminActor (the helper itself aside).
// Those named like reads (get, list, search, count, find) are reads, served by GET loaders that
// the authorization matrix checks write nothing; every other one must be in WRITES below, and
// running it once must add exactly one audit row with its action.

await setupTestDatabase();

const READ_PREFIX = /^(get|list|search|count|find|read|load)[A-Z]/;

type Found = { name: string; file: string };

/**
 * What the writes go through (the audited transaction; the Backups screen's dispatch to
 * sendHeldMail / dropHeldMail, listed below) or build their queries from (an agent's own
 * listings: ~/models/admin-property-scope), not writes of their own.
 */
const WRITE_HELPERS = new Set([
  "auditedWrite",
  "writeAppointmentAsStaff",
  "ownListings",
  "heldMailAction",
  // Route form handlers (app/routes/admin/*.server.ts) over saveAgentProfile and
  // recordCodeCheck, listed below.
  "saveAgentProfileForm",
  "recordCodeCheckForm",
]);

function adminFunctions(): Found[] {
  const found: Found[] = [];
  const root = path.resolve("app");
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.server\.ts$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        const source = ts.createSourceFile(
          full,
          fs.readFileSync(full, "utf8"),
          ts.ScriptTarget.Latest,
        );
        source.forEachChild((node) => {
          if (!ts.isFunctionDeclaration(node) || !node.name) return;
          const exported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
          const first = node.parameters[0]?.type?.getText(source);
          const helper = WRITE_HELPERS.has(node.name.text);
          if (exported && first === "AdminActor" && !helper) {
            found.push({ name: node.name.text, file: path.relative(root, full) });
          }
        });
      }
    }
  };
  walk(root);
  return found;
}

/** Runs one write once as `actor`; answers the audit action it must log. */
type WriteCase = (actor: AdminActor) => Promise<string>;

async function pendingAppointment() {
  const { id } = await createAppointment({
    fullName: "Chidi Okeke",
    email: "chidi@example.com",
    phone: "08031234567",
    appointmentDate: "2030-01-07",
    appointmentTime: "10:00 AM",
    propertyType: "Apartment",
    propertyLocation: "Lekki, Lagos",
    purpose: null,
    message: null,
    userId: null,
    propertyId: null,
  });
  return id;
}

let agents = 0;

/** An active agent account (a plain row: its sign-in is not what this checks). */
async function activeAgent() {
  agents += 1;
  const id = `writes-agent-${agents}`;
  await db
    .insert(users)
    .values({ id, name: `Agent ${agents}`, email: `${id}@example.com`, role: "agent" });
  return id;
}

let submissionOwners = 0;

/** An owner's submission, sent for review. */
async function waitingSubmission() {
  submissionOwners += 1;
  // A plain account row: the owner's sign-in is not what this checks, and a password costs time.
  const ownerId = `submission-owner-${submissionOwners}`;
  await db
    .insert(users)
    .values({ id: ownerId, email: `${ownerId}@example.com`, name: "Bola Owner" });
  const saved = await saveOwnerSubmission(ownerId, {
    values: { title: "Flat in Yaba", city: "Lagos", contactMethod: "email" },
    photos: [],
    send: true,
  });
  if (!saved.ok) throw new Error("the submission should save");
  return saved.id;
}

async function contactMessage() {
  const { id } = await createInquiry({
    source: "contact",
    userId: null,
    email: "ngozi@example.com",
    name: "Ngozi Eze",
    subject: "Viewing",
    description: "Is the flat in Yaba still available?",
  });
  return id;
}

const PROPERTY = propertyInput({ title: "Audited house" });

let channels = 0;

/** An official phone line (issue 45), each with its own number. */
function channelInput() {
  channels += 1;
  const digits = String(5_550_000 + channels);
  return {
    kind: "phone" as const,
    value: `0803 ${digits}`,
    valueKind: "phone" as const,
    normalized: `+234803${digits}`,
    label: "NaijaHomes office line",
    bankName: null,
    accountName: null,
    usedFor: "",
  };
}

/** An official line, straight in the table (not through an audited write). */
async function newChannel() {
  const [row] = await db
    .insert(officialChannels)
    .values(channelInput())
    .returning({ id: officialChannels.id });
  return row?.id ?? "";
}

/** A visitor's fraud report about a live listing (not an admin write). */
async function reportOfListing() {
  const propertyId = await newProperty();
  const created = await createFraudReport(
    { kind: "listing", id: propertyId },
    { reason: "money_before_viewing", name: "", phone: "", email: "", message: "" },
  );
  if (!created.ok) throw new Error("the report should be stored");
  return created.id;
}

/** Photo rows for a listing, straight in the table (not through an audited write). */
async function photosFor(propertyId: string, n: number) {
  const rows = await db
    .insert(propertyMedia)
    .values(
      Array.from({ length: n }, (_, i) => ({
        propertyId,
        mediaUrl: `/media/uploads/${i}.webp`,
        sortOrder: i,
      })),
    )
    .returning({ id: propertyMedia.id });
  return rows.map((r) => r.id);
}

async function newProperty() {
  const [row] = await db.insert(properties).values(PROPERTY).returning({ id: properties.id });
  return row?.id ?? "";
}

// Team, slides and videos (admin part 4): rows straight in the tables, then one write each.
const MEMBER = {
  name: "Audited Member",
  position: "Agent",
  bio: "",
  email: "",
  phone: "",
  imageUrl: null,
  isActive: true,
};
const SLIDE = {
  title: "Audited slide",
  description: "",
  mediaUrl: "/media/uploads/slide.webp",
  mediaType: "image" as const,
  linkUrl: null,
  category: "finished" as const,
  isActive: true,
};
const VIDEO = {
  title: "Audited video",
  description: "",
  videoUrl: "https://player.vimeo.com/video/76979871",
  isActive: true,
};

async function newMember() {
  const [row] = await db.insert(teamMembers).values(MEMBER).returning({ id: teamMembers.id });
  return row?.id ?? "";
}

async function newSlide() {
  const [row] = await db.insert(slideshowItems).values(SLIDE).returning({ id: slideshowItems.id });
  return row?.id ?? "";
}

async function newVideo() {
  const [row] = await db.insert(videos).values(VIDEO).returning({ id: videos.id });
  return row?.id ?? "";
}

/** A contact item straight in the table (not through an audited write). */
async function contactItem(type: "phone" | "email", key: string, value: string) {
  const [row] = await db
    .insert(contactInfo)
    .values({ type, key, value })
    .returning({ id: contactInfo.id });
  return row?.id ?? "";
}

/** A message held since a restore, straight in the outbox. */
async function heldMessage(to: string) {
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, subject: "Your viewing is booked", text: "See you", status: "held" })
    .returning({ id: mailOutbox.id });
  return row?.id ?? "";
}

async function heroImage(n: number) {
  const [row] = await db
    .insert(heroImages)
    .values({ mediaUrl: `/media/uploads/hero-${n}.webp`, width: 1920, height: 1080, sortOrder: n })
    .returning({ id: heroImages.id });
  return row?.id ?? "";
}

const PDF = new TextEncoder().encode("%PDF-1.4 a title document");

/** A document row straight in the table (its file is not needed to remove it). */
async function newTitleDocument() {
  const propertyId = await newProperty();
  const [row] = await db
    .insert(titleDocuments)
    .values({
      propertyId,
      storageKey: "private/title-documents/audited.pdf",
      fileName: "c-of-o.pdf",
      contentType: "application/pdf",
      bytes: PDF.byteLength,
    })
    .returning({ id: titleDocuments.id });
  return { propertyId, id: row?.id ?? "" };
}

/** A buyer's open request straight in the table (the buyer's own audit row is not the case's). */
async function newTitleCopyRequest() {
  const buyer = await createSignedInUser(`buyer-${crypto.randomUUID()}@example.com`);
  const [row] = await db
    .insert(titleCopyRequests)
    .values({ propertyId: await newProperty(), userId: buyer.id })
    .returning({ id: titleCopyRequests.id });
  return row?.id ?? "";
}

/** A lead of the inbox (issue 47), straight in the table: its setup is no admin write. */
async function newLead() {
  const [row] = await db
    .insert(leads)
    .values({ source: "inquiry", name: "Audited Lead", phone: "0803 555 0101" })
    .returning({ id: leads.id });
  return row?.id ?? "";
}

const WRITES: Record<string, WriteCase> = {
  async confirmAvailability(actor) {
    const confirmed = await confirmAvailability(actor, await newProperty(), "visit");
    expect(confirmed.ok).toBe(true);
    return "property.confirm-availability";
  },
  async setAvailabilityRules(actor) {
    const rules = { rentDays: 15, saleDays: 31, reminderDays: 3, closedBadgeDays: 14 };
    await setAvailabilityRules(actor, rules);
    return "settings.availability";
  },
  async updateLead(actor) {
    const change = { status: "contacted" as const, nextFollowUp: null, lostReason: null };
    expect((await updateLead(actor, await newLead(), change)).ok).toBe(true);
    return "lead.update";
  },
  async addLeadNote(actor) {
    expect((await addLeadNote(actor, await newLead(), "Called: back on Monday")).ok).toBe(true);
    return "lead.note";
  },
  async postOfficeMessage(actor) {
    const sent = await postOfficeMessage(actor, await waitingSubmission(), "Which floor is it on?");
    expect(sent.ok).toBe(true);
    return "submission.message";
  },
  async addTitleDocument(actor) {
    const propertyId = await newProperty();
    const added = await addTitleDocument(actor, propertyId, { bytes: PDF, name: "deed.pdf" });
    expect(added.ok).toBe(true);
    return "title-document.add";
  },
  async removeTitleDocument(actor) {
    const { propertyId, id } = await newTitleDocument();
    expect((await removeTitleDocument(actor, propertyId, id)).ok).toBe(true);
    return "title-document.remove";
  },
  async answerTitleCopyRequest(actor) {
    const id = await newTitleCopyRequest();
    const answer = { status: "declined" as const, note: "The seller has not agreed yet." };
    expect((await answerTitleCopyRequest(actor, id, answer)).ok).toBe(true);
    return "title-copy.answer";
  },
  async addOfficialChannel(actor) {
    expect((await addOfficialChannel(actor, channelInput())).ok).toBe(true);
    return "official-channel.add";
  },
  async updateOfficialChannel(actor) {
    expect((await updateOfficialChannel(actor, await newChannel(), channelInput())).ok).toBe(true);
    return "official-channel.update";
  },
  async deleteOfficialChannel(actor) {
    expect((await deleteOfficialChannel(actor, await newChannel())).ok).toBe(true);
    return "official-channel.delete";
  },
  async setReportStatus(actor) {
    expect((await setReportStatus(actor, await reportOfListing(), "looking")).ok).toBe(true);
    return "report.status";
  },
  async takeDownReportedListing(actor) {
    expect((await takeDownReportedListing(actor, await reportOfListing())).ok).toBe(true);
    return "property.take-down";
  },
  async warnListingEnquirers(actor) {
    expect((await warnListingEnquirers(actor, await reportOfListing())).ok).toBe(true);
    return "report.warn";
  },
  async createTeamMember(actor) {
    expect((await createTeamMember(actor, { ...MEMBER, userId: "" })).ok).toBe(true);
    return "team-member.create";
  },
  async updateTeamMember(actor) {
    const result = await updateTeamMember(actor, await newMember(), {
      ...MEMBER,
      userId: "",
      bio: "New",
    });
    expect(result.ok).toBe(true);
    return "team-member.update";
  },
  async deleteTeamMember(actor) {
    expect((await deleteTeamMember(actor, await newMember())).ok).toBe(true);
    return "team-member.delete";
  },
  async moveTeamMember(actor) {
    await newMember();
    expect((await moveTeamMember(actor, await newMember(), "up")).ok).toBe(true);
    return "team-member.move";
  },
  async setTeamMemberActive(actor) {
    expect((await setTeamMemberActive(actor, await newMember(), false)).ok).toBe(true);
    return "team-member.active";
  },
  async createSlide(actor) {
    expect((await createSlide(actor, SLIDE)).ok).toBe(true);
    return "slide.create";
  },
  async updateSlide(actor) {
    const result = await updateSlide(actor, await newSlide(), { ...SLIDE, category: "finished" });
    expect(result.ok).toBe(true);
    return "slide.update";
  },
  async deleteSlide(actor) {
    expect((await deleteSlide(actor, await newSlide())).ok).toBe(true);
    return "slide.delete";
  },
  async moveSlide(actor) {
    await newSlide();
    expect((await moveSlide(actor, await newSlide(), 0)).ok).toBe(true);
    return "slide.move";
  },
  async setSlideActive(actor) {
    expect((await setSlideActive(actor, await newSlide(), false)).ok).toBe(true);
    return "slide.active";
  },
  async createVideo(actor) {
    expect((await createVideo(actor, VIDEO)).ok).toBe(true);
    return "video.create";
  },
  async updateVideo(actor) {
    const result = await updateVideo(actor, await newVideo(), { ...VIDEO, title: "Renamed" });
    expect(result.ok).toBe(true);
    return "video.update";
  },
  async deleteVideo(actor) {
    expect((await deleteVideo(actor, await newVideo())).ok).toBe(true);
    return "video.delete";
  },
  async moveVideo(actor) {
    await newVideo();
    expect((await moveVideo(actor, await newVideo(), "up")).ok).toBe(true);
    return "video.move";
  },
  async setVideoActive(actor) {
    expect((await setVideoActive(actor, await newVideo(), false)).ok).toBe(true);
    return "video.active";
  },
  // Site content (admin part 4).
  async addSocialLink(actor) {
    expect((await addSocialLink(actor, "facebook", "https://facebook.com/audited")).ok).toBe(true);
    return "social-links.add";
  },
  async updateSocialLink(actor) {
    await db.delete(socialLinks);
    await db.insert(socialLinks).values({ instagram: "https://instagram.com/before" });
    const result = await updateSocialLink(actor, "instagram", "https://instagram.com/after");
    expect(result.ok).toBe(true);
    return "social-links.update";
  },
  async deleteSocialLink(actor) {
    await db.delete(socialLinks);
    await db.insert(socialLinks).values({ twitter: "https://twitter.com/before" });
    expect((await deleteSocialLink(actor, "twitter")).ok).toBe(true);
    return "social-links.delete";
  },
  async addContactItem(actor) {
    const input = { type: "phone" as const, label: "Audited line", value: "+234 803 555 0000" };
    expect((await addContactItem(actor, input)).ok).toBe(true);
    return "contact-info.add";
  },
  async updateContactItem(actor) {
    const id = await contactItem("email", "Audited email", "before@naijahomes.ng");
    const input = { type: "email" as const, label: "Sales", value: "after@naijahomes.ng" };
    expect((await updateContactItem(actor, id, input)).ok).toBe(true);
    return "contact-info.update";
  },
  async deleteContactItem(actor) {
    await contactItem("phone", "Kept line", "+234 803 555 1111");
    const id = await contactItem("phone", "Deleted line", "+234 803 555 2222");
    expect((await deleteContactItem(actor, id)).ok).toBe(true);
    return "contact-info.delete";
  },
  async updateHomeSection(actor) {
    const input = { title: "Audited", subtitle: "", description: "Text." };
    expect((await updateHomeSection(actor, "about", input)).ok).toBe(true);
    return "website-content.update";
  },
  async addHeroImage(actor) {
    const image = { mediaUrl: "/media/uploads/hero-new.webp", width: 1920, height: 1080 };
    expect((await addHeroImage(actor, image)).ok).toBe(true);
    return "website-content.hero-add";
  },
  async removeHeroImage(actor) {
    expect((await removeHeroImage(actor, await heroImage(1))).ok).toBe(true);
    return "website-content.hero-remove";
  },
  async moveHeroImage(actor) {
    await heroImage(2);
    expect((await moveHeroImage(actor, await heroImage(3), "up")).ok).toBe(true);
    return "website-content.hero-move";
  },
  // Accounts and settings (admin part 3). The super-admin-only writes run as the same admin
  // with the flag, as requireAdmin would answer for a super admin.
  async createUserByAdmin(actor) {
    const input = {
      email: "invited@example.com",
      firstName: "Ife",
      lastName: "Ade",
      phone: "",
      role: "tenant" as const,
    };
    expect((await createUserByAdmin(actor, input)).ok).toBe(true);
    return "user.create";
  },
  async updateUserByAdmin(actor) {
    const { id } = await createSignedInUser("edited@example.com", "Bola Ige");
    const input = {
      firstName: "Bola",
      lastName: "Ige-Cole",
      phone: "",
      role: "owner" as const,
      status: "inactive" as const,
    };
    expect((await updateUserByAdmin(actor, id, input)).ok).toBe(true);
    return "user.update";
  },
  async deleteUserByAdmin(actor) {
    const { id } = await createSignedInUser("deleted@example.com", "Uche Obi");
    expect((await deleteUserByAdmin(actor, id)).ok).toBe(true);
    return "user.delete";
  },
  async updateNotificationSetting(actor) {
    expect((await updateNotificationSetting(actor, "emailNotifications", false)).ok).toBe(true);
    return "settings.update";
  },
  async changeOwnPassword(actor) {
    const input = {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-new-password-2",
      keepSessionId: "",
    };
    expect((await changeOwnPassword(actor, input)).ok).toBe(true);
    return "user.password";
  },
  async deleteOwnAccount(actor) {
    // The writer is put back afterwards (same id), for the writes that follow.
    const [user] = await db.select().from(users).where(eq(users.id, actor.id));
    const credentials = await db.select().from(accounts).where(eq(accounts.userId, actor.id));
    expect((await deleteOwnAccount(actor)).ok).toBe(true);
    if (user) await db.insert(users).values(user);
    if (credentials.length) await db.insert(accounts).values(credentials);
    return "user.delete-own";
  },
  async addAdminAccount(actor) {
    const superAdmin = { ...actor, isSuperAdmin: true } as AdminActor;
    const input = { email: "new-admin@example.com", password: "admin-password-1", fullName: "" };
    expect((await addAdminAccount(superAdmin, input)).ok).toBe(true);
    return "user.add-admin";
  },
  async removeAdminAccount(actor) {
    const superAdmin = { ...actor, isSuperAdmin: true } as AdminActor;
    const other = await createSignedInAdmin("removed-admin@example.com");
    expect((await removeAdminAccount(superAdmin, other.id)).ok).toBe(true);
    return "user.remove-admin";
  },
  async deleteBackup(actor) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-audited-backup-"));
    const name = backupFileName(new Date(), "manual");
    fs.writeFileSync(path.join(dir, name), "an archive");
    try {
      // The model checks the role itself: a plain admin's call deletes nothing.
      expect(await deleteBackup(actor, name, dir)).toEqual({ ok: false, reason: "forbidden" });
      expect(fs.existsSync(path.join(dir, name))).toBe(true);
      const superAdmin = { ...actor, isSuperAdmin: true, role: "superAdmin" } as AdminActor;
      expect((await deleteBackup(superAdmin, name, dir)).ok).toBe(true);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return "backup.delete";
  },
  async createPropertyByAdmin(actor) {
    expect((await createPropertyByAdmin(actor, PROPERTY)).ok).toBe(true);
    return "property.create";
  },
  async updatePropertyByAdmin(actor) {
    const result = await updatePropertyByAdmin(actor, await newProperty(), {
      ...PROPERTY,
      beds: 4,
    });
    expect(result.ok).toBe(true);
    return "property.update";
  },
  async trashProperty(actor) {
    expect((await trashProperty(actor, await newProperty())).ok).toBe(true);
    return "property.delete";
  },
  async restoreProperty(actor) {
    const id = await newProperty();
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    expect((await restoreProperty(actor, id)).ok).toBe(true);
    return "property.restore";
  },
  async importPropertiesByAdmin(actor) {
    // One row per listing added or changed: a file of one new listing leaves one.
    const reading = readPropertyCsv(
      "title,purpose,price,property_type,category,city\nImported house,sale,1000,house,residential,Kano",
    );
    if (!reading.ok) throw new Error("the test file should read");
    const plan = await getPropertyImportPlan(actor, reading.sheet);
    const outcome = await importPropertiesByAdmin(actor, reading.sheet, plan.fingerprint);
    expect(outcome.ok).toBe(true);
    return "property.import";
  },
  async addPropertyPhotos(actor) {
    const id = await newProperty();
    expect((await addPropertyPhotos(actor, id, [{ url: "/media/uploads/a.webp" }])).ok).toBe(true);
    return "property.photos-add";
  },
  async movePropertyPhoto(actor) {
    const id = await newProperty();
    const [a, b] = await photosFor(id, 2);
    expect((await movePropertyPhoto(actor, id, b ?? "", "up")).ok).toBe(true);
    expect(a).toBeDefined();
    return "property.photos-move";
  },
  async attachPhotos(actor) {
    const id = await newProperty();
    expect((await attachPhotos(actor, id, [{ url: "/media/uploads/b.webp" }])).ok).toBe(true);
    return "property.photos-add";
  },
  async reorderPropertyPhotos(actor) {
    const id = await newProperty();
    const [a, b] = await photosFor(id, 2);
    expect((await reorderPropertyPhotos(actor, id, [b ?? "", a ?? ""])).ok).toBe(true);
    return "property.photos-move";
  },
  async removePropertyPhoto(actor) {
    const id = await newProperty();
    const [a] = await photosFor(id, 1);
    expect((await removePropertyPhoto(actor, id, a ?? "")).ok).toBe(true);
    return "property.photos-remove";
  },
  async setPropertyPhotoTitle(actor) {
    const id = await newProperty();
    const [a] = await photosFor(id, 1);
    expect((await setPropertyPhotoTitle(actor, id, a ?? "", "Front")).ok).toBe(true);
    return "property.photos-title";
  },
  async bulkUpdateProperties(actor) {
    const ids = [await newProperty(), await newProperty()];
    expect((await bulkUpdateProperties(actor, ids, "unfeature")).ok).toBe(true);
    return "property.bulk";
  },
  async restoreProperties(actor) {
    const ids = [await newProperty(), await newProperty()];
    await db.update(properties).set({ deletedAt: new Date() }).where(inArray(properties.id, ids));
    expect((await restoreProperties(actor, ids)).ok).toBe(true);
    return "property.bulk";
  },
  async setAppointmentStatusByAdmin(actor) {
    const result = await setAppointmentStatusByAdmin(
      actor,
      await pendingAppointment(),
      "confirmed",
    );
    expect(result.ok).toBe(true);
    return "appointment.confirm";
  },
  async createAppointmentByStaff(actor) {
    const result = await createAppointmentByStaff(actor, {
      fullName: "Ngozi Okafor",
      email: "ngozi@example.com",
      phone: "08031234567",
      appointmentDate: "2030-01-08",
      appointmentTime: "11:00 AM",
      propertyType: null,
      propertyLocation: null,
      purpose: "rent",
      message: null,
      userId: null,
      propertyId: null,
    });
    expect(result.ok).toBe(true);
    return "appointment.create";
  },
  async rescheduleAppointmentByStaff(actor) {
    const result = await rescheduleAppointmentByStaff(actor, await pendingAppointment(), {
      appointmentDate: "2030-01-09",
      appointmentTime: "02:00 PM",
    });
    expect(result.ok).toBe(true);
    return "appointment.reschedule";
  },
  async setGeneralBookings(actor) {
    expect((await setGeneralBookings(actor, "rota")).ok).toBe(true);
    // Back to the default without a second write: later cases book general appointments.
    await db.delete(officeSettings);
    return "settings.general-bookings";
  },
  async setFeeTerms(actor) {
    const terms = { ...DEFAULT_FEE_TERMS, agencyFeePercent: 5, legalFeePercent: 5 };
    expect((await setFeeTerms(actor, terms)).ok).toBe(true);
    await db.delete(officeSettings);
    return "settings.fee-terms";
  },
  async recordCodeCheck(actor) {
    const id = await pendingAppointment();
    await db
      .update(appointments)
      .set({ status: "confirmed", viewingCode: "1234", appointmentDate: "2020-01-06" })
      .where(eq(appointments.id, id));
    expect((await recordCodeCheck(actor, id, false)).ok).toBe(true);
    return "appointment.code-check";
  },
  async saveAgentProfile(actor) {
    const result = await saveAgentProfile(actor, await activeAgent(), {
      staffId: "",
      lasreraNumber: "LASRERA/AG/2023/0001",
      esvarbonNumber: "",
      officialPhone: "0802 000 0000",
      officialWhatsapp: "",
      publicEmail: "",
      publicEmailIsSignIn: false,
    });
    expect(result.ok).toBe(true);
    return "agent-profile.update";
  },
  async reassignAppointment(actor) {
    const result = await reassignAppointment(
      actor,
      await pendingAppointment(),
      await activeAgent(),
    );
    expect(result.ok).toBe(true);
    return "appointment.reassign";
  },
  async assignPropertiesAgent(actor) {
    const ids = [await newProperty(), await newProperty()];
    expect((await assignPropertiesAgent(actor, ids, await activeAgent())).ok).toBe(true);
    return "property.bulk";
  },
  async respondToInquiry(actor) {
    const result = await respondToInquiry(actor, await contactMessage(), {
      response: "Yes, it is.",
    });
    expect(result.ok).toBe(true);
    return "inquiry.respond";
  },
  async resetCalendarFeed(actor) {
    expect((await resetCalendarFeed(actor)).ok).toBe(true);
    return "calendar-feed.reset";
  },
  async approveSubmission(actor) {
    const result = await approveSubmission(actor, await waitingSubmission(), PROPERTY);
    expect(result.ok).toBe(true);
    return "submission.approve";
  },
  async requestSubmissionChanges(actor) {
    const id = await waitingSubmission();
    expect((await requestSubmissionChanges(actor, id, "Add photos")).ok).toBe(true);
    return "submission.request-changes";
  },
  async declineSubmission(actor) {
    expect((await declineSubmission(actor, await waitingSubmission(), "Not ours")).ok).toBe(true);
    return "submission.decline";
  },
  async sendHeldMail(actor) {
    const id = await heldMessage("held-send@example.com");
    expect((await sendHeldMail(actor, { id })).ok).toBe(true);
    return "mail.send-held";
  },
  async dropHeldMail(actor) {
    const id = await heldMessage("held-drop@example.com");
    expect((await dropHeldMail(actor, { id })).ok).toBe(true);
    return "mail.drop-held";
  },
  async setInquiryStatus(actor) {
    const result = await setInquiryStatus(actor, await contactMessage(), "in-progress");
    expect(result.ok).toBe(true);
    return "inquiry.status";
  },
};

/**
 * Whether public pages show each kind of record: a write to a public one must empty the page
 * cache (a new content generation); a write to a private one must leave the cached pages alone.
 * Every entity must be placed here, so a new one is decided on, not assumed.
 */
const SHOWN_ON_PUBLIC_PAGES: Record<AuditEntity, boolean> = {
  property: true,
  "team-member": true,
  "agent-profile": true,
  slide: true,
  video: true,
  "social-links": true,
  "contact-info": true,
  "website-content": true,
  appointment: false,
  inquiry: false,
  user: false,
  settings: false,
  "calendar-feed": false,
  submission: false,
  backup: false,
  mail: false,
  // Listed on /verify (issue 45).
  "official-channel": true,
  report: false,
  // Issue 46: private to staff (and the buyer who asked).
  "title-document": false,
  "title-copy": false,
  lead: false,
};

/** Writes to a private record that change what public pages show (an approval adds a listing). */
const PUBLIC_ACTIONS = new Set([
  "submission.approve",
  "settings.fee-terms",
  "settings.availability",
]);

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

describe("admin writes", () => {
  const functions = adminFunctions();

  it("finds the admin model functions in the source", () => {
    expect(functions.map((f) => f.name)).toContain("getDashboardCounts");
  });

  it("lists every admin write here, and nothing that is not one", () => {
    const writes = functions.filter((f) => !READ_PREFIX.test(f.name)).map((f) => f.name);
    expect(writes.sort()).toEqual(Object.keys(WRITES).sort());
  });

  it("leaves exactly one audit row per write, with its action; only public content empties the page cache", async () => {
    const admin = await createSignedInAdmin("writer@example.com");
    const seen = { public: 0, private: 0 };
    for (const [name, write] of Object.entries(WRITES)) {
      const before = await auditCount();
      const generation = contentGeneration();
      const action = await write(admin.actor);
      expect(await auditCount(), name).toBe(before + 1);
      // A private case's setup (a booking, an inquiry, an account) is no admin write, so the
      // whole case must leave the generation alone; a public one moves it.
      const isPublic =
        SHOWN_ON_PUBLIC_PAGES[action.split(".")[0] as AuditEntity] || PUBLIC_ACTIONS.has(action);
      seen[isPublic ? "public" : "private"] += 1;
      if (isPublic) expect(contentGeneration(), name).toBeGreaterThan(generation);
      else expect(contentGeneration(), name).toBe(generation);
      const [latest] = await db
        .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
        .from(auditEvents)
        .orderBy(auditEvents.createdAt)
        .limit(1)
        .offset(before);
      expect(latest, name).toEqual({ action, actor: admin.id });
    }
    expect(seen.public).toBeGreaterThan(30);
    expect(seen.private).toBeGreaterThan(10);
  });
});
