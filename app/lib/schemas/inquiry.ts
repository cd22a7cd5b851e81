import { z } from "zod";
import type { ActionFailure, FormMessage } from "~/lib/action-result";
import { isPhoneNumber } from "~/lib/phone";
import { FIELD_MESSAGES, optionalPhone, requiredLine, requiredText, trimmedText } from "./fields";

// Inquiries: the contact form, the service inquiry form and the customer's complaints (all
// stored as inquiries, DESIGN.md), and the staff's response. The zod schemas the actions parse
// with, the fields' limits and the spec's messages the pages show, in one place; safe to import
// on both sides (see fields.ts for why the schemas are functions).

/** A public inquiry form's messages: a required field left empty, sent, and not stored. */
function formMessages(missing: string, success: FormMessage, failed: string) {
  return {
    missing: { title: "Error", message: missing },
    success,
    failed: { title: "Error", message: failed },
  } as const satisfies Record<string, FormMessage>;
}

export const SERVICE_INQUIRY_MESSAGES = formMessages(
  "Please fill in all fields",
  { title: "Success", message: "Your inquiry has been submitted. We will contact you shortly." },
  "Failed to submit your inquiry. Please try again later.",
);

export const CONTACT_MESSAGES = formMessages(
  "Please fill in all required fields",
  { title: "Message Sent", message: "Thank you for contacting us. We'll get back to you shortly." },
  "Failed to send your message. Please try again later.",
);

/** Beside a field: what is missing or wrong in it. */
export const INQUIRY_FIELD_MESSAGES = {
  nameMissing: FIELD_MESSAGES.fullName,
  emailMissing: "Please enter your email address",
  emailInvalid: FIELD_MESSAGES.email,
  phoneMissing: "Please enter your phone number",
  phoneInvalid: FIELD_MESSAGES.phone,
  subjectMissing: "Please enter a subject",
  messageMissing: "Please enter your message",
} as const;

export const INQUIRY_LIMITS = { name: 120, email: 254, phone: 30, subject: 200, message: 5000 };

export type InquiryField = "name" | "email" | "phone" | "subject" | "message";
export type InquiryValues = Partial<Record<InquiryField, string>>;

/** The typed values to send back with a failure (as typed, not trimmed). */
export function inquiryValuesOf(form: FormData, fields: readonly InquiryField[]): InquiryValues {
  const values: InquiryValues = {};
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

function nameField() {
  return requiredLine(INQUIRY_FIELD_MESSAGES.nameMissing, { max: INQUIRY_LIMITS.name });
}

function emailField() {
  return trimmedText().pipe(
    z
      .string()
      .min(1, INQUIRY_FIELD_MESSAGES.emailMissing)
      .max(INQUIRY_LIMITS.email, INQUIRY_FIELD_MESSAGES.emailInvalid)
      .pipe(z.email(INQUIRY_FIELD_MESSAGES.emailInvalid)),
  );
}

function messageField() {
  return requiredText(INQUIRY_FIELD_MESSAGES.messageMissing, { max: INQUIRY_LIMITS.message });
}

// Fields in the order the form shows them: the first field's message is the form's message.

/** 'Inquire About This Service': all four fields required (the spec). */
export function serviceInquirySchema() {
  return z.object({
    name: nameField(),
    email: emailField(),
    phone: trimmedText().pipe(
      z
        .string()
        .min(1, INQUIRY_FIELD_MESSAGES.phoneMissing)
        .refine(isPhoneNumber, INQUIRY_FIELD_MESSAGES.phoneInvalid),
    ),
    message: messageField(),
  });
}

/** 'Send Us a Message': name, e-mail, subject and message required, phone optional. */
export function contactSchema() {
  return z.object({
    name: nameField(),
    email: emailField(),
    phone: optionalPhone(INQUIRY_FIELD_MESSAGES.phoneInvalid),
    subject: requiredLine(INQUIRY_FIELD_MESSAGES.subjectMissing, { max: INQUIRY_LIMITS.subject }),
    message: messageField(),
  });
}

/**
 * 'Ask about this property' (issue 20/21): the contact form without a subject (the listing is
 * the subject), with its messages (CONTACT_MESSAGES).
 */
export function listingInquirySchema() {
  return z.object({
    name: nameField(),
    email: emailField(),
    phone: optionalPhone(INQUIRY_FIELD_MESSAGES.phoneInvalid),
    message: messageField(),
  });
}

/** The subject a listing's inquiry is stored with (the admin list shows it). */
export function listingInquirySubject(title: string): string {
  return `Enquiry: ${title}`.slice(0, INQUIRY_LIMITS.subject);
}

const MISSING_MESSAGES: ReadonlySet<string> = new Set([
  INQUIRY_FIELD_MESSAGES.nameMissing,
  INQUIRY_FIELD_MESSAGES.emailMissing,
  INQUIRY_FIELD_MESSAGES.phoneMissing,
  INQUIRY_FIELD_MESSAGES.subjectMissing,
  INQUIRY_FIELD_MESSAGES.messageMissing,
]);

export type InquiryParse<T> =
  | { success: true; data: T }
  | { success: false; failure: Required<Pick<ActionFailure, "error" | "fields">> };

/**
 * Validates a posted form. A missing field makes the form's message `missing` (the spec's
 * 'Please fill in all fields'); otherwise it is the first field's own message.
 */
export function parseInquiryForm<T>(
  schema: z.ZodType<T>,
  form: FormData,
  missing: FormMessage,
): InquiryParse<T> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (parsed.success) return { success: true, data: parsed.data };
  const fields: Partial<Record<InquiryField, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as InquiryField;
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  const error = messages.some((m) => MISSING_MESSAGES.has(m))
    ? missing
    : { title: "Error", message: messages[0] ?? missing.message };
  return { success: false, failure: { error, fields } };
}

// ---------------------------------------------------------------------------
// Complaints (the customer dashboard)

export const COMPLAINT_MAX_LENGTH = 5000;

export const COMPLAINT_MESSAGES = {
  empty: "Please enter your complaint",
  tooLong: `Please keep your complaint under ${COMPLAINT_MAX_LENGTH} characters`,
  failed: "Failed to submit your complaint",
  submitted: "Your complaint has been submitted successfully",
  loadFailed: "Failed to load complaints data",
} as const;

export function complaintSchema() {
  return z.object({
    description: requiredText(COMPLAINT_MESSAGES.empty, {
      max: COMPLAINT_MAX_LENGTH,
      message: COMPLAINT_MESSAGES.tooLong,
    }),
  });
}

// ---------------------------------------------------------------------------
// Staff responses (the admin Inquiries screen)

/** Where an inquiry came from, as the customer's history and the admin screen name it. */
export const INQUIRY_SOURCE_LABELS = {
  complaint: "Complaint",
  contact: "Contact message",
  service: "Service inquiry",
} as const;

export type InquirySourceName = keyof typeof INQUIRY_SOURCE_LABELS;

/** The statuses an admin may choose when responding (dashboard-and-admin.md §4, DESIGN.md). */
export const RESPONSE_STATUSES = ["answered", "in-progress", "resolved", "rejected"] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

export const INQUIRY_RESPONSE_MAX_LENGTH = 5000;

/** Why respondToInquiry or setInquiryStatus (app/models/inquiry.server.ts) changed nothing. */
export type InquiryRefusal =
  | "not-found"
  | "already-answered"
  | "missing-response"
  | "response-too-long"
  | "bad-status";

/** What the admin screen says for each refusal. */
export const INQUIRY_RESPONSE_MESSAGES = {
  "missing-response": "Please enter a response",
  "response-too-long": `Please keep the response under ${INQUIRY_RESPONSE_MAX_LENGTH} characters`,
  "already-answered": "This inquiry has already been answered; its response cannot be changed.",
  "bad-status": "Please choose a valid status",
  "not-found": "Inquiry not found",
} as const satisfies Record<InquiryRefusal, string>;
