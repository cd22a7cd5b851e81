import { z } from "zod";
import { FIELD_MESSAGES, optionalPhone, requiredLine, text, trimmedText } from "./fields";

// Accounts: sign-up, sign-in (customer and admin), the password reset, the e-mail confirmation,
// and the customer's own profile and password. The zod schemas the actions parse with and the
// spec's messages the pages show, in one place; safe to import on both sides (see fields.ts for
// why the schemas are functions).

/** The spec's minimum; better-auth is configured with the same number. */
export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's maximum. */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;

/** A new password: present (`missing`), not too short, not too long. Never trimmed. */
function newPassword(missing?: string) {
  const present = missing ? z.string().min(1, missing) : z.string();
  return text().pipe(
    present
      .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  );
}

// ---------------------------------------------------------------------------
// Sign in and sign up

export const SIGN_IN_MESSAGES = {
  missing: { title: "Validation Error", message: "Please enter both email and password" },
  invalid: { title: "Authentication Error", message: "Invalid email or password" },
  // Shown only after the correct password (a wrong one gets `invalid`).
  deactivated: {
    title: "Account deactivated",
    message: "This account has been deactivated. Please contact us to have it reactivated.",
  },
} as const;

/** A first or last name at sign-up (the admin's user form allows the same). */
export const SIGN_UP_NAME_MAX_LENGTH = 60;

export const SIGN_UP_MESSAGES = {
  missing: "Please fill in all fields",
  email: FIELD_MESSAGES.email,
  short: PASSWORD_TOO_SHORT,
  mismatch: "Passwords do not match",
} as const;

/** The customer sign-in and the admin login. */
export function signInSchema() {
  return z.object({
    email: trimmedText().pipe(z.string().min(1)),
    password: text().pipe(z.string().min(1)),
  });
}

export function signUpSchema() {
  return z
    .object({
      firstName: requiredLine(SIGN_UP_MESSAGES.missing, { max: SIGN_UP_NAME_MAX_LENGTH }),
      lastName: requiredLine(SIGN_UP_MESSAGES.missing, { max: SIGN_UP_NAME_MAX_LENGTH }),
      email: trimmedText().pipe(
        z.string().min(1, SIGN_UP_MESSAGES.missing).pipe(z.email(SIGN_UP_MESSAGES.email)),
      ),
      password: newPassword(SIGN_UP_MESSAGES.missing),
      confirmPassword: text().pipe(z.string().min(1, SIGN_UP_MESSAGES.missing)),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: SIGN_UP_MESSAGES.mismatch,
    });
}

// ---------------------------------------------------------------------------
// Password reset (forgot-password asks for the link; reset-password sets the new password)

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request: it never says whether the e-mail is registered. */
  requested: "If an account exists for that e-mail, we have sent a link to reset your password.",
  emailMissing: "Please enter your email address",
  emailInvalid: FIELD_MESSAGES.email,
  /** The page's alert (a constant object, so its toast fires once, not on every render). */
  invalidLink: {
    title: "Link expired",
    message: "This reset link is invalid or has expired. Please request a new one.",
  },
} as const;

export function forgotPasswordSchema() {
  return z.object({
    email: trimmedText().pipe(
      z
        .string()
        .min(1, PASSWORD_RESET_MESSAGES.emailMissing)
        .pipe(z.email(PASSWORD_RESET_MESSAGES.emailInvalid)),
    ),
  });
}

export function resetPasswordSchema() {
  return z
    .object({
      token: text(),
      password: newPassword(),
      confirmPassword: text(),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: SIGN_UP_MESSAGES.mismatch,
    });
}

// ---------------------------------------------------------------------------
// E-mail confirmation (the link from My Appointments)

export const EMAIL_VERIFICATION_MESSAGES = {
  /** The page's alert (a constant object, so its toast fires once, not on every render). */
  invalidLink: {
    title: "Link expired",
    message:
      "This confirmation link is invalid, has already been used or has expired. Sign in and send a new one from your appointments page.",
  },
  confirmed: "Thank you: your e-mail address is confirmed.",
  mailFailed: "We could not send the confirmation e-mail. Please try again later.",
} as const;

// ---------------------------------------------------------------------------
// The customer's profile and password (dashboard)

export const PROFILE_MESSAGES = {
  updated: { title: "Profile Updated", description: "Your profile has been saved." },
  failed: { title: "Update Failed", description: "Failed to update profile. Please try again." },
  fullName: FIELD_MESSAGES.fullName,
  phone: FIELD_MESSAGES.phone,
} as const;

export function profileSchema() {
  return z.object({
    fullName: text()
      .transform((v) => v.trim().replace(/\s+/g, " "))
      .pipe(z.string().min(1, PROFILE_MESSAGES.fullName).max(120, PROFILE_MESSAGES.fullName)),
    // Optional; when given, a phone number as the booking form accepts it.
    phone: optionalPhone(PROFILE_MESSAGES.phone),
  });
}

export const PASSWORD_MESSAGES = {
  updated: { title: "Password Updated", description: "Your password has been changed." },
  mismatch: { title: "Password Mismatch", description: "New passwords do not match" },
  failed: "Password Change Failed",
  wrongCurrent: "Your current password is incorrect",
  missing: "Please fill in all password fields",
  short: PASSWORD_TOO_SHORT,
  long: PASSWORD_TOO_LONG,
} as const;

export function passwordChangeSchema() {
  return z
    .object({
      currentPassword: text().pipe(z.string().min(1, PASSWORD_MESSAGES.missing)),
      newPassword: newPassword(PASSWORD_MESSAGES.missing),
      confirmPassword: text().pipe(z.string().min(1, PASSWORD_MESSAGES.missing)),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ["confirmPassword"],
      message: PASSWORD_MESSAGES.mismatch.description,
    });
}
