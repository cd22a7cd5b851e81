import { z } from "zod";
import { trimmedText } from "./fields";

// The fee terms on /admin/settings (issue 45): two percentages of a year's rent and the most
// months of rent asked in advance. The messages say what to type.

export const FEE_TERMS_MESSAGES = {
  percent: "Enter a percentage from 0 to 100 (for example 10 or 7.5).",
  months: "Enter a whole number of months from 1 to 24.",
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
  });
}
