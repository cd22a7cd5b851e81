import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./password-rules";

// The sign-in and sign-up rules and the spec's messages, shared by the actions and tests.

export const SIGN_IN_MESSAGES = {
  missing: { title: "Validation Error", message: "Please enter both email and password" },
  invalid: { title: "Authentication Error", message: "Invalid email or password" },
} as const;

export const SIGN_UP_MESSAGES = {
  missing: "Please fill in all fields",
  email: "Please enter a valid email address",
  short: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  mismatch: "Passwords do not match",
} as const;

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

export const SignInSchema = z.object({
  email: text.transform((v) => v.trim()).pipe(z.string().min(1)),
  password: text.pipe(z.string().min(1)),
});

export const SignUpSchema = z
  .object({
    firstName: text.transform((v) => v.trim()).pipe(z.string().min(1, SIGN_UP_MESSAGES.missing)),
    lastName: text.transform((v) => v.trim()).pipe(z.string().min(1, SIGN_UP_MESSAGES.missing)),
    email: text
      .transform((v) => v.trim())
      .pipe(z.string().min(1, SIGN_UP_MESSAGES.missing).pipe(z.email(SIGN_UP_MESSAGES.email))),
    password: text.pipe(
      z
        .string()
        .min(1, SIGN_UP_MESSAGES.missing)
        .min(MIN_PASSWORD_LENGTH, SIGN_UP_MESSAGES.short)
        .max(128, "Password must be at most 128 characters long"),
    ),
    confirmPassword: text.pipe(z.string().min(1, SIGN_UP_MESSAGES.missing)),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: SIGN_UP_MESSAGES.mismatch,
  });

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
