import { z } from "zod";
import {
  type FormMessage,
  INQUIRY_FIELD_MESSAGES,
  INQUIRY_LIMITS,
  type InquiryFailure,
  type InquiryField,
  type InquiryFieldErrors,
} from "./inquiry-forms";
import { isPhoneNumber } from "./phone";

// The rules of the contact and service inquiry forms. Only the actions use them, so zod stays
// out of the pages' JavaScript.

const MISSING_MESSAGES: ReadonlySet<string> = new Set([
  INQUIRY_FIELD_MESSAGES.nameMissing,
  INQUIRY_FIELD_MESSAGES.emailMissing,
  INQUIRY_FIELD_MESSAGES.phoneMissing,
  INQUIRY_FIELD_MESSAGES.subjectMissing,
  INQUIRY_FIELD_MESSAGES.messageMissing,
]);

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
