import { BOOKING_TIME_ZONE } from "./appointment-rules";
import { lazyDateFormat } from "./lazy";

// Lost updates (issue 23, then issue 42): every admin edit form carries the version of the
// record it was opened at and, with it, the values it was opened with (its "base"; a hidden
// `version` field the server signs, see app/http/edit-merge.server.ts). A save over a newer
// version is merged field by field, three ways (mergeEdits): a field only the other person
// changed keeps theirs, a field only you changed takes yours, and a field you both changed to
// different values is a conflict. With no conflict the merge is saved at once; with one,
// nothing is written and the action answers 409 with an EditConflict: the panel asks about
// those fields only, side by side, one choice each, and posts your other changes with them.
// A post without a version is refused the same way (nothing saved blind).
// Client-safe: the types and the pure helpers the panel uses.

/** The hidden field every edit form carries. */
export const VERSION_FIELD = "version";

/** Who last changed the record, and when (from its latest audit row). */
export type LastChange = { by: string; at: string };

/**
 * How a field's values compare: text (trimmed, line ends alike), a number as typed ("1,500,000"
 * is 1500000), a switch (a checkbox: "on" or nothing), a list whose order counts (photos) or a
 * set (amenities: merged item by item, so both people's additions and removals are kept).
 */
export type FieldKind = "text" | "number" | "flag" | "list" | "set";

/** A form's merged fields: their names and how each compares (text unless said). */
export type MergeFields = Readonly<Record<string, FieldKind>>;

export type FieldValue = string | readonly string[] | null | undefined;
export type FieldValues = Readonly<Record<string, FieldValue>>;

/** One field both people changed, to different values. */
export type FieldConflict = { name: string; base: string; theirs: string; yours: string };

export type MergeResult = {
  /** Every field's merged value (a conflict's is theirs: nothing of it is decided). */
  values: Record<string, string | string[]>;
  /** Fields both changed to different values, in the fields' order. */
  conflicts: FieldConflict[];
  /** Fields only the other person changed: theirs kept. */
  theirsKept: string[];
  /** Fields only you changed: yours taken. */
  yoursTaken: string[];
};

function asList(value: FieldValue): string[] {
  if (value == null) return [];
  if (typeof value === "string") return value.trim() === "" ? [] : [value];
  return [...value];
}

function text(value: FieldValue): string {
  if (value == null) return "";
  if (typeof value !== "string") return value.join(", ");
  return value.replace(/\r\n?/g, "\n").trim();
}

/** A number as people type it: "₦1,500,000", "1 500 000" and 1500000 are one number. */
function asNumber(value: FieldValue): number | null {
  const cleaned = text(value).replace(/[\s,₦]/g, "");
  if (cleaned === "") return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : Number.NaN;
}

function isOn(value: FieldValue) {
  const v = text(value).toLowerCase();
  return v === "on" || v === "true" || v === "1" || v === "yes";
}

/** Whether two values of a field are the same for its kind. */
export function sameValue(kind: FieldKind, a: FieldValue, b: FieldValue): boolean {
  switch (kind) {
    case "number": {
      const x = asNumber(a);
      const y = asNumber(b);
      // Not a number (a typo): compared as typed.
      if (Number.isNaN(x) || Number.isNaN(y)) return text(a) === text(b);
      return x === y;
    }
    case "flag":
      return isOn(a) === isOn(b);
    case "list": {
      const x = asList(a).map(text);
      const y = asList(b).map(text);
      return x.length === y.length && x.every((item, i) => item === y[i]);
    }
    case "set": {
      const x = [...new Set(asList(a).map(text))].sort();
      const y = [...new Set(asList(b).map(text))].sort();
      return x.length === y.length && x.every((item, i) => item === y[i]);
    }
    default:
      return text(a) === text(b);
  }
}

/** A set merged item by item: theirs, less what you removed, plus what you added. */
function mergeSet(base: FieldValue, mine: FieldValue, theirs: FieldValue): string[] {
  const was = new Set(asList(base).map(text));
  const now = new Set(asList(mine).map(text));
  const removed = [...was].filter((item) => !now.has(item));
  const added = [...now].filter((item) => !was.has(item));
  const merged = asList(theirs).filter((item) => !removed.includes(text(item)));
  for (const item of added) if (!merged.some((m) => text(m) === item)) merged.push(item);
  return merged;
}

function stored(value: FieldValue, kind: FieldKind): string | string[] {
  if (kind === "list" || kind === "set") return asList(value);
  if (value == null) return "";
  return typeof value === "string" ? value : value.join(", ");
}

/**
 * The three-way merge of one form. `base` is what the form was opened with (null when it is not
 * known: then every field you sent that differs from theirs is a conflict), `mine` what was
 * posted (a field missing from it was not in your form and counts as untouched, except a
 * switch, which an unticked checkbox does not post), `theirs` the record's values now.
 */
export function mergeEdits(
  fields: MergeFields,
  base: FieldValues | null,
  mine: FieldValues,
  theirs: FieldValues,
): MergeResult {
  const result: MergeResult = { values: {}, conflicts: [], theirsKept: [], yoursTaken: [] };
  for (const [name, kind] of Object.entries(fields)) {
    const their = theirs[name];
    const untouched = mine[name] === undefined && kind !== "flag";
    const was = base ? base[name] : their;
    const yours = untouched ? was : mine[name];
    const youChanged = base ? !sameValue(kind, yours, was) : !untouched;
    const theyChanged = base ? !sameValue(kind, their, was) : true;
    if (!youChanged || sameValue(kind, yours, their)) {
      result.values[name] = stored(their, kind);
      if (base && theyChanged && !youChanged) result.theirsKept.push(name);
    } else if (!theyChanged) {
      result.values[name] = stored(yours, kind);
      result.yoursTaken.push(name);
    } else if (kind === "set" && base) {
      result.values[name] = mergeSet(was, yours, their);
      result.theirsKept.push(name);
      result.yoursTaken.push(name);
    } else {
      result.values[name] = stored(their, kind);
      result.conflicts.push({ name, base: text(was), theirs: text(their), yours: text(yours) });
    }
  }
  return result;
}

/** The entries a form posts, as merge values (a field posted several times: a list). */
export function formFieldValues(
  entries: Iterable<[string, FormDataEntryValue]>,
  fields: MergeFields,
): Record<string, FieldValue> {
  const values: Record<string, string[]> = {};
  for (const [name, value] of entries) {
    if (typeof value !== "string" || !(name in fields)) continue;
    values[name] = [...(values[name] ?? []), value];
  }
  return Object.fromEntries(
    Object.entries(values).map(([name, list]) => {
      const kind = fields[name];
      return [name, kind === "list" || kind === "set" ? list : (list[0] ?? "")];
    }),
  );
}

/** Every field of a form compared as text, but for those named (labels' keys, say). */
export function mergeFieldsOf(
  names: Iterable<string>,
  kinds: Readonly<Record<string, FieldKind>> = {},
): MergeFields {
  return Object.fromEntries([...names].map((name) => [name, kinds[name] ?? "text"]));
}

export type EditConflict = {
  /** "stale": the record changed since the form was opened; "no-version": the post said not. */
  reason: "stale" | "no-version";
  /** Who changed it and when; null when no audit row says (a change made outside the admin). */
  change: LastChange | null;
  /** The version the panel's form posts: the record now, with its values as the base. */
  version: string;
  /** Only the fields both changed, theirs beside yours. */
  conflicts: FieldConflict[];
  /** Fields only the other person changed (kept as theirs). */
  theirsKept: string[];
  /** Fields only you changed (posted again with your choices). */
  yoursTaken: string[];
  /** What the panel posts with the choices: your entries, with theirs for the fields you did not change, and without the conflicting fields and the version. */
  post: [string, string][];
};

/** A conflict's words: its label, and the values as the form shows them. */
export type ConflictRow = { name: string; label: string; theirs: string; yours: string };

/** The words of a form's choices, by field name and then posted value ("" too: 'Not linked'). */
export type ConflictChoices = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The conflicts in words, in the labels' order (a field without a label keeps its name). */
export function conflictRows(
  conflict: Pick<EditConflict, "conflicts">,
  labels: Readonly<Record<string, string>>,
  /** A choice's words by field and value (a select posts an id: the panel shows its option). */
  choices: ConflictChoices = {},
  kinds: Readonly<Record<string, FieldKind>> = {},
): ConflictRow[] {
  const order = Object.keys(labels);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...conflict.conflicts]
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map(({ name, theirs, yours }) => {
      const onOff = kinds[name] === "flag" || theirs === "on" || yours === "on";
      const words = (value: string) => choices[name]?.[value.trim()] ?? shown(value, onOff);
      return { name, label: labels[name] ?? name, theirs: words(theirs), yours: words(yours) };
    });
}

/** Field names in words, as a sentence's list: "Price (₦) and Title". */
export function fieldList(names: readonly string[], labels: Readonly<Record<string, string>>) {
  const words = names.map((name) => labels[name] ?? name);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
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
