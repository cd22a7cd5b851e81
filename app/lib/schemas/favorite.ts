import { z } from "zod";

// Favourites: the heart buttons' form (POST /favorites). It has no messages of its own: the
// button shows its toasts. Safe to import on both sides (see fields.ts).

export function favoriteSchema() {
  return z.object({
    intent: z.enum(["add", "remove"]),
    propertyId: z.string().min(1),
  });
}
