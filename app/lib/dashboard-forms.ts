import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "~/auth/password-rules";
import { BOOKING_FIELD_MESSAGES } from "./appointment-rules";
import { isPhoneNumber } from "./phone";

// The customer dashboard's forms: rules and the spec's messages, shared by actions and tests.

const phoneSchema = (message: string) => z.string().refine(isPhoneNumber, message);

/** A toast an action asks the page to show (with JavaScript; the page shows it inline too). */
export type ResultToast = { type: "success" | "error"; title: string; description?: string };

export const COMPLAINT_MAX_LENGTH = 5000;

export const COMPLAINT_MESSAGES = {
  empty: "Please enter your complaint",
  tooLong: `Please keep your complaint under ${COMPLAINT_MAX_LENGTH} characters`,
  failed: "Failed to submit your complaint",
  submitted: "Your complaint has been submitted successfully",
  loadFailed: "Failed to load complaints data",
} as const;

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

export const ComplaintSchema = z.object({
  description: text
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, COMPLAINT_MESSAGES.empty)
        .max(COMPLAINT_MAX_LENGTH, COMPLAINT_MESSAGES.tooLong),
    ),
});

export const PROFILE_MESSAGES = {
  updated: { title: "Profile Updated", description: "Your profile has been saved." },
  failed: { title: "Update Failed", description: "Failed to update profile. Please try again." },
  fullName: "Please enter your full name",
  phone: BOOKING_FIELD_MESSAGES.phone,
} as const;

export const ProfileSchema = z.object({
  fullName: text
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, PROFILE_MESSAGES.fullName).max(120, PROFILE_MESSAGES.fullName)),
  // Optional; when given, a phone number as the booking form accepts it.
  phone: text
    .transform((v) => v.trim())
    .pipe(z.union([z.literal(""), phoneSchema(PROFILE_MESSAGES.phone)])),
});

export const PASSWORD_MESSAGES = {
  updated: { title: "Password Updated", description: "Your password has been changed." },
  mismatch: { title: "Password Mismatch", description: "New passwords do not match" },
  failed: "Password Change Failed",
  wrongCurrent: "Your current password is incorrect",
  missing: "Please fill in all password fields",
  short: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  long: "Password must be at most 128 characters long",
} as const;

export const PasswordChangeSchema = z
  .object({
    currentPassword: text.pipe(z.string().min(1, PASSWORD_MESSAGES.missing)),
    newPassword: text.pipe(
      z
        .string()
        .min(1, PASSWORD_MESSAGES.missing)
        .min(MIN_PASSWORD_LENGTH, PASSWORD_MESSAGES.short)
        .max(128, PASSWORD_MESSAGES.long),
    ),
    confirmPassword: text.pipe(z.string().min(1, PASSWORD_MESSAGES.missing)),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MESSAGES.mismatch.description,
  });
