// The contact form and the service inquiry form: their fields, limits and the spec's messages,
// for the pages and the actions. The rules themselves (zod) are in inquiry-schemas.ts, which
// only the server loads. Both forms store an inquiry (DESIGN.md).

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

export const INQUIRY_LIMITS = { name: 120, email: 254, phone: 30, subject: 200, message: 5000 };

export type InquiryField = "name" | "email" | "phone" | "subject" | "message";
export type InquiryValues = Partial<Record<InquiryField, string>>;
export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;

/** What a failed submission answers: the form's message, each field's, and what was typed. */
export type InquiryFailure = {
  error: FormMessage;
  fields: InquiryFieldErrors;
  values: InquiryValues;
};

/** The typed values to send back with a failure (as typed, not trimmed). */
export function inquiryValuesOf(form: FormData, fields: readonly InquiryField[]): InquiryValues {
  const values: InquiryValues = {};
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}
