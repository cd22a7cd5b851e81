import { z } from "zod";
import { isPhoneNumber } from "./phone";

// The contact form and the service inquiry form: their fields, rules and the spec's messages,
// shared by the actions, the pages and the tests. Both store an inquiry (DESIGN.md).

export type FormMessage = { title: string; message: string };

export const SERVICE_INQUIRY_MESSAGES = {
  missing: { title: "Error", message: "Please fill in all fields" },
  success: {
    title: "Success",
    message: "Your inquiry has been submitted. We will contact you shortly.",
  },
  failed: { title: "Error", message: "Failed to submit your inquiry. Please try again later." },
} as const satisfies Record<string, FormMessage>;

export const CONTACT_MESSAGES = {
  missing: { title: "Error", message: "Please fill in all required fields" },
  success: {
    title: "Message Sent",
    message: "Thank you for contacting us. We'll get back to you shortly.",
  },
  failed: { title: "Error", message: "Failed to send your message. Please try again later." },
} as const satisfies Record<string, FormMessage>;

/** Beside a field: what is missing or wrong in it. */
export const INQUIRY_FIELD_MESSAGES = {
  nameMissing: "Please enter your full name",
  emailMissing: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  phoneMissing: "Please enter your phone number",
  phoneInvalid: "Please enter a valid phone number",
  subjectMissing: "Please enter a subject",
  messageMissing: "Please enter your message",
} as const;

const MISSING_MESSAGES: ReadonlySet<string> = new Set([
  INQUIRY_FIELD_MESSAGES.nameMissing,
  INQUIRY_FIELD_MESSAGES.emailMissing,
  INQUIRY_FIELD_MESSAGES.phoneMissing,
  INQUIRY_FIELD_MESSAGES.subjectMissing,
  INQUIRY_FIELD_MESSAGES.messageMissing,
]);

export const INQUIRY_LIMITS = { name: 120, email: 254, phone: 30, subject: 200, message: 5000 };

const tooLong = (max: number) => `Please keep this under ${max} characters`;

const trimmed = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : ""),
  z.string(),
);

function requiredText(missing: string, max: number) {
  return trimmed.pipe(z.string().min(1, missing).max(max, tooLong(max)));
}

const email = trimmed.pipe(
  z
    .string()
    .min(1, INQUIRY_FIELD_MESSAGES.emailMissing)
    .max(INQUIRY_LIMITS.email, INQUIRY_FIELD_MESSAGES.emailInvalid)
    .pipe(z.email(INQUIRY_FIELD_MESSAGES.emailInvalid)),
);

const requiredPhone = trimmed.pipe(
  z
    .string()
    .min(1, INQUIRY_FIELD_MESSAGES.phoneMissing)
    .refine(isPhoneNumber, INQUIRY_FIELD_MESSAGES.phoneInvalid),
);

const optionalPhone = trimmed.pipe(
  z.string().refine((v) => v === "" || isPhoneNumber(v), INQUIRY_FIELD_MESSAGES.phoneInvalid),
);

const name = requiredText(INQUIRY_FIELD_MESSAGES.nameMissing, INQUIRY_LIMITS.name);
const message = requiredText(INQUIRY_FIELD_MESSAGES.messageMissing, INQUIRY_LIMITS.message);

/** 'Inquire About This Service': all four fields required (the spec). */
export const ServiceInquirySchema = z.object({ name, email, phone: requiredPhone, message });

/** 'Send Us a Message': name, e-mail, subject and message required, phone optional. */
export const ContactSchema = z.object({
  name,
  email,
  phone: optionalPhone,
  subject: requiredText(INQUIRY_FIELD_MESSAGES.subjectMissing, INQUIRY_LIMITS.subject),
  message,
});

export type InquiryField = "name" | "email" | "phone" | "subject" | "message";
export type InquiryValues = Partial<Record<InquiryField, string>>;
export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;

/** What a failed submission answers: the form's message, each field's, and what was typed. */
export type InquiryFailure = {
  error: FormMessage;
  fields: InquiryFieldErrors;
  values: InquiryValues;
};

export type InquiryParse<T> =
  | { success: true; data: T }
  | { success: false; failure: Omit<InquiryFailure, "values"> };

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
  const fields: InquiryFieldErrors = {};
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

/** The typed values to send back with a failure (as typed, not trimmed). */
export function inquiryValuesOf(form: FormData, fields: readonly InquiryField[]): InquiryValues {
  const values: InquiryValues = {};
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}
