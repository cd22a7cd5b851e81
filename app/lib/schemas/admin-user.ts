import { z } from "zod";
import { ROLES, USER_STATUSES } from "~/lib/roles";
import { optionalPhone, requiredText, trimmedText } from "./fields";

// Editing an account in /admin/users: first and last name, phone, role and status.

export const ADMIN_USER_MESSAGES = {
  firstName: "Please enter the first name",
  role: "Please choose a role",
  status: "Please choose a status",
  updated: "User updated successfully",
  "not-found": "This account no longer exists.",
  "admin-role-needs-super-admin": "Only a super admin can grant or remove the admin role.",
  "last-super-admin": "The last super admin cannot be demoted or deactivated.",
  self: "You cannot change your own role or deactivate yourself here.",
} as const;

export function adminUserSchema() {
  return z.object({
    firstName: requiredText(ADMIN_USER_MESSAGES.firstName, { max: 80 }),
    lastName: trimmedText().pipe(z.string().max(80)),
    phone: optionalPhone().transform((v) => v || null),
    role: trimmedText().pipe(z.enum(ROLES, { message: ADMIN_USER_MESSAGES.role })),
    status: trimmedText().pipe(z.enum(USER_STATUSES, { message: ADMIN_USER_MESSAGES.status })),
  });
}

export const ROLE_LABELS = { tenant: "Tenant", owner: "Owner", admin: "Admin" } as const;
