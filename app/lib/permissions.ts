import type { Role } from "./roles";

// Staff permissions in one place (issue 21, ADR 0023). Three staff roles: a super admin (an admin
// with is_super_admin), an admin and an agent. The admin middleware checks the page's permission
// (permissionForRoute) before any loader or action runs, and requireAdmin checks it again in every
// handler; actions with several intents check the intent's own permission with `can`. Models take
// the actor and, for an agent, keep to the agent's own rows (their listings and viewings).
//
// The page is the route React Router matched (its pattern in app/routes.ts), never the address
// as typed: the router matches case-insensitively after decoding %-escapes, so /admin/properties/NEW
// and /admin/properties/%6eew are the Add Property page and must be refused as it is (issue 42).

export const STAFF_ROLES = ["superAdmin", "admin", "agent"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

const EVERY_STAFF = ["superAdmin", "admin", "agent"] as const;
const ADMINS = ["superAdmin", "admin"] as const;
const SUPER = ["superAdmin"] as const;

/** Each permission and the staff roles that have it. An agent's reach is always their own rows. */
export const PERMISSIONS = {
  /** The admin area's home and the sidebar (an agent's home is their viewings). */
  "staff:home": EVERY_STAFF,
  /** The office dashboard, search over everything. */
  "office:dashboard": ADMINS,
  /** See and edit listings (fields, photos); an agent only the listings assigned to them. */
  "listings:edit": EVERY_STAFF,
  /** Add, delete, restore, bulk changes, import and export, assign an agent. */
  "listings:manage": ADMINS,
  /** See and handle viewings (confirm, reschedule, complete, cancel); an agent only their own. */
  "viewings:handle": EVERY_STAFF,
  /** Book a viewing for a caller (issue 47); an agent only on their own listings. */
  "viewings:book": EVERY_STAFF,
  /** Give a viewing to another agent. */
  "viewings:assign": ADMINS,
  /** Messages and complaints; an agent only the inquiries about their own listings. */
  "inquiries:handle": EVERY_STAFF,
  /**
   * The lead inbox and the Leads figures: admins every lead, an agent only the leads given to
   * them (and their own listings' figures); working a lead (status, follow-up, notes) too.
   */
  "leads:view": EVERY_STAFF,
  /**
   * Their own password and notification switches (/admin/settings, issue 47): every staff
   * member, each only their own; the office's settings on that page stay "office:manage".
   */
  "own:account": EVERY_STAFF,
  /** Accounts (customers and agents), settings, site content, the audit log. */
  "office:manage": ADMINS,
  /** Add or remove admins, backups. */
  "admins:manage": SUPER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** A staff account's role, or null for a customer (tenant, owner). */
export function staffRoleOf(role: Role, isSuperAdmin: boolean): StaffRole | null {
  if (role === "admin") return isSuperAdmin ? "superAdmin" : "admin";
  if (role === "agent") return "agent";
  return null;
}

export function can(actor: { role: StaffRole }, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(actor.role);
}

/**
 * The permission each staff page needs, by its route pattern in app/routes.ts (exactly as written
 * there, params included). A page not listed needs "office:manage": a new admin screen is closed
 * to agents until it is listed here. Every pattern here must be a route (tested).
 */
export const PAGE_PERMISSIONS: readonly (readonly [pattern: string, permission: Permission])[] = [
  ["/admin", "staff:home"],
  ["/admin/sidebar", "staff:home"],
  ["/admin/dashboard", "staff:home"],
  ["/admin/search", "office:dashboard"],
  ["/admin/properties", "listings:edit"],
  ["/admin/properties/new", "listings:manage"],
  ["/admin/properties/import", "listings:manage"],
  ["/admin/properties/export.csv", "listings:manage"],
  ["/admin/properties/template.csv", "listings:manage"],
  ["/admin/properties/:id", "listings:edit"],
  ["/admin/properties/:id/photos", "listings:edit"],
  // Dated availability (issue 46): an agent confirms their own listings, an admin any.
  ["/admin/to-confirm", "listings:edit"],
  // Issue 46: a listing's title documents go with the listing (an agent: their own); the
  // buyers' requests for copies are the office's to answer.
  ["/admin/properties/:id/title-documents", "listings:edit"],
  ["/admin/properties/:id/title-documents/:documentId", "listings:edit"],
  ["/admin/title-requests", "listings:manage"],
  ["/admin/appointments", "viewings:handle"],
  ["/admin/appointments/new", "viewings:book"],
  ["/admin/appointments/:id", "viewings:handle"],
  ["/admin/leads", "leads:view"],
  // Issue 47: a lead of the inbox (an agent only their own, scoped in the model).
  ["/admin/leads/:id", "leads:view"],
  ["/admin/complaints", "inquiries:handle"],
  ["/admin/complaints/:id", "inquiries:handle"],
  ["/admin/settings", "own:account"],
  // Issue 45: admins only, like the other office screens (listed to say so, not to open them).
  ["/admin/channels", "office:manage"],
  ["/admin/reports", "office:manage"],
  ["/admin/reports/:id", "office:manage"],
  ["/admin/backups", "admins:manage"],
  ["/admin/backups/:name", "admins:manage"],
];

const PERMISSION_BY_PATTERN: ReadonlyMap<string, Permission> = new Map(PAGE_PERMISSIONS);

/**
 * A route pattern in one form: React Router hands middleware, loaders and actions the matched
 * routes' paths joined ("admin/properties/:id", no leading slash under a root route without a
 * path); app/routes.ts's full paths read "/admin/properties/:id".
 */
export function normalisePattern(pattern: string): string {
  return `/${pattern.replace(/\/{2,}/g, "/").replace(/^\/+|\/+$/g, "")}`;
}

/**
 * The permission the staff page of a matched route needs: `pattern` is the route's pattern as
 * React Router matched it (`args.pattern` in a middleware, loader or action), not the request's
 * path. An unknown or empty pattern needs "office:manage" (closed to agents).
 */
export function permissionForRoute(pattern: string): Permission {
  return PERMISSION_BY_PATTERN.get(normalisePattern(pattern)) ?? "office:manage";
}

/** Where a staff member lands after signing in: an agent's day opens on the leads due today. */
export function staffHome(role: StaffRole): string {
  return role === "agent" ? "/admin/leads?view=due" : "/admin/dashboard";
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  superAdmin: "Super Admin",
  admin: "Admin",
  agent: "Agent",
};
