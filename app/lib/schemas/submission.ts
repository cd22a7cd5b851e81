import { z } from "zod";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import type { FeeLimits } from "~/lib/listing-fees";
import { isPhoneNumber } from "~/lib/phone";
import { CONTACT_METHODS, type ContactMethod, SUBMISSION_MESSAGES } from "~/lib/submissions";
import { fieldErrorsOf, optionalText, requiredText, trimmedText } from "./fields";
import {
  isMissingRequired,
  PROPERTY_FIELDS,
  PROPERTY_MESSAGES,
  type PropertyInput,
  propertySchema,
} from "./property";

// An owner's submission (issue 20): the admin property form's fields and rules (a submission is
// checked by propertySchema, so bad input gets the admin form's messages), less what only the
// office decides (featured, status, showing the full address), plus when it is available and how the owner prefers to be
// reached. A draft keeps what was typed as it was typed; it is checked in full when sent.

/** The fields only the office decides: featured, status, and whether the site shows the street. */
const OFFICE_ONLY_FIELDS = ["featured", "status", "addressPublic"] as const;

/** The listing fields an owner fills in: the admin form's, without the office's own. */
export const OWNER_PROPERTY_FIELDS = PROPERTY_FIELDS.filter(
  (
    field,
  ): field is Exclude<(typeof PROPERTY_FIELDS)[number], (typeof OFFICE_ONLY_FIELDS)[number]> =>
    !(OFFICE_ONLY_FIELDS as readonly string[]).includes(field),
);

export const SUBMISSION_FIELDS = [
  ...OWNER_PROPERTY_FIELDS,
  "availableFrom",
  "contactMethod",
  "contactPhone",
] as const;

export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/** What the owner typed, field by field (stored as typed in a draft). */
export type SubmissionValues = Partial<Record<SubmissionField, string>>;

/** Longest value any field may hold (the description's limit). */
const MAX_VALUE_LENGTH = 5000;

/** The form's fields as posted (anything else is dropped), to store or show again. */
export function postedSubmissionValues(form: FormData): SubmissionValues {
  const values: SubmissionValues = {};
  for (const field of SUBMISSION_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  return values;
}

/** The owner's own fields, checked. */
function ownerFieldsSchema() {
  return z
    .object({
      availableFrom: trimmedText().pipe(
        z
          .string()
          .refine(
            (value) =>
              value === "" ||
              (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
                !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime())),
            SUBMISSION_MESSAGES.availableFrom,
          )
          .transform((value) => value || null),
      ),
      contactMethod: trimmedText().pipe(
        z.enum(CONTACT_METHODS.map((m) => m.value) as [ContactMethod, ...ContactMethod[]], {
          message: SUBMISSION_MESSAGES.contactMethod,
        }),
      ),
      contactPhone: trimmedText(),
    })
    .superRefine((input, ctx) => {
      const needsPhone = input.contactMethod !== "email";
      if (input.contactPhone === "" ? needsPhone : !isPhoneNumber(input.contactPhone)) {
        ctx.addIssue({
          code: "custom",
          path: ["contactPhone"],
          message: SUBMISSION_MESSAGES.contactPhone,
        });
      }
    });
}

export type OwnerContact = {
  availableFrom: string | null;
  contactMethod: ContactMethod;
  contactPhone: string;
};

export type CheckedSubmission =
  | { ok: true; property: PropertyInput; contact: OwnerContact }
  | {
      ok: false;
      fields: Partial<Record<string, string>>;
      error: { title: string; message: string };
    };

/**
 * A submission checked in full, as it is sent for review: the listing by the admin form's
 * schema (featured off, available: the office decides those; `limits`: the office's limits on a
 * rental's fees), the owner's own fields beside.
 */
export function checkSubmission(
  values: SubmissionValues,
  limits: FeeLimits = DEFAULT_FEE_TERMS,
): CheckedSubmission {
  const property = propertySchema(limits).safeParse({
    ...values,
    status: "available",
    featured: "",
  });
  const contact = ownerFieldsSchema().safeParse(values);
  if (property.success && contact.success) {
    return { ok: true, property: property.data, contact: contact.data };
  }
  const fields = {
    ...(property.success ? {} : fieldErrorsOf(property.error)),
    ...(contact.success ? {} : fieldErrorsOf(contact.error)),
  };
  const first = Object.values(fields)[0] ?? PROPERTY_MESSAGES.required.message;
  const error = isMissingRequired(fields)
    ? PROPERTY_MESSAGES.required
    : { title: "Validation Error", message: first };
  return { ok: false, fields, error };
}

/**
 * A draft, checked only so far as storing it goes: a title (what the owner finds it by) and
 * every value within the form's limits. The rest is checked when it is sent.
 */
export function checkDraft(values: SubmissionValues): CheckedSubmission | { ok: true } {
  const parsed = z
    .object({
      title: requiredText(PROPERTY_MESSAGES.title, { max: 150 }),
      description: optionalText(MAX_VALUE_LENGTH),
    })
    .safeParse(values);
  const tooLong = SUBMISSION_FIELDS.filter(
    (field) => field !== "description" && (values[field]?.length ?? 0) > 300,
  );
  if (parsed.success && tooLong.length === 0) return { ok: true };
  const fields: Partial<Record<string, string>> = parsed.success ? {} : fieldErrorsOf(parsed.error);
  for (const field of tooLong) fields[field] ??= "Please keep this under 300 characters";
  return {
    ok: false,
    fields,
    error: { title: "Validation Error", message: Object.values(fields)[0] ?? "" },
  };
}

/** A live listing's fields as the owner's form values (for a change request). */
export function submissionValuesOf(
  property: Record<(typeof OWNER_PROPERTY_FIELDS)[number], string | number | boolean | null>,
): SubmissionValues {
  const values: SubmissionValues = {};
  for (const field of OWNER_PROPERTY_FIELDS) {
    const value = property[field];
    if (value === null || value === "" || value === false) continue;
    values[field] = typeof value === "boolean" ? "on" : String(value);
  }
  return values;
}
