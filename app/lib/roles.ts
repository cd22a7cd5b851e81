// Account roles (DESIGN.md): one table for customers and staff. Declared once here; the database
// enum, the session and the admin forms all take it from this list.

export const ROLES = ["tenant", "owner", "admin"] as const;

export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ["active", "inactive"] as const;

export type UserStatus = (typeof USER_STATUSES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
