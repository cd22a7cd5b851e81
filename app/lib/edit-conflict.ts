import { BOOKING_TIME_ZONE } from "./appointment-rules";
import { lazyDateFormat } from "./lazy";

// Lost updates (issue 23): every admin edit form carries the version of the record it was
// opened at (a hidden `version` field). A save over a newer version writes nothing; the action
// answers 409 with an EditConflict, and the page shows who changed the record and when, their
// values beside yours, and "Use my changes" (which posts yours again on top of the new version).
// Client-safe: the types and the pure helpers the panel uses.

/** The hidden field every edit form carries. */
export const VERSION_FIELD = "version";

/** Who last changed the record, and when (from its latest audit row). */
export type LastChange = { by: string; at: string };

export type EditConflict = {
  /** Who changed it and when; null when no audit row says (a change made outside the admin). */
  change: LastChange | null;
  /** The record's version now: the form and "Use my changes" carry it. */
  version: string;
  /** The form's values now (what the other person saved), by field name. */
  theirs: Record<string, string>;
  /** What you posted, every entry but the version, to post again. */
  yours: [string, string][];
};

/** One field that differs: its label, their value now, and yours. */
export type ConflictRow = { name: string; label: string; theirs: string; yours: string };

/** Your posted entries as one value per field (several values, e.g. checkboxes, joined). */
export function postedValues(entries: readonly [string, string][]): Record<string, string> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of entries) values[name] = [...(values[name] ?? []), value];
  return Object.fromEntries(Object.entries(values).map(([name, list]) => [name, list.join(", ")]));
}

/**
 * The labelled fields whose values differ, in the labels' order. An unchecked checkbox is not
 * posted: a field missing from what you sent but "on" in theirs counts as off.
 */
export function conflictRows(
  conflict: Pick<EditConflict, "theirs" | "yours">,
  labels: Readonly<Record<string, string>>,
  /** A choice's words by field and value (a select posts an id: the panel shows its option). */
  choices: ConflictChoices = {},
): ConflictRow[] {
  const yours = postedValues(conflict.yours);
  const rows: ConflictRow[] = [];
  for (const [name, label] of Object.entries(labels)) {
    const theirs = conflict.theirs[name] ?? "";
    const mine = yours[name] ?? (theirs === "on" ? "" : theirs);
    if (normalise(theirs) === normalise(mine)) continue;
    const onOff = theirs === "on" || mine === "on";
    const text = (value: string) => choices[name]?.[value.trim()] ?? shown(value, onOff);
    rows.push({ name, label, theirs: text(theirs), yours: text(mine) });
  }
  return rows;
}

/** The words of a form's choices, by field name and then posted value ("" too: 'Not linked'). */
export type ConflictChoices = Readonly<Record<string, Readonly<Record<string, string>>>>;

function normalise(value: string) {
  return value.replace(/\r\n/g, "\n").trim();
}

function shown(value: string, onOff: boolean) {
  if (onOff) return value === "on" ? "Yes" : "No";
  return value.trim() === "" ? "(empty)" : value;
}

const changeTimeFormat = lazyDateFormat("en-NG", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: BOOKING_TIME_ZONE,
});

/** When a change was saved, in Lagos time: "25 Nov, 21:03". */
export function formatChangeTime(at: Date | string) {
  return changeTimeFormat.format(new Date(at));
}

/** "Ngozi Okafor changed the photos at 25 Nov, 21:03." (a message without the panel). */
export function describeChange(change: LastChange | null | undefined, what: string) {
  if (!change) return `Someone else changed ${what}.`;
  return `${change.by} changed ${what} at ${formatChangeTime(change.at)}.`;
}
