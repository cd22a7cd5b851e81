import { mergeEdits, mergeFieldsOf } from "./edit-conflict";
import { PROPERTY_FIELD_KINDS, type PropertyFormValues } from "./schemas/property";
import { OWNER_PROPERTY_FIELDS, type SubmissionValues } from "./schemas/submission";

// Approving an owner's change to a live listing (issue 42): a three-way merge, like every edit
// form's. The base is the listing as it was when the owner made the copy (stored with the
// request), "mine" the owner's values, "theirs" the live listing now. A field only the owner
// changed takes the owner's value; a field only the office changed since keeps the office's;
// a field both changed keeps the office's unless the reviewer picks the owner's.

const OWNER_FIELDS = mergeFieldsOf(OWNER_PROPERTY_FIELDS, PROPERTY_FIELD_KINDS);

/** The reviewer's choice for a field both changed, posted as `pick.<field>`. */
export const PICK_PREFIX = "pick.";

/** One field the owner asks to change, before (the live listing now) and after (the owner's). */
export type OwnerChangeRow = {
  name: string;
  /** The live listing's value now. */
  live: string;
  /** What the owner asks for. */
  owner: string;
  /** The office changed it too since the owner's copy (was `was`): the reviewer picks. */
  officeChanged: boolean;
  was: string;
};

/** A submission's stored values, every owner field present ("" when the owner left it empty). */
function ownerValues(values: SubmissionValues) {
  const all: Record<string, string> = {};
  for (const field of OWNER_PROPERTY_FIELDS) all[field] = values[field] ?? "";
  return all;
}

/**
 * The review of a change: the owner's changes against the live listing (`rows`), and the form the
 * reviewer approves, opened as the live listing with the owner's changes applied where the office
 * did not change the field since (`values`). Without a base (a request stored before bases
 * were kept), every field the owner's values differ in counts as the owner's change.
 */
export function ownerChangeReview(
  base: SubmissionValues | null,
  owner: SubmissionValues,
  live: PropertyFormValues,
): { rows: OwnerChangeRow[]; values: PropertyFormValues } {
  const liveOwnerFields = Object.fromEntries(
    OWNER_PROPERTY_FIELDS.map((field) => [field, live[field] ?? ""]),
  );
  const was = base ? ownerValues(base) : liveOwnerFields;
  const merge = mergeEdits(OWNER_FIELDS, was, ownerValues(owner), liveOwnerFields);
  const conflicts = new Map(merge.conflicts.map((c) => [c.name, c]));
  const rows: OwnerChangeRow[] = [];
  for (const field of OWNER_PROPERTY_FIELDS) {
    const conflict = conflicts.get(field);
    if (conflict) {
      rows.push({
        name: field,
        live: conflict.theirs,
        owner: conflict.yours,
        officeChanged: true,
        was: conflict.base,
      });
    } else if (merge.yoursTaken.includes(field)) {
      rows.push({
        name: field,
        live: String(live[field] ?? ""),
        owner: String(merge.values[field] ?? ""),
        officeChanged: false,
        was: String(was[field] ?? ""),
      });
    }
  }
  const values: PropertyFormValues = { ...live };
  for (const field of merge.yoursTaken) {
    values[field as keyof PropertyFormValues] = String(merge.values[field] ?? "");
  }
  return { rows, values };
}

/**
 * The approve form as posted, with the owner's value put in for every field both changed where
 * the reviewer picked the owner's (`pick.<field>=owner`); the other fields as the form says.
 */
export function applyPicks(form: FormData, rows: readonly OwnerChangeRow[]): FormData {
  const picked = new FormData();
  for (const [name, value] of form) picked.append(name, value);
  for (const row of rows) {
    if (!row.officeChanged || form.get(`${PICK_PREFIX}${row.name}`) !== "owner") continue;
    if (PROPERTY_FIELD_KINDS[row.name] === "flag" && row.owner !== "on") picked.delete(row.name);
    else picked.set(row.name, row.owner);
  }
  return picked;
}
