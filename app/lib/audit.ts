// What the audit log records (app/audit/audit.server.ts writes it): client-safe, for the
// /admin/audit filters.

/** The entities admin screens change. */
export const AUDIT_ENTITIES = [
  "appointment",
  "inquiry",
  "property",
  "user",
  "team-member",
  "agent-profile",
  "slide",
  "video",
  "social-links",
  "contact-info",
  "website-content",
  "settings",
  "calendar-feed",
  "submission",
  "backup",
  "mail",
  // Issue 45: /admin/channels and /admin/reports.
  "official-channel",
  "report",
  // Issue 46: a listing's private title documents, and buyers' requests for copies.
  "title-document",
  "title-copy",
  // Issue 47: the lead inbox.
  "lead",
] as const;

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** `entity.verb`, e.g. "property.update", "appointment.confirm". */
export type AuditAction = `${AuditEntity}.${string}`;

/** Rows per page of /admin/audit. */
export const AUDIT_PAGE_SIZE = 25;
