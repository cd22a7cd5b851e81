import { z } from "zod";
import { BOOKING_FIELD_MESSAGES, dateProblem, timeProblem } from "./appointment-rules";
import { isPhoneNumber } from "./phone";

// The booking and rescheduling forms' rules as zod schemas, from the rules in
// appointment-rules.ts. Only the actions use them, so zod stays out of the pages' JavaScript.

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());
const trimmed = text.transform((value) => value.trim());

/** Date and time fields, for booking and rescheduling. `now` is injectable for tests. */
export function slotShape(now: () => Date = () => new Date()) {
  return {
    appointmentDate: trimmed.superRefine((date, ctx) => {
      const problem = dateProblem(date, now());
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    appointmentTime: trimmed,
  };
}

/** Adds the time rules, which depend on the date, to a schema built from `slotShape`. */
export function refineSlot<T extends { appointmentDate: string; appointmentTime: string }>(
  value: T,
  ctx: z.RefinementCtx,
  now: () => Date = () => new Date(),
) {
  const problem = timeProblem(value.appointmentDate, value.appointmentTime, now());
  if (problem) ctx.addIssue({ code: "custom", path: ["appointmentTime"], message: problem });
}

const optional = (max: number) =>
  trimmed.pipe(z.string().max(max, `Please keep this under ${max} characters`));

/** The public booking form (also used by signed-in customers). */
export function bookingSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      fullName: trimmed.pipe(
        z
          .string()
          .min(1, BOOKING_FIELD_MESSAGES.fullName)
          .max(120, BOOKING_FIELD_MESSAGES.fullName),
      ),
      email: trimmed.pipe(z.email(BOOKING_FIELD_MESSAGES.email).max(254)),
      phone: trimmed.pipe(z.string().refine(isPhoneNumber, BOOKING_FIELD_MESSAGES.phone)),
      ...slotShape(now),
      propertyType: optional(100),
      propertyLocation: optional(200),
      purpose: trimmed.pipe(z.enum(["", "buy", "sell", "rent", "general"])),
      message: optional(2000),
    })
    .superRefine((value, ctx) => refineSlot(value, ctx, now));
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;
