import { z } from "zod";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from "./account";
import { FIELD_MESSAGES, optionalLine, text, trimmedText } from "./fields";

// /admin/settings: the notification switches, the admin's own password and account, and the
// admin accounts (super admins only). The spec's words (dashboard-and-admin §5, §8) and the
// schemas the action parses with, for both sides.

/** The two switches of the General tab, by form value. */
export const NOTIFICATION_SETTINGS = {
  notifications: {
    label: "Notifications",
    hint: "Hear about new bookings and rescheduled ones. Off: no notifications at all.",
    enabled: "Notifications enabled",
    disabled: "Notifications disabled",
  },
  emailNotifications: {
    label: "Email notifications",
    hint: "Receive those notifications by e-mail.",
    enabled: "Email notifications enabled",
    disabled: "Email notifications disabled",
    // Only sent while Notifications are on: the switch then shows off and cannot be turned on.
    requires: "notifications",
    offWhile: "Off while Notifications are off: turn Notifications on first.",
  },
} as const satisfies Record<
  string,
  {
    label: string;
    hint: string;
    enabled: string;
    disabled: string;
    requires?: string;
    offWhile?: string;
  }
>;

export type NotificationSetting = keyof typeof NOTIFICATION_SETTINGS;

export function isNotificationSetting(value: unknown): value is NotificationSetting {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_SETTINGS, value);
}

/** The switch `setting` depends on (it is off while that one is), if any. */
export function requiredSetting(setting: NotificationSetting): NotificationSetting | undefined {
  const entry = NOTIFICATION_SETTINGS[setting];
  const requires = "requires" in entry ? entry.requires : undefined;
  return isNotificationSetting(requires) ? requires : undefined;
}

/**
 * Whether a switch is in effect: on, and every switch it depends on on too. The stored choice
 * is kept, so turning Notifications back on brings back the e-mail choice as it was.
 */
export function isSettingInEffect(
  settings: Record<NotificationSetting, boolean>,
  setting: NotificationSetting,
): boolean {
  const required = requiredSetting(setting);
  return settings[setting] && (required === undefined || isSettingInEffect(settings, required));
}

/** What the Danger Zone asks the admin to type. */
export const DELETE_ACCOUNT_WORD = "DELETE";

export const SETTINGS_MESSAGES = {
  passwordMismatch: {
    title: "Passwords don't match",
    message: "Please ensure the new passwords match.",
  },
  passwordFailed: {
    title: "Failed to update password",
    message: "There was an error updating your password.",
  },
  passwordMissing: "Please fill in all password fields",
  wrongCurrent: "Your current password is incorrect",
  passwordUpdated: "Password updated",
  addAdminMissing: {
    title: "Missing information",
    message: "Please provide both email and password for the new admin user.",
  },
  addAdminFailed: {
    title: "Failed to add admin user",
    message: "There was an error adding the admin user.",
  },
  removeAdminFailed: {
    title: "Failed to remove admin user",
    message: "There was an error removing the admin user.",
  },
  loadAdminsFailed: "Failed to load admin users",
  email: FIELD_MESSAGES.email,
  exists: "An account with this email already exists. Give it the admin role from Users instead.",
  superAdminOnly: "Only a super admin can add or remove admins.",
  removeSelf: "You cannot remove yourself: use Delete Account in the Security tab instead.",
  lastSuperAdmin: "The last super admin can never be removed or demoted.",
  notAdmin: "That account is not an admin.",
  deleteFailed: { title: "Failed to delete account", message: "Please try again." },
  deleteConfirm: `Please type ${DELETE_ACCOUNT_WORD} to confirm.`,
  lastSuperAdminDelete:
    "You are the last super admin: the account cannot be deleted until another super admin exists.",
} as const;

/** Security: the current password (checked on the server) and the new one twice. */
export function adminPasswordSchema() {
  const required = text().pipe(z.string().min(1, SETTINGS_MESSAGES.passwordMissing));
  return z
    .object({
      currentPassword: required,
      newPassword: text().pipe(
        z
          .string()
          .min(1, SETTINGS_MESSAGES.passwordMissing)
          .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
          .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
      ),
      confirmPassword: required,
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ["confirmPassword"],
      message: SETTINGS_MESSAGES.passwordMismatch.message,
    });
}

/** Admins: e-mail and password required, full name optional. */
export function addAdminSchema() {
  return z.object({
    email: trimmedText().pipe(
      z
        .string()
        .min(1, SETTINGS_MESSAGES.addAdminMissing.message)
        .pipe(z.email(SETTINGS_MESSAGES.email).max(254, SETTINGS_MESSAGES.email)),
    ),
    password: text().pipe(
      z
        .string()
        .min(1, SETTINGS_MESSAGES.addAdminMissing.message)
        .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
        .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
    ),
    fullName: optionalLine(120),
  });
}

/** Danger Zone: the typed confirmation. */
export function deleteAccountSchema() {
  return z.object({
    confirmation: trimmedText().pipe(
      z.literal(DELETE_ACCOUNT_WORD, { error: SETTINGS_MESSAGES.deleteConfirm }),
    ),
  });
}
