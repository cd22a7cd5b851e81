import { AGENT_PROFILE_LABELS } from "./agent-profile";
import type { AuditEntity } from "./audit";
import { formatNaira } from "./money";
import {
  FURNISHING,
  LISTING_STATUSES,
  PROPERTY_FIELD_LABELS,
  PROPERTY_TYPES,
  PURPOSES,
  RENT_PERIODS,
  TITLE_DOCUMENTS,
} from "./property-options";
import { SOCIAL_PLATFORMS } from "./schemas/site-content";
import { TITLE_CHECK_LABELS } from "./schemas/title-check";
import { TITLE_CHECKS } from "./title-check";

// How /admin/audit reads a stored audit row as a line of history: what was done in words, the
// fields under the labels the forms give them, before -> after only where the value really
// changed, a reorder as the positions moved, a bulk change as the listings it touched. Pure:
// the names of records (listing titles, people) are looked up by the model and passed in.

/** How the log stores a secret's value (app/audit/audit.server.ts). */
const REDACTED = "[redacted]";

/** The kinds of record, as the filter offers them. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  appointment: "Appointments",
  inquiry: "Inquiries",
  property: "Listings",
  user: "Users",
  "team-member": "Team members",
  "agent-profile": "Agent profiles",
  slide: "Gallery slides",
  video: "Videos",
  "social-links": "Social media",
  "contact-info": "Contact info",
  "website-content": "Website content",
  settings: "Settings",
  "calendar-feed": "Calendar link",
  submission: "Owner submissions",
  backup: "Backups",
  mail: "E-mails held by a restore",
  "official-channel": "Official channels",
  report: "Fraud reports",
  "title-document": "Title documents",
  "title-copy": "Title copy requests",
  lead: "Leads",
};

/** What each action did, as a sentence's verb phrase ("edited the listing"). */
const ACTION_TEXT: Record<string, string> = {
  "appointment.confirm": "Confirmed the appointment",
  "appointment.complete": "Completed the appointment",
  "appointment.cancel": "Cancelled the appointment",
  "appointment.create": "Booked an appointment",
  "lead.update": "Changed the lead",
  "lead.note": "Added a note to the lead",
  "appointment.reschedule": "Rescheduled the appointment",
  "appointment.reassign": "Gave the appointment to another agent",
  "appointment.update": "Edited the appointment",
  "appointment.code-check": "Recorded whether the viewing code matched",
  "agent-profile.update": "Edited the agent's public profile",
  "inquiry.respond": "Answered the inquiry",
  "inquiry.status": "Changed the inquiry's status",
  "property.create": "Added the listing",
  "property.update": "Edited the listing",
  "property.delete": "Moved the listing to the trash",
  "property.restore": "Restored the listing from the trash",
  "property.bulk": "Changed several listings",
  "property.import": "Imported listings from a CSV file",
  "property.photos-add": "Added photos to the listing",
  "property.photos-move": "Reordered the listing's photos",
  "property.photos-remove": "Removed a photo from the listing",
  "property.photos-title": "Renamed a photo of the listing",
  "user.create": "Added the user",
  "user.update": "Edited the user",
  "user.delete": "Deleted the user",
  "user.delete-own": "Deleted their own account",
  "user.add-admin": "Added the admin",
  "user.remove-admin": "Removed the admin",
  "user.password": "Changed their password",
  "team-member.create": "Added the team member",
  "team-member.update": "Edited the team member",
  "team-member.delete": "Deleted the team member",
  "team-member.move": "Moved the team member",
  "team-member.active": "Switched the team member on or off",
  "slide.create": "Added the slide",
  "slide.update": "Edited the slide",
  "slide.delete": "Deleted the slide",
  "slide.move": "Moved the slide",
  "slide.active": "Switched the slide on or off",
  "video.create": "Added the video",
  "video.update": "Edited the video",
  "video.delete": "Deleted the video",
  "video.move": "Moved the video",
  "video.active": "Switched the video on or off",
  "social-links.add": "Added a social media link",
  "social-links.update": "Changed a social media link",
  "social-links.delete": "Removed a social media link",
  "contact-info.add": "Added contact info",
  "contact-info.update": "Changed contact info",
  "contact-info.delete": "Removed contact info",
  "website-content.update": "Edited the home page texts",
  "website-content.hero-add": "Added a hero picture",
  "website-content.hero-move": "Moved a hero picture",
  "website-content.hero-remove": "Removed a hero picture",
  "settings.update": "Changed a notification setting",
  "settings.general-bookings": "Chose where general bookings go",
  "settings.fee-terms": "Changed the agency's fee terms",
  "calendar-feed.reset": "Made a new calendar link",
  "submission.approve": "Approved the owner's submission",
  "submission.request-changes": "Asked the owner for changes",
  "submission.decline": "Declined the owner's submission",
  "submission.message": "Wrote to the owner on their submission",
  "backup.delete": "Deleted a backup",
  "mail.send-held": "Sent an e-mail held since a restore",
  "mail.drop-held": "Dropped an e-mail held since a restore",
  "official-channel.add": "Added an official channel",
  "official-channel.update": "Changed an official channel",
  "official-channel.delete": "Removed an official channel",
  "property.take-down": "Took the listing down after a fraud report",
  "report.status": "Changed the fraud report's status",
  "report.warn": "Warned the reported listing's enquirers by e-mail",
  // Issue 46: dated availability.
  "property.confirm-availability": "Confirmed the listing is still available",
  "property.owner-answer": "The owner answered the availability e-mail",
  "settings.availability": "Changed the availability periods",
  "title-document.add": "Uploaded a title document",
  "title-document.remove": "Removed a title document",
  "title-copy.request": "Asked for copies of a title",
  "title-copy.answer": "Answered a request for title copies",
};

/** An action in words; an action not listed reads from its code ("video.publish": "Video: publish"). */
export function auditActionText(action: string) {
  const known = ACTION_TEXT[action];
  if (known) return known;
  const [entity = "", verb = ""] = action.split(".");
  return `${humanize(entity)}: ${humanize(verb).toLowerCase()}`;
}

const BULK_TEXT: Record<string, string> = {
  feature: "Marked featured",
  unfeature: "Removed featured",
  sold: "Marked sold",
  let: "Marked let",
  available: "Marked available",
  delete: "Moved to the trash",
  assign: "Assigned an agent",
};

/** Field labels as the forms show them, by kind of record; shared ones below. */
const FIELD_LABELS: Partial<Record<AuditEntity, Record<string, string>>> = {
  property: {
    ...PROPERTY_FIELD_LABELS,
    ...TITLE_CHECK_LABELS,
    photo: "Photo",
    photos: "Photos",
  },
  user: {
    email: "Email",
    firstName: "First Name",
    lastName: "Last Name",
    phone: "Phone",
    role: "Role",
    status: "Status",
    isSuperAdmin: "Super admin",
    signedInSessions: "Signed-in sessions",
    bookingsKept: "Bookings kept (as a guest's)",
    inquiriesKept: "Inquiries kept (as a guest's)",
    password: "Password",
    otherSessions: "Other signed-in sessions",
  },
  "team-member": {
    name: "Name",
    position: "Position",
    bio: "Bio",
    email: "Email",
    phone: "Phone",
    imageUrl: "Photo",
    userId: "Staff account",
    isActive: "Active (shown on the Team page)",
  },
  slide: {
    mediaType: "Media type",
    category: "Category",
    mediaUrl: "Media URL",
    title: "Title",
    description: "Description",
    linkUrl: "Link URL",
    isActive: "Active (shown in the home page gallery)",
  },
  video: {
    videoUrl: "Video URL",
    title: "Title",
    description: "Description",
    isActive: "Active (shown on the home page)",
  },
  "agent-profile": { ...AGENT_PROFILE_LABELS },
  appointment: {
    status: "Status",
    propertyId: "Property",
    viewingCode: "Viewing code",
    codeMatched: "Viewing code matched",
  },
  inquiry: { status: "Status", response: "Response" },
  "contact-info": { type: "Kind", label: "Label", value: "Value" },
  settings: {
    notificationsEnabled: "Notifications",
    emailNotificationsEnabled: "Email notifications",
  },
  "website-content": { mediaUrl: "Picture" },
  "calendar-feed": { address: "Calendar link" },
  submission: {
    status: "Status",
    message: "Message to the owner",
    kind: "Kind",
    propertyId: "Listing",
  },
  backup: { name: "File", kind: "Kind", takenAt: "Taken", bytes: "Size in bytes" },
  "official-channel": {
    kind: "Kind",
    value: "Number, account or address",
    label: "Whose it is",
    bankName: "Bank",
    accountName: "Account name",
    usedFor: "Used for / note",
  },
  report: { status: "Status", warned: "People warned" },
  "title-document": {
    propertyId: "Listing",
    fileName: "File",
    contentType: "Type",
    bytes: "Size in bytes",
  },
  "title-copy": { propertyId: "Listing", status: "Status", note: "Note to the buyer" },
};

/**
 * Fields a reader does not need: ids and bookkeeping, a name the form does not have (a user's
 * full name follows from first and last), and a trash flag the action already says.
 */
const HIDDEN_FIELDS = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "sortOrder",
  "emailVerified",
  "image",
  "respondedBy",
  "trashed",
]);

const HOME_SECTIONS: Record<string, string> = {
  hero: "Hero",
  about: "About",
  services: "Services",
  contact: "Contact",
};

/** The label of a field of a kind of record: the form's, else the field's name in words. */
export function auditFieldLabel(entity: string, field: string) {
  const label = FIELD_LABELS[entity as AuditEntity]?.[field];
  if (label) return label;
  if (entity === "social-links") {
    return SOCIAL_PLATFORMS.find((p) => p.value === field)?.label ?? humanize(field);
  }
  // Home page texts are stored as <section>_<field>: 'hero_title' reads 'Hero title'.
  const home = /^(hero|about|services|contact)_(title|subtitle|description)$/.exec(field);
  if (home) return `${HOME_SECTIONS[home[1] ?? ""]} ${home[2]}`;
  return humanize(field);
}

/** 'signedInSessions' or 'team-member' reads 'Signed in sessions', 'Team member'. */
function humanize(name: string) {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const OPTION_LABELS: Record<string, readonly { value: string; label: string }[]> = {
  purpose: PURPOSES,
  propertyType: PROPERTY_TYPES,
  titleDocument: TITLE_DOCUMENTS,
  titleCheck: TITLE_CHECKS,
  furnishing: FURNISHING,
  rentPeriod: RENT_PERIODS,
};

const NAIRA_FIELDS = new Set(["price", "serviceCharge", "agencyFee", "legalFee", "cautionDeposit"]);

/** Stored values that mean "nothing" alike: null, missing and empty text. */
function isEmpty(value: unknown) {
  return value === null || value === undefined || (typeof value === "string" && !value.trim());
}

function comparable(value: unknown): string {
  if (isEmpty(value)) return "";
  if (typeof value === "string") {
    const trimmed = value.trim();
    // "85000000" and 85000000 are one price.
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? String(Number(trimmed)) : trimmed;
  }
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** Whether two stored values are the same to a reader (null and "" alike, "5" and 5 alike). */
export function isSameAuditValue(before: unknown, after: unknown) {
  return comparable(before) === comparable(after);
}

/** A stored value as the admin screens show it. */
export function formatAuditValue(entity: string, field: string, value: unknown): string {
  if (isEmpty(value)) return "(empty)";
  if (value === REDACTED) return "(hidden)";
  if (typeof value === "boolean") {
    if (field === "isActive") return value ? "Active" : "Inactive";
    if (entity === "settings") return value ? "On" : "Off";
    return value ? "Yes" : "No";
  }
  if (NAIRA_FIELDS.has(field) && (typeof value === "number" || /^\d+$/.test(String(value)))) {
    return formatNaira(Number(value));
  }
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  const option = OPTION_LABELS[field]?.find((o) => o.value === text);
  if (option) return option.label;
  if (field === "status" && entity === "property") {
    return LISTING_STATUSES.find((o) => o.value === text)?.label ?? text;
  }
  if (field === "status" || field === "role" || field === "category" || field === "type") {
    return text
      .split(/[-_]/)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(" ");
  }
  return text;
}

/** One changed field: its label and its value before and after (null before: newly set). */
export type AuditChangeLine = {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
};

/** A stored audit row, as the log reads it. */
export type AuditEventInput = {
  action: string;
  entityType: string;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
};

export type AuditDescription = {
  /** What was done ("Edited the listing"). */
  action: string;
  /** A sentence for what the field lines cannot say: a move, a bulk change. */
  summary?: string;
  /** Listings a bulk change or an import touched, by id (the page names and links them). */
  records?: string[];
  lines: AuditChangeLine[];
};

/**
 * Where a reorder put an item: the item is the record itself (a slide, a hero picture) or, for
 * a listing's photos, the one photo that moved (the rest keep their order around it).
 */
export function describeMove(
  before: readonly string[],
  after: readonly string[],
  item: string | null,
): { from: number; to: number } | undefined {
  const candidates = item && before.includes(item) ? [item] : before;
  for (const id of candidates) {
    const from = before.indexOf(id);
    const to = after.indexOf(id);
    if (from < 0 || to < 0 || from === to) continue;
    const restBefore = before.filter((x) => x !== id);
    const restAfter = after.filter((x) => x !== id);
    if (restBefore.join() === restAfter.join()) return { from: from + 1, to: to + 1 };
  }
  return undefined;
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : undefined;
}

/** Reads one audit row: the action in words, a summary where needed, and the changed fields. */
export function describeAuditEvent(event: AuditEventInput): AuditDescription {
  const { action, entityType: entity, entityId, changes } = event;
  const description: AuditDescription = { action: auditActionText(action), lines: [] };

  const order = changes.order;
  if (order) {
    const before = stringList(order.before) ?? [];
    const after = stringList(order.after) ?? [];
    const move = describeMove(before, after, entityId);
    const what = action === "property.photos-move" ? "A photo" : "It";
    description.summary = move
      ? `${what} moved from position ${move.from} to position ${move.to}.`
      : "The order changed.";
  }

  const bulk = changes.action?.after;
  const ids = stringList(changes.ids?.after);
  if (ids) {
    description.records = ids;
    const count = `${ids.length} listing${ids.length === 1 ? "" : "s"}`;
    description.summary =
      typeof bulk === "string"
        ? `${BULK_TEXT[bulk] ?? humanize(bulk)}: ${count}.`
        : `${count} imported.`;
  }

  const photos = stringList(changes.photos?.after);
  if (photos && action !== "property.create") {
    description.summary = `${photos.length} photo${photos.length === 1 ? "" : "s"} added.`;
  }

  const skip = new Set([...HIDDEN_FIELDS, "order", "ids", "action", "imported"]);
  if (photos && action !== "property.create") skip.add("photos");
  // A user's full name follows from the first and last names shown beside it.
  if (entity === "user" && ("firstName" in changes || "lastName" in changes)) skip.add("name");

  // A deleted record: its fields as they were, not each going to "(empty)". An edit that only
  // cleared fields (a team member unlinked from their staff account) is no deletion.
  const deletion =
    !action.endsWith(".update") && Object.values(changes).every((change) => isEmpty(change.after));
  for (const [field, change] of Object.entries(changes)) {
    if (skip.has(field)) continue;
    // A secret is stored as "[redacted]" on both sides: the row exists because it changed.
    const secret = change.before === REDACTED || change.after === REDACTED;
    if (!secret && isSameAuditValue(change.before, change.after)) continue;
    if (deletion) {
      description.lines.push({
        field,
        label: auditFieldLabel(entity, field),
        before: null,
        after: formatAuditValue(entity, field, change.before),
      });
      continue;
    }
    description.lines.push({
      field,
      label: auditFieldLabel(entity, field),
      before:
        secret || isEmpty(change.before) ? null : formatAuditValue(entity, field, change.before),
      after: secret
        ? "changed"
        : isEmpty(change.after)
          ? "(empty)"
          : formatAuditValue(entity, field, change.after),
    });
  }
  return description;
}

/**
 * The name a record had when the row was written, from the row itself (a deleted record's
 * title or name, a created one's): for a record that no longer exists.
 */
export function lastKnownName(changes: AuditEventInput["changes"]): string | undefined {
  for (const field of ["title", "name", "fullName", "subject", "label", "email"]) {
    const change = changes[field];
    for (const value of [change?.after, change?.before]) {
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  const first = changes.firstName?.after ?? changes.firstName?.before;
  const last = changes.lastName?.after ?? changes.lastName?.before;
  const name = [first, last].filter((v) => typeof v === "string" && v.trim()).join(" ");
  return name || undefined;
}

/** Values longer than this are folded: the first part shows, the rest opens on request. */
export const AUDIT_FOLD_LENGTH = 160;
