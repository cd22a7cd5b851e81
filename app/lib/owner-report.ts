// The owners' weekly report's switch (issue 20), shared by My Listings' form and its action.

export const WEEKLY_REPORT_INTENT = "weekly-report";

export const WEEKLY_REPORT_LABEL = "E-mail me a weekly report of my listings";

export const WEEKLY_REPORT_MESSAGES = {
  invalid: "Please tick the box to get the weekly report, or clear it to stop it",
  unsubscribed: "You will no longer receive the weekly report of your listings.",
  alreadyOff: "The weekly report of your listings is already off.",
  badLink:
    "This unsubscribe link is not valid. You can turn the weekly report off under My Listings.",
} as const;

/**
 * The posted checkbox: "on" when ticked, absent when cleared; undefined for anything else (a
 * forged value).
 */
export function parseWeeklyReportChoice(value: FormDataEntryValue | null): boolean | undefined {
  if (value === null) return false;
  return value === "on" ? true : undefined;
}
