import { z } from "zod";
import type { FieldKind } from "~/lib/edit-conflict";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import { type FeeLimits, feeLimitProblems } from "~/lib/listing-fees";
import { parseNaira } from "~/lib/money";
import {
  CITIES,
  FURNISHING,
  LISTING_STATUSES,
  PROPERTY_TYPES,
  TITLE_DOCUMENTS,
  valuesOf,
} from "~/lib/property-options";
import { optionalLine, optionalText, requiredLine, trimmedText } from "./fields";
import { TITLE_CHECK_FIELDS, type TitleCheckField } from "./title-check";

// The admin property form (dashboard-and-admin.md §5): title, price and location required
// ('Please fill in all required fields'), whole naira, counts as whole numbers; and the facts
// Nigerian buyers and renters ask about.

export const PROPERTY_MESSAGES = {
  required: { title: "Validation Error", message: "Please fill in all required fields" },
  title: "Please enter a title",
  price: "Please enter the price in whole naira",
  city: "Please choose a city",
  count: "Please enter a whole number",
  percent: "Enter a percentage from 0 to 100 (for example 10 or 7.5)",
  advanceMonths: "Enter a whole number of months from 1 to 60",
  added: "Property added successfully",
  updated: "Property updated successfully",
  deleted: "Property deleted successfully",
  addFailed: "Failed to add property",
  updateFailed: "Failed to update property",
  deleteFailed: "Failed to delete property",
  confirmDelete: "Are you sure you want to delete this property?",
} as const;

/** Admin city choices: the spec's admin list is part of the public one, so they are one list. */
export const ADMIN_CITIES = CITIES;

export const PROPERTY_LIMITS = { title: 150, address: 200, area: 120, description: 5000 } as const;

/** Whole naira as people type it (lib/money.ts parseNaira: "₦45,000,000", "45m"); anything else fails. */
function naira(required: boolean) {
  return trimmedText().pipe(
    z
      .string()
      .transform((value) => parseNaira(value))
      .refine(
        (value) => value !== undefined && (value !== null || !required),
        PROPERTY_MESSAGES.price,
      )
      .transform((value) => value ?? null),
  );
}

/** An optional count (beds, baths, toilets, parking): empty, or a whole number up to `max`. */
function count(max: number) {
  return trimmedText().pipe(
    z
      .string()
      .refine((value) => value === "" || (/^\d{1,7}$/.test(value) && Number(value) <= max), {
        message: PROPERTY_MESSAGES.count,
      })
      .transform((value) => (value === "" ? null : Number(value))),
  );
}

/** An optional percentage of a year's rent: empty, or 0 to 100 with at most two decimals. */
function percent() {
  return trimmedText().pipe(
    z
      .string()
      .refine(
        (value) =>
          value === "" ||
          (/^\d{1,3}(\.\d{1,2})?\s?%?$/.test(value) && Number.parseFloat(value) <= 100),
        PROPERTY_MESSAGES.percent,
      )
      .transform((value) => (value === "" ? null : Number.parseFloat(value))),
  );
}

/** Months of rent asked in advance: empty, or a whole number from 1 to 60. */
function advanceMonths() {
  return trimmedText().pipe(
    z
      .string()
      .refine(
        (value) => value === "" || (/^\d{1,2}$/.test(value) && Number(value) >= 1),
        PROPERTY_MESSAGES.advanceMonths,
      )
      .transform((value) => (value === "" ? null : Number(value))),
  );
}

/** The move-in items only a rental carries: a sale's are dropped. */
function rentalOnly<T>(rental: boolean, value: T | null): T | null {
  return rental ? value : null;
}

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return trimmedText().pipe(z.enum(values, { message }));
}

function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return trimmedText().pipe(
    z
      .union([z.enum(values), z.literal("")])
      .transform((value) => (value === "" ? null : (value as T[number]))),
  );
}

const checkbox = () => z.preprocess((value) => value === "on" || value === "true", z.boolean());

/**
 * `limits`: the office's limits on a rental's fees (settings; the defaults when not given). A
 * rental over them is refused with the reason beside the field.
 */
export function propertySchema(limits: FeeLimits = DEFAULT_FEE_TERMS) {
  return z
    .object({
      title: requiredLine(PROPERTY_MESSAGES.title, { max: PROPERTY_LIMITS.title }),
      purpose: choice(["sale", "rent"], "Please choose For Sale or For Rent"),
      price: naira(true),
      rentPeriod: optionalChoice(["year", "month"]),
      propertyType: choice(valuesOf(PROPERTY_TYPES), "Please choose a property type"),
      category: choice(["residential", "commercial"], "Please choose a category"),
      isNewDevelopment: checkbox(),
      city: choice(ADMIN_CITIES, PROPERTY_MESSAGES.city),
      address: optionalLine(PROPERTY_LIMITS.address),
      // Issue 46: the site shows the area (typed, or the address's last part) unless the office
      // ticks "Show the full address on the site" (app/lib/public-address.ts).
      area: optionalLine(PROPERTY_LIMITS.area),
      addressPublic: checkbox(),
      description: optionalText(PROPERTY_LIMITS.description),
      beds: count(100),
      baths: count(100),
      toilets: count(100),
      parkingSpaces: count(1000),
      sqft: count(10_000_000),
      featured: checkbox(),
      status: choice(valuesOf(LISTING_STATUSES), "Please choose a status"),
      titleDocument: optionalChoice(valuesOf(TITLE_DOCUMENTS)),
      serviceCharge: naira(false),
      serviceChargePercent: percent(),
      agencyFee: naira(false),
      agencyFeePercent: percent(),
      legalFee: naira(false),
      legalFeePercent: percent(),
      cautionDeposit: naira(false),
      cautionDepositPercent: percent(),
      rentAdvanceMonths: advanceMonths(),
      furnishing: optionalChoice(valuesOf(FURNISHING)),
      serviced: checkbox(),
    })
    .transform((input) => {
      const rental = input.purpose === "rent";
      return {
        ...input,
        // A rent is yearly unless said otherwise; a sale has no period and no move-in items.
        rentPeriod: rental ? (input.rentPeriod ?? "year") : null,
        serviceChargePercent: rentalOnly(rental, input.serviceChargePercent),
        agencyFee: rentalOnly(rental, input.agencyFee),
        agencyFeePercent: rentalOnly(rental, input.agencyFeePercent),
        legalFee: rentalOnly(rental, input.legalFee),
        legalFeePercent: rentalOnly(rental, input.legalFeePercent),
        cautionDeposit: rentalOnly(rental, input.cautionDeposit),
        cautionDepositPercent: rentalOnly(rental, input.cautionDepositPercent),
        rentAdvanceMonths: rentalOnly(rental, input.rentAdvanceMonths),
      };
    })
    .superRefine((input, ctx) => {
      if (input.rentPeriod === null || input.price === null) return;
      const problems = feeLimitProblems(
        { ...input, price: input.price, rentPeriod: input.rentPeriod },
        limits,
      );
      for (const [field, message] of Object.entries(problems)) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    });
}

export type PropertyInput = z.output<ReturnType<typeof propertySchema>>;

/** A rental's move-in fields (issue 46): each fee as an amount or a percentage, and the advance. */
export const MOVE_IN_FIELDS = [
  "serviceChargePercent",
  "agencyFee",
  "agencyFeePercent",
  "legalFee",
  "legalFeePercent",
  "cautionDeposit",
  "cautionDepositPercent",
  "rentAdvanceMonths",
] as const;

/** The form's fields as typed, to show them again after a refusal. */
export const PROPERTY_FIELDS = [
  "title",
  "purpose",
  "price",
  "rentPeriod",
  "propertyType",
  "category",
  "isNewDevelopment",
  "city",
  "address",
  "area",
  "addressPublic",
  "description",
  "beds",
  "baths",
  "toilets",
  "parkingSpaces",
  "sqft",
  "featured",
  "status",
  "titleDocument",
  "serviceCharge",
  ...MOVE_IN_FIELDS,
  "furnishing",
  "serviced",
] as const;

/** The admin form's values: the listing's fields and the office's title check (./title-check.ts). */
export type PropertyFormValues = Partial<
  Record<(typeof PROPERTY_FIELDS)[number] | TitleCheckField, string>
>;

/** Every field the admin edit form shows: its version and merge cover these. */
const ADMIN_FORM_FIELDS = [...PROPERTY_FIELDS, ...TITLE_CHECK_FIELDS] as const;

/** Missing title, price or city: the spec's one message for the form, beside the fields too. */
export function isMissingRequired(fields: Partial<Record<string, string>>) {
  return (
    fields.title === PROPERTY_MESSAGES.title ||
    fields.price === PROPERTY_MESSAGES.price ||
    fields.city === PROPERTY_MESSAGES.city
  );
}

/** How the listing's fields compare in a merge (issue 42): numbers as numbers, switches. */
export const PROPERTY_FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  price: "number",
  serviceCharge: "number",
  ...Object.fromEntries(MOVE_IN_FIELDS.map((field) => [field, "number"])),
  beds: "number",
  baths: "number",
  toilets: "number",
  parkingSpaces: "number",
  sqft: "number",
  featured: "flag",
  addressPublic: "flag",
  isNewDevelopment: "flag",
  serviced: "flag",
};

/** A stored listing as the form's values (numbers as typed, switches as "on" or ""). */
export function propertyFormValues(
  property: {
    [K in (typeof PROPERTY_FIELDS)[number]]: string | number | boolean | null;
  } & Partial<Record<TitleCheckField, string | null>>,
): PropertyFormValues {
  const fields = TITLE_CHECK_FIELDS.every((field) => field in property)
    ? ADMIN_FORM_FIELDS
    : PROPERTY_FIELDS;
  return Object.fromEntries(
    fields.map((field) => {
      const value = property[field];
      return [field, typeof value === "boolean" ? (value ? "on" : "") : String(value ?? "")];
    }),
  );
}

/** What was posted, to show it again after a refusal. */
export function postedPropertyValues(form: FormData): PropertyFormValues {
  return Object.fromEntries(
    ADMIN_FORM_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  );
}
