import { z } from "zod";
import { exemptAreaList } from "~/lib/listing-fees";
import { trimmedText } from "./fields";

// The fee terms on /admin/settings (issue 45): two percentages of a year's rent, the most months
// of rent asked in advance, two percentages of a sale's price, and the limits on a rental
// listing's fees with the Lagos areas the advance-rent limit leaves out (issue 46). The messages
// say what to type.

export const FEE_TERMS_MESSAGES = {
  percent: "Enter a percentage from 0 to 100 (for example 10 or 7.5).",
  months: "Enter a whole number of months from 1 to 24.",
  areas: "List the areas separated by commas (at most 500 characters), or leave it empty.",
  failed: { title: "Fee terms not saved", message: "Check the fields marked below." },
} as const;

function percent() {
  return trimmedText().pipe(
    z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?%?$/, FEE_TERMS_MESSAGES.percent)
      .transform((v) => Number(v.replace("%", "")))
      .pipe(z.number().min(0, FEE_TERMS_MESSAGES.percent).max(100, FEE_TERMS_MESSAGES.percent)),
  );
}

function months() {
  return trimmedText().pipe(
    z
      .string()
      .regex(/^\d{1,2}$/, FEE_TERMS_MESSAGES.months)
      .transform(Number)
      .pipe(z.number().int().min(1, FEE_TERMS_MESSAGES.months).max(24, FEE_TERMS_MESSAGES.months)),
  );
}

export function feeTermsSchema() {
  return z.object({
    agencyFeePercent: percent(),
    legalFeePercent: percent(),
    advanceRentMonthsYearly: months(),
    advanceRentMonthsMonthly: months(),
    saleAgencyFeePercent: percent(),
    saleLegalFeePercent: percent(),
    agencyFeeCapPercent: percent(),
    legalFeeCapPercent: percent(),
    exemptAreas: trimmedText().pipe(
      z
        .string()
        .max(500, FEE_TERMS_MESSAGES.areas)
        .transform((value) => exemptAreaList(value).join(", ")),
    ),
  });
}
