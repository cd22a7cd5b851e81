import type { properties } from "~/db/schema";
import { PROPERTY_FIELDS } from "~/lib/schemas/property";
import { TITLE_CHECK_FIELDS } from "~/lib/schemas/title-check";
import { pickFields, recordVersion } from "./record-version.server";

// The versions a listing's edit page was opened at (issue 23: no lost update): its fields, the
// order of its photos and each photo's title. A write checks the one it changes; the office's
// approval of an owner's change checks the fields too (./submission-review).

/**
 * The columns the edit form edits (its fields are named after them): their values are its
 * version. The office's title check (issue 46) is part of the form, so a save over it is stale.
 */
const FORM_COLUMNS = [
  ...PROPERTY_FIELDS,
  ...TITLE_CHECK_FIELDS,
] as const satisfies readonly (keyof typeof properties.$inferSelect)[];

/** The writes that change what the edit form shows, for "who changed it". */
export const LISTING_FIELD_WRITES = [
  "property.update",
  "property.bulk",
  "property.import",
] as const;

/** The stored fields the listing's form edits (its version is theirs: recordVersion). */
export function listingFormFields(row: Record<string, unknown>) {
  return pickFields(row, FORM_COLUMNS);
}

export function propertyVersion(row: Record<string, unknown>) {
  return recordVersion(listingFormFields(row));
}

export function photosVersion(photos: readonly { id: string }[]) {
  return recordVersion(photos.map((photo) => photo.id));
}

export function photoTitleVersion(photo: { id: string; title: string | null }) {
  return recordVersion({ id: photo.id, title: photo.title });
}
