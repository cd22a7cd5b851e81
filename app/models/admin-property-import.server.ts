import { createHash, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { type AuditRecord, auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { cellText } from "~/lib/csv";
import {
  checkImportRow,
  FIELD_OF,
  type ImportProblem,
  type ImportRow,
  type ImportSheet,
  type PropertyField,
} from "~/lib/property-import";
import { PROPERTY_FIELDS, type PropertyInput, propertyFormValues } from "~/lib/schemas/property";

// The CSV import of /admin/properties/import. A row with the id of a listing (the export's first
// column) updates that listing: only the fields that differ change, and the columns the file
// leaves out (and the photos) stay as they are. A row without an id adds a listing. First the
// plan (what would be added, which fields of which listing would change, how many rows match
// the catalogue already): nothing is written. Then the import applies that same plan in one
// transaction, all rows or none, with one audit row per listing added or changed. If the
// catalogue changed between the two (another admin saved a listing the file names), the import
// writes nothing and answers the new plan, so nobody confirms changes they have not seen.

export type StoredFields = { [F in PropertyField]: PropertyInput[F] };

/** One field of an updated listing, before and after. */
export type ImportChange = { field: PropertyField; before: unknown; after: unknown };

export type ImportPlan = {
  created: { row: number; title: string; values: StoredFields }[];
  updated: { row: number; id: string; title: string; changes: ImportChange[] }[];
  unchanged: number;
  problems: ImportProblem[];
  /** Identifies the plan's changes: the import goes ahead only over the plan it was shown. */
  fingerprint: string;
};

export type ImportOutcome =
  | { ok: true; created: number; updated: number }
  | { ok: false; reason: "problems" | "stale" | "unchanged"; plan: ImportPlan };

type Handle = typeof db | Transaction;

function storedFieldsOf(input: PropertyInput): StoredFields {
  return Object.fromEntries(PROPERTY_FIELDS.map((f) => [f, input[f]])) as StoredFields;
}

/** Equal as stored; a text's line ends do not count (a browser's CRLF, a spreadsheet's LF). */
function same(a: unknown, b: unknown) {
  if (typeof a === "string" && typeof b === "string") {
    return a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");
  }
  return (a ?? null) === (b ?? null);
}

/** Every cell of the row reads exactly as the export writes the stored listing. */
function asExported(row: ImportRow, stored: Record<string, unknown>, sheet: ImportSheet) {
  return sheet.columns.every((column) =>
    same(row.cells[column] ?? "", cellText(stored[FIELD_OF[column]])),
  );
}

async function planOf(handle: Handle, sheet: ImportSheet, forUpdate: boolean): Promise<ImportPlan> {
  const ids = sheet.rows.flatMap((row) => (row.id ? [row.id] : []));
  const query = handle.select().from(properties).where(inArray(properties.id, ids));
  const found = ids.length ? await (forUpdate ? query.for("update") : query) : [];
  const byId = new Map(found.map((p) => [p.id, p]));

  const plan: ImportPlan = {
    created: [],
    updated: [],
    unchanged: 0,
    problems: [],
    fingerprint: "",
  };
  for (const row of sheet.rows) {
    if (!row.id) {
      const checked = checkImportRow(row);
      if (!checked.ok) plan.problems.push(...checked.problems);
      else {
        plan.created.push({
          row: row.row,
          title: checked.input.title,
          values: storedFieldsOf(checked.input),
        });
      }
      continue;
    }
    const stored = byId.get(row.id);
    if (!stored || stored.deletedAt) {
      plan.problems.push({
        row: row.row,
        column: "id",
        value: row.id,
        message: stored
          ? `This listing ("${stored.title}") is in the trash. Restore it first, or leave the id empty to add the row as a new listing.`
          : "No listing has this id (deleted for good, or from another site). Allowed: an id from this site's export, or empty to add the row as a new listing.",
      });
      continue;
    }
    if (asExported(row, stored, sheet)) {
      plan.unchanged += 1;
      continue;
    }
    const checked = checkImportRow(row, propertyFormValues(stored));
    if (!checked.ok) {
      plan.problems.push(...checked.problems);
      continue;
    }
    const after = storedFieldsOf(checked.input);
    const changes = PROPERTY_FIELDS.filter((f) => !same(stored[f], after[f])).map((field) => ({
      field,
      before: stored[field],
      after: after[field],
    }));
    if (changes.length === 0) plan.unchanged += 1;
    else plan.updated.push({ row: row.row, id: row.id, title: stored.title, changes });
  }
  plan.fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        plan.created.map((c) => c.values),
        plan.updated.map((u) => [u.id, u.changes]),
      ]),
    )
    .digest("base64url");
  return plan;
}

/** What importing the file would do, row by row; writes nothing. */
export async function getPropertyImportPlan(_actor: AdminActor, sheet: ImportSheet) {
  return planOf(db, sheet, false);
}

/**
 * Applies the plan that `fingerprint` identifies, in one transaction: new listings added,
 * changed fields of existing ones updated (photos and the fields the file leaves out kept),
 * one audit row per listing. Writes nothing when the file has problems, when nothing would
 * change, or when the plan is no longer the one shown ("stale": the new plan comes back).
 */
export async function importPropertiesByAdmin(
  actor: AdminActor,
  sheet: ImportSheet,
  fingerprint: string,
): Promise<ImportOutcome> {
  return auditedWrite<ImportOutcome>(actor, "property.import", async (tx) => {
    const plan = await planOf(tx, sheet, true);
    if (plan.problems.length) return { result: { ok: false, reason: "problems", plan } };
    if (plan.fingerprint !== fingerprint) return { result: { ok: false, reason: "stale", plan } };
    if (plan.created.length + plan.updated.length === 0) {
      return { result: { ok: false, reason: "unchanged", plan } };
    }
    const audit: AuditRecord[] = [];
    const added = plan.created.map((c) => ({ id: randomUUID(), ...c.values }));
    // In slices: one INSERT's parameters stay far below PostgreSQL's limit of 65,535.
    for (let start = 0; start < added.length; start += 500) {
      await tx.insert(properties).values(added.slice(start, start + 500));
    }
    for (const { id, ...values } of added)
      audit.push({ entityId: id, before: null, after: values });
    const now = new Date();
    for (const update of plan.updated) {
      const before = Object.fromEntries(update.changes.map((c) => [c.field, c.before]));
      const after = Object.fromEntries(update.changes.map((c) => [c.field, c.after]));
      await tx
        .update(properties)
        .set({ ...after, updatedAt: now })
        .where(eq(properties.id, update.id));
      audit.push({ entityId: update.id, before, after });
    }
    return {
      result: { ok: true, created: plan.created.length, updated: plan.updated.length },
      audit,
    };
  });
}
