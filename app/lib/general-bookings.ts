// Where a booking with no listing goes (the office's setting, /admin/settings): the admins, or
// the active agents in turn. Client-safe: the settings screen offers these choices.

export const GENERAL_BOOKINGS = ["admins", "rota"] as const;

export type GeneralBookings = (typeof GENERAL_BOOKINGS)[number];

export const GENERAL_BOOKINGS_LABELS: Record<GeneralBookings, string> = {
  admins: "Admins",
  rota: "A rota of agents",
};

export function isGeneralBookings(value: unknown): value is GeneralBookings {
  return GENERAL_BOOKINGS.some((choice) => choice === value);
}
