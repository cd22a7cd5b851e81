import { z } from "zod";
import { ROLES, USER_STATUSES } from "~/lib/roles";
import { FIELD_MESSAGES, optionalLine, optionalPhone, requiredLine, trimmedText } from "./fields";

// /admin/users: adding and editing accounts. The schemas the actions parse with and the words
// the pages show, for both sides (see fields.ts for why the schemas are functions).

export const NAME_MAX_LENGTH = 60;

export const USER_MESSAGES = {
  loadFailed: "Failed to load users data",
  email: FIELD_MESSAGES.email,
  firstName: "Please enter a first name",
  phone: FIELD_MESSAGES.phone,
  role: "Please choose a role",
  status: "Please choose a status",
  exists: "An account with this email already exists",
  /** DESIGN.md: only a super admin grants or removes the admin role. */
  adminRole: "Only a super admin can grant or remove the admin role.",
  adminAccount: "Only a super admin can change the status of an admin or delete one.",
  self: "You cannot change your own role or status here.",
  selfDelete: "You cannot delete your own account here: use Settings, Danger Zone.",
  lastSuperAdmin: "The last super admin can never be removed or demoted.",
  addFailed: "Failed to add user",
  updateFailed: "Failed to update user",
  deleteFailed: "Failed to delete user",
  /** The spec's question before a delete. */
  deleteQuestion: "Are you absolutely sure?",
  tryAgain: "Please try again.",
} as const;

/** What a refused add, edit or delete says (the models' reasons). */
export const USER_REFUSALS = {
  exists: USER_MESSAGES.exists,
  "admin-role": USER_MESSAGES.adminRole,
  "admin-account": USER_MESSAGES.adminAccount,
  self: USER_MESSAGES.self,
  "self-delete": USER_MESSAGES.selfDelete,
  "last-super-admin": USER_MESSAGES.lastSuperAdmin,
} as const;

export type UserRefusal = keyof typeof USER_REFUSALS;

function names() {
  return {
    firstName: requiredLine(USER_MESSAGES.firstName, { max: NAME_MAX_LENGTH }),
    lastName: optionalLine(NAME_MAX_LENGTH),
    phone: optionalPhone(USER_MESSAGES.phone),
    role: trimmedText().pipe(z.enum(ROLES, USER_MESSAGES.role)),
  };
}

/** Add user: the e-mail, names, phone and role; the person chooses their own password. */
export function addUserSchema() {
  return z.object({
    email: trimmedText().pipe(z.email(USER_MESSAGES.email).max(254, USER_MESSAGES.email)),
    ...names(),
  });
}

/** Edit user: names, phone, role and status (the e-mail is the sign-in name: not changed). */
export function editUserSchema() {
  return z.object({
    ...names(),
    status: trimmedText().pipe(z.enum(USER_STATUSES, USER_MESSAGES.status)),
  });
}

export type AddUserInput = z.infer<ReturnType<typeof addUserSchema>>;
export type EditUserInput = z.infer<ReturnType<typeof editUserSchema>>;
