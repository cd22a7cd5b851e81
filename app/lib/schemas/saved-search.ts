import { z } from "zod";
import { requiredText, trimmedText } from "./fields";

// Saved searches with e-mail alerts (issue 14): the save, rename and alert forms of
// /dashboard/searches, and their messages. Safe to import on both sides (see fields.ts).

export const ALERT_FREQUENCIES = [
  { value: "instant", label: "Instant", hint: "As soon as a matching listing is added" },
  { value: "daily", label: "Daily", hint: "One e-mail a day with the new listings" },
  { value: "weekly", label: "Weekly", hint: "One e-mail a week with the new listings" },
  { value: "off", label: "Off", hint: "No e-mails" },
] as const;

export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]["value"];

export const ALERT_FREQUENCY_VALUES = ALERT_FREQUENCIES.map((f) => f.value) as [
  AlertFrequency,
  ...AlertFrequency[],
];

export function alertFrequencyLabel(value: AlertFrequency) {
  return ALERT_FREQUENCIES.find((f) => f.value === value)?.label ?? value;
}

/** Alerts a new saved search gets unless the customer picks others. */
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = "daily";

export const SAVED_SEARCH_NAME_MAX = 100;
/** Saved searches per account: plenty for a house hunt, bounded for the alert job. */
export const MAX_SAVED_SEARCHES = 20;

export const SAVED_SEARCH_MESSAGES = {
  nameMissing: "Please enter a name for this search",
  nameTooLong: `Please keep the name under ${SAVED_SEARCH_NAME_MAX} characters`,
  nameInvalid: "Please use letters, numbers and punctuation only",
  frequencyInvalid: "Please choose how often to e-mail you",
  tooMany: `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one to save another.`,
  failed: "We could not save your search. Please try again.",
  notFound: "This saved search no longer exists.",
  saved: "Search saved",
  renamed: "Search renamed",
  deleted: "Search deleted",
  alertsUpdated: "Alerts updated",
  unsubscribed: "You will no longer receive e-mails for this search.",
  badLink: "This unsubscribe link is not valid. You can turn alerts off from your dashboard.",
} as const;

// Control characters (a line break in a name would break an e-mail's subject) are refused.
const CONTROL_CHARACTER = /\p{Cc}/u;

function searchName() {
  return requiredText(SAVED_SEARCH_MESSAGES.nameMissing, {
    max: SAVED_SEARCH_NAME_MAX,
    message: SAVED_SEARCH_MESSAGES.nameTooLong,
  }).refine((v) => !CONTROL_CHARACTER.test(v), SAVED_SEARCH_MESSAGES.nameInvalid);
}

function frequency() {
  return trimmedText().pipe(
    z.enum(ALERT_FREQUENCY_VALUES, { error: SAVED_SEARCH_MESSAGES.frequencyInvalid }),
  );
}

export function saveSearchSchema() {
  return z.object({ name: searchName(), frequency: frequency() });
}

export function renameSearchSchema() {
  return z.object({ name: searchName() });
}

export function alertFrequencySchema() {
  return z.object({ frequency: frequency() });
}
