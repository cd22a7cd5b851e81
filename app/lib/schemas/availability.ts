import { z } from "zod";
import { AVAILABILITY_DAY_LIMITS } from "../availability";
import { trimmedText } from "./fields";

// The availability periods on /admin/settings (issue 46): whole days. The reminder must come
// before the shorter period ends, or it would never be sent in time.

const { min, max } = AVAILABILITY_DAY_LIMITS;

export const AVAILABILITY_MESSAGES = {
  days: `Enter a whole number of days from ${min} to ${max}.`,
  reminder: "The reminder must come before the shorter period ends: fewer days than both periods.",
  failed: { title: "Availability periods not saved", message: "Check the fields marked below." },
} as const;

function days() {
  return trimmedText().pipe(
    z
      .string()
      .regex(/^\d{1,3}$/, AVAILABILITY_MESSAGES.days)
      .transform(Number)
      .pipe(
        z.number().int().min(min, AVAILABILITY_MESSAGES.days).max(max, AVAILABILITY_MESSAGES.days),
      ),
  );
}

export function availabilityRulesSchema() {
  return z
    .object({
      rentDays: days(),
      saleDays: days(),
      reminderDays: days(),
      closedBadgeDays: days(),
    })
    .refine((r) => r.reminderDays < Math.min(r.rentDays, r.saleDays), {
      path: ["reminderDays"],
      message: AVAILABILITY_MESSAGES.reminder,
    });
}
