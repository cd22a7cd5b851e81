import { z } from "zod";
import type { FieldErrors } from "~/lib/action-result";
import { hasLineBreak, stripControlCharacters } from "~/lib/control-characters";
import { isPhoneNumber } from "~/lib/phone";

// The pieces every form's schema is built from, and the messages several forms share. Each
// entity's schemas and messages live beside this file (account.ts, appointment.ts, inquiry.ts,
// favorite.ts).
//
// Schemas are made by functions, not built at the top of a module: a page that imports only an
// entity's messages or limits then downloads no zod, since the bundler drops an unused function
// but keeps every call made at the top of a module it loads.

/** Messages shared by the booking, inquiry and profile forms (the spec uses the same words). */
export const FIELD_MESSAGES = {
  fullName: "Please enter your full name",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
} as const;

export function tooLongMessage(max: number) {
  return `Please keep this under ${max} characters`;
}

/** A name or subject with a line break (only a forged request sends one: header injection). */
export const LINE_BREAK_MESSAGE = "Please keep this on one line";

/**
 * A posted value as a string; "" when the field is missing or is a file. Never trimmed.
 * Control characters other than tab and line breaks are removed (a NUL would fail the query).
 */
export function text() {
  return z.preprocess(
    (value) => (typeof value === "string" ? stripControlCharacters(value) : ""),
    z.string(),
  );
}

/** A posted value as a trimmed string ("" when missing), without control characters. */
export function trimmedText() {
  return z.preprocess(
    (value) => (typeof value === "string" ? stripControlCharacters(value).trim() : ""),
    z.string(),
  );
}

/** One line: trimmed, and refused when it holds a line break (names, subjects, titles). */
export function lineText() {
  return trimmedText().pipe(z.string().refine((v) => !hasLineBreak(v), LINE_BREAK_MESSAGE));
}

/** Trimmed, not empty (`missing` otherwise) and, with `max`, at most that long. */
export function requiredText(missing: string, limit?: { max: number; message?: string }) {
  const filled = z.string().min(1, missing);
  return trimmedText().pipe(
    limit ? filled.max(limit.max, limit.message ?? tooLongMessage(limit.max)) : filled,
  );
}

/** Trimmed, may be empty, at most `max` characters. */
export function optionalText(max: number) {
  return trimmedText().pipe(z.string().max(max, tooLongMessage(max)));
}

/** requiredText on one line (a name, a subject): a line break is refused. */
export function requiredLine(missing: string, limit?: { max: number; message?: string }) {
  const filled = z.string().min(1, missing);
  return lineText().pipe(
    limit ? filled.max(limit.max, limit.message ?? tooLongMessage(limit.max)) : filled,
  );
}

/** optionalText on one line. */
export function optionalLine(max: number) {
  return lineText().pipe(z.string().max(max, tooLongMessage(max)));
}

/** Trimmed; empty, or a phone number (lib/phone.ts). */
export function optionalPhone(invalid: string = FIELD_MESSAGES.phone) {
  return trimmedText().pipe(z.string().refine((v) => v === "" || isPhoneNumber(v), invalid));
}

/** A posted checkbox: on when it says "on" or "true" (an unchecked box posts nothing). */
export function checkbox() {
  return z.preprocess((value) => value === "on" || value === "true", z.boolean());
}

/** The first message for each field (a form-level issue goes under "form"). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}
