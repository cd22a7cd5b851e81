// Account roles (DESIGN.md): one table for customers and staff. Declared once here; the database
// enum, the session and the admin forms all take it from this list.

export const ROLES = ["tenant", "owner", "admin", "agent"] as const;

export type Role = (typeof ROLES)[number];

/** The roles that sign in at /admin/login (staff); the rest are customers. */
export const STAFF_ACCOUNT_ROLES = ["admin", "agent"] as const satisfies readonly Role[];

export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];

export const USER_STATUSES = ["active", "inactive"] as const;

export type UserStatus = (typeof USER_STATUSES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Whether an account with this role is staff (admin login, 24-hour sessions, the admin area). */
export function isStaffRole(role: unknown): role is StaffAccountRole {
  return typeof role === "string" && (STAFF_ACCOUNT_ROLES as readonly string[]).includes(role);
}
