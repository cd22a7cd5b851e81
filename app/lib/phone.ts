import { z } from "zod";

/** Nigerian and international numbers: digits with optional +, spaces, dashes, brackets. */
export function phoneNumberSchema(message: string) {
  return z
    .string()
    .regex(/^\+?[\d\s\-()]{7,20}$/, message)
    .refine((v) => v.replace(/\D/g, "").length >= 7, message);
}
