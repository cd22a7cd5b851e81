import { createHash, randomUUID } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { type AuditRecord, auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { insertMany } from "~/db/insert-many.server";
import { properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { AGENT_CSV_COLUMN, cellText } from "~/lib/csv";
import type { FeeLimits } from "~/lib/listing-fees";
import {
  checkImportRow,
  FIELD_OF,
  type ImportProblem,
  type ImportRow,
  type ImportSheet,
  type PropertyField,
} from "~/lib/property-import";
import { PROPERTY_FIELDS, type PropertyInput, propertyFormValues } from "~/lib/schemas/property";
import { finishInSlices, type Steps } from "~/lib/time-slices";
import { readFeeTerms } from "~/models/fee-terms.server";

// The CSV import of /admin/properties/import. A row with the id of a listing (the export's first
// column) updates that listing: only the fields that differ change, and the columns the file
// leaves out (and the photos) stay as they are. A row without an id adds a listing, unless it
// looks like a live listing (same title and address, or same title, city, type and price) or
// like an earlier new row of the same file: then it is skipped unless the person ticks "Add
// anyway" for it. First the plan (what would be added, which fields of which listing would
// change, how many rows match the catalogue already): nothing is written. Then the import applies
// that same plan in one transaction, all rows or none, with one audit row per listing added or
// changed. If the catalogue changed between the two (another admin saved a listing the file
// names), the import writes nothing and answers the new plan, so nobody confirms changes they
// have not seen.
//
// The plan's fingerprint covers what the import reads and writes, nothing else: the values of
// each new listing and the listings it looks like, and each updated listing's id and changed
// fields. Columns the import does not read (created_at, a column of the office's own) and fields
// of listings it does not change play no part.
//
// Checking 2,000 rows is a few hundred milliseconds of work on the server's one thread: it runs
// in slices (app/lib/time-slices.ts) so other requests are answered meanwhile, and the import's
// transaction (which holds the embedded database) only re-reads and writes: the rows are checked
// before it opens.

export type StoredFields = { [F in PropertyField]: PropertyInput[F] };

/** One field of an updated listing, before and after (the agent by their e-mail). */
export type ImportChange = { field: PropertyField | "agent"; before: unknown; after: unknown };

/** A live listing a new row looks like. */
export type LookAlike = { id: string; title: string };

export type ImportPlan = {
  /**
   * The new rows. One that looks like a live listing (`lookAlikes`) or like an earlier new row of
   * the file (`sameAsRow`) is added only when the person ticks "Add anyway" for it.
   */
  created: {
    row: number;
    title: string;
    values: StoredFields;
    agentId: string | null;
    agentEmail: string | null;
    lookAlikes: LookAlike[];
    sameAsRow: number | null;
  }[];
  /** `agentId`: the listing's new agent (null: the office) when the agent column changes it. */
  updated: {
    row: number;
    id: string;
    title: string;
    changes: ImportChange[];
    agentId?: string | null;
  }[];
  unchanged: number;
  problems: ImportProblem[];
  /** Identifies the plan's changes: the import goes ahead only over the plan it was shown. */
  fingerprint: string;
};

export type ImportOutcome =
  | { ok: true; created: number; updated: number; skipped: number }
  | { ok: false; reason: "problems" | "stale" | "unchanged"; plan: ImportPlan };

/** A new row the import would skip unless ticked: it looks like a listing or an earlier row. */
export function looksLikeExisting(created: ImportPlan["created"][number]) {
  return created.lookAlikes.length > 0 || created.sameAsRow !== null;
}

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

type Account = { id: string; email: string; role: string; status: string };

/**
 * The accounts the agent column names and the agents the file's listings have now, by id and by
 * lower-case e-mail; share-locked inside the import, so a deactivation waits for it.
 */
async function agentAccounts(
  handle: Handle,
  sheet: ImportSheet,
  agentIds: string[],
  forUpdate: boolean,
) {
  const emails = [
    ...new Set(sheet.rows.flatMap((row) => (row.agent ? [row.agent.toLowerCase()] : []))),
  ];
  const byId = new Map<string, Account>();
  const byEmail = new Map<string, Account>();
  if (emails.length + agentIds.length === 0) return { byId, byEmail };
  const query = handle
    .select({ id: users.id, email: users.email, role: users.role, status: users.status })
    .from(users)
    .where(
      or(
        emails.length ? inArray(sql`lower(${users.email})`, emails) : undefined,
        agentIds.length ? inArray(users.id, agentIds) : undefined,
      ),
    );
  for (const account of await (forUpdate ? query.for("share") : query)) {
    byId.set(account.id, account);
    byEmail.set(account.email.toLowerCase(), account);
  }
  return { byId, byEmail };
}

const AGENT_ALLOWED = "Allowed: the e-mail of an active agent's account, or empty for the office.";

/**
 * The agent a row gives its listing: undefined to keep it (no agent column), null for the office,
 * an id; or the problem with the cell. The e-mail of the listing's agent now is always accepted,
 * so a file exported and imported again changes nothing.
 */
function agentOfRow(
  row: ImportSheet["rows"][number],
  current: string | null,
  accounts: Awaited<ReturnType<typeof agentAccounts>>,
): { ok: true; agentId: string | null | undefined } | { ok: false; problem: ImportProblem } {
  if (row.agent === undefined) return { ok: true, agentId: undefined };
  if (row.agent === "") return { ok: true, agentId: null };
  const account = accounts.byEmail.get(row.agent.toLowerCase());
  if (account && account.id === current) return { ok: true, agentId: current };
  const reason = !account
    ? "No staff account has this e-mail"
    : account.role !== "agent"
      ? "This account is not an agent"
      : account.status !== "active"
        ? "This agent's account is deactivated"
        : null;
  if (!reason) return { ok: true, agentId: account?.id ?? null };
  return {
    ok: false,
    problem: {
      row: row.row,
      column: AGENT_CSV_COLUMN,
      value: row.agent,
      message: `${reason}. ${AGENT_ALLOWED}`,
    },
  };
}

type StoredListing = typeof properties.$inferSelect;

/** What the plan reads from the database; the same reads give the same plan. */
type Catalogue = {
  /** The listings the file's ids name. */
  listings: Map<string, StoredListing>;
  accounts: Awaited<ReturnType<typeof agentAccounts>>;
  /** The office's limits on a rental's fees (issue 46), which each row is checked against. */
  limits: FeeLimits;
};

/** The listings the file's ids name and the accounts its agent column names, locked or not. */
async function readCatalogue(
  handle: Handle,
  sheet: ImportSheet,
  forUpdate: boolean,
): Promise<Catalogue> {
  const ids = sheet.rows.flatMap((row) => (row.id ? [row.id] : []));
  const query = handle.select().from(properties).where(inArray(properties.id, ids));
  const found = ids.length ? await (forUpdate ? query.for("update") : query) : [];
  const accounts = await agentAccounts(
    handle,
    sheet,
    found.flatMap((p) => (p.agentId ? [p.agentId] : [])),
    forUpdate,
  );
  return {
    listings: new Map(found.map((p) => [p.id, p])),
    accounts,
    limits: await readFeeTerms(handle),
  };
}

/** Whether two reads of the catalogue give the same plan (every value the plan reads equal). */
function sameCatalogue(a: Catalogue, b: Catalogue) {
  if (a.listings.size !== b.listings.size || a.accounts.byId.size !== b.accounts.byId.size) {
    return false;
  }
  for (const [id, before] of a.listings) {
    const now = b.listings.get(id);
    if (!now || now.agentId !== before.agentId || !now.deletedAt !== !before.deletedAt) {
      return false;
    }
    if (PROPERTY_FIELDS.some((f) => now[f] !== before[f])) return false;
  }
  for (const [id, before] of a.accounts.byId) {
    const now = b.accounts.byId.get(id);
    if (!now || now.email !== before.email || now.role !== before.role) return false;
    if (now.status !== before.status) return false;
  }
  return true;
}

/** The plan's rows, checked one by one (a step each); the look-alikes and fingerprint come after. */
function* planSteps(sheet: ImportSheet, catalogue: Catalogue): Steps<ImportPlan> {
  const { listings: byId, accounts, limits } = catalogue;
  const emailOf = (agentId: string | null) =>
    agentId ? (accounts.byId.get(agentId)?.email ?? null) : null;

  const plan: ImportPlan = {
    created: [],
    updated: [],
    unchanged: 0,
    problems: [],
    fingerprint: "",
  };
  for (const row of sheet.rows) {
    yield;
    if (!row.id) {
      const checked = checkImportRow(row, undefined, limits);
      const agent = agentOfRow(row, null, accounts);
      if (!checked.ok) plan.problems.push(...checked.problems);
      if (!agent.ok) plan.problems.push(agent.problem);
      if (checked.ok && agent.ok) {
        plan.created.push({
          row: row.row,
          title: checked.input.title,
          values: storedFieldsOf(checked.input),
          agentId: agent.agentId ?? null,
          agentEmail: emailOf(agent.agentId ?? null),
          lookAlikes: [],
          sameAsRow: null,
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
    const agent = agentOfRow(row, stored.agentId, accounts);
    if (!agent.ok) {
      plan.problems.push(agent.problem);
      continue;
    }
    const agentChanged = agent.agentId !== undefined && agent.agentId !== stored.agentId;
    if (!agentChanged && asExported(row, stored, sheet)) {
      plan.unchanged += 1;
      continue;
    }
    const checked = checkImportRow(row, propertyFormValues(stored), limits);
    if (!checked.ok) {
      plan.problems.push(...checked.problems);
      continue;
    }
    const after = storedFieldsOf(checked.input);
    const changes: ImportChange[] = PROPERTY_FIELDS.filter((f) => !same(stored[f], after[f])).map(
      (field) => ({ field, before: stored[field], after: after[field] }),
    );
    if (agentChanged) {
      changes.push({
        field: "agent",
        before: emailOf(stored.agentId),
        after: emailOf(agent.agentId ?? null),
      });
    }
    if (changes.length === 0) plan.unchanged += 1;
    else {
      const update = { row: row.row, id: row.id, title: stored.title, changes };
      plan.updated.push(agentChanged ? { ...update, agentId: agent.agentId ?? null } : update);
    }
  }
  return plan;
}

/** A text compared as a person reads it: case, and spaces before, after and between words. */
function normalised(text: string | null) {
  return (text ?? "").normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The same, in SQL, for the stored listings (only ASCII letters change case in SQL's lower). */
function normalisedSql(value: unknown) {
  return sql`lower(regexp_replace(btrim(coalesce(${value}, '')), '[[:space:]]+', ' ', 'g'))`;
}

/** The keys under which two new rows count as the same listing. */
function lookAlikeKeys(values: StoredFields) {
  const title = normalised(values.title);
  const keys = [
    `t\u0000${title}\u0000${values.city}\u0000${values.propertyType}\u0000${values.price}`,
  ];
  const address = normalised(values.address);
  if (address) keys.push(`a\u0000${title}\u0000${address}`);
  return keys;
}

/** How many live listings a row names as its look-alikes (the oldest first). */
const MAX_LOOK_ALIKES = 3;

/**
 * Marks each new row that looks like a live listing (same title and address, or same title,
 * city, property type and price; text compared without regard to case or spacing) or like an
 * earlier new row of the file. One query for every row of the file.
 */
async function markLookAlikes(handle: Handle, plan: ImportPlan) {
  if (plan.created.length === 0) return;
  const rows = plan.created.map((c) => ({
    row: c.row,
    title: c.values.title,
    address: c.values.address ?? "",
    city: c.values.city,
    property_type: c.values.propertyType,
    price: c.values.price,
  }));
  // Each side normalised once per row (materialised), then joined on the normalised title: a
  // join that normalised both sides per pair took seconds on the embedded database, which runs
  // on the server's thread.
  const found = await handle.execute<{ row: number; id: string; title: string }>(sql`
    with f as materialized (
      select x.row, ${normalisedSql(sql`x.title`)} as t, ${normalisedSql(sql`x.address`)} as a,
        x.city, x.property_type, x.price
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x("row" int, title text, address text, city text, property_type text, price bigint)
    ),
    p as materialized (
      select l.id, l.title, l.created_at, ${normalisedSql(sql`l.title`)} as t,
        ${normalisedSql(sql`l.address`)} as a, l.city::text as city,
        l.property_type::text as property_type, l.price
      from ${properties} l
      where l.deleted_at is null
    )
    select f.row as "row", p.id as "id", p.title as "title"
    from f join p on p.t = f.t
    where (f.a <> '' and p.a = f.a)
      or (p.city = f.city and p.property_type = f.property_type and p.price = f.price)
    order by f.row, p.created_at, p.id`);
  const byRow = new Map<number, LookAlike[]>();
  for (const { row, id, title } of found.rows) {
    const list = byRow.get(Number(row)) ?? [];
    if (list.length < MAX_LOOK_ALIKES) list.push({ id, title });
    byRow.set(Number(row), list);
  }
  const firstRowOf = new Map<string, number>();
  for (const created of plan.created) {
    created.lookAlikes = byRow.get(created.row) ?? [];
    const keys = lookAlikeKeys(created.values);
    const earlier = keys.map((key) => firstRowOf.get(key)).find((row) => row !== undefined);
    created.sameAsRow = earlier ?? null;
    for (const key of keys) if (!firstRowOf.has(key)) firstRowOf.set(key, created.row);
  }
}

/** The fingerprint of what the plan reads and writes (see the top of this file). */
function fingerprintOf(plan: ImportPlan) {
  const hash = createHash("sha256");
  for (const c of plan.created) {
    hash.update(JSON.stringify([c.values, c.agentId, c.lookAlikes.map((l) => l.id), c.sameAsRow]));
  }
  hash.update("\u0000");
  for (const u of plan.updated) hash.update(JSON.stringify([u.id, u.changes]));
  return hash.digest("base64url");
}

/** The plan over a read of the catalogue: rows checked in slices, look-alikes, fingerprint. */
async function planOver(handle: Handle, sheet: ImportSheet, catalogue: Catalogue) {
  const plan = await finishInSlices(planSteps(sheet, catalogue));
  if (plan.problems.length === 0) await markLookAlikes(handle, plan);
  plan.fingerprint = fingerprintOf(plan);
  return plan;
}

async function planOf(handle: Handle, sheet: ImportSheet) {
  return planOver(handle, sheet, await readCatalogue(handle, sheet, false));
}

/** What importing the file would do, row by row; writes nothing. */
export async function getPropertyImportPlan(_actor: AdminActor, sheet: ImportSheet) {
  return planOf(db, sheet);
}

/** How often the import re-plans when the catalogue moved under it without changing its plan. */
const IMPORT_ATTEMPTS = 3;

/**
 * Applies the plan that `fingerprint` identifies, in one transaction: new listings added (those
 * that look like an existing listing only when their row is in `addAnyway`), changed fields of
 * existing ones updated (photos and the fields the file leaves out kept), one audit row per
 * listing. Writes nothing when the file has problems, when nothing would change, or when the
 * plan is no longer the one shown ("stale": the new plan comes back).
 */
export async function importPropertiesByAdmin(
  actor: AdminActor,
  sheet: ImportSheet,
  fingerprint: string,
  addAnyway: ReadonlySet<number> = new Set(),
): Promise<ImportOutcome> {
  for (let attempt = 1; ; attempt++) {
    // The rows are checked outside the transaction: on the embedded database a transaction
    // holds every other request's queries until it ends.
    const catalogue = await readCatalogue(db, sheet, false);
    const plan = await planOver(db, sheet, catalogue);
    if (plan.problems.length) return { ok: false, reason: "problems", plan };
    if (plan.fingerprint !== fingerprint) return { ok: false, reason: "stale", plan };
    const added = plan.created.filter((c) => !looksLikeExisting(c) || addAnyway.has(c.row));
    if (added.length + plan.updated.length === 0) return { ok: false, reason: "unchanged", plan };
    const outcome = await applyPlan(actor, sheet, catalogue, plan, added);
    if (outcome !== "moved" || attempt === IMPORT_ATTEMPTS) {
      return outcome === "moved"
        ? { ok: false, reason: "stale", plan: await planOf(db, sheet) }
        : outcome;
    }
  }
}

/**
 * Writes the plan in one transaction, after locking the listings it names and reading them (and
 * the agents' accounts and the look-alikes) again: "moved" when any of that differs from what
 * the plan was made over, and then nothing is written.
 */
async function applyPlan(
  actor: AdminActor,
  sheet: ImportSheet,
  catalogue: Catalogue,
  plan: ImportPlan,
  created: ImportPlan["created"],
): Promise<ImportOutcome | "moved"> {
  const answer = await auditedWrite<ImportOutcome | { ok: false; reason: "moved" }>(
    actor,
    "property.import",
    async (tx) => {
      const now = await readCatalogue(tx, sheet, true);
      const again: ImportPlan = { ...plan, created: plan.created.map((c) => ({ ...c })) };
      await markLookAlikes(tx, again);
      const lookAlikesMoved = again.created.some(
        (c, i) =>
          c.lookAlikes.map((l) => l.id).join() !==
          plan.created[i]?.lookAlikes.map((l) => l.id).join(),
      );
      if (!sameCatalogue(catalogue, now) || lookAlikesMoved) {
        return { result: { ok: false, reason: "moved" } };
      }
      const audit: AuditRecord[] = [];
      const added = created.map((c) => ({
        id: randomUUID(),
        ...c.values,
        agentId: c.agentId,
        agentEmail: c.agentEmail,
      }));
      // As JSON, one statement per 1,000 rows: the transaction holds the embedded database.
      await insertMany(
        tx,
        properties,
        added.map(({ agentEmail: _, ...row }) => row),
      );
      for (const { id, agentId: _, agentEmail, ...values } of added) {
        const after = agentEmail ? { ...values, agent: agentEmail } : values;
        audit.push({ entityId: id, before: null, after });
      }
      const updatedAt = new Date();
      for (const update of plan.updated) {
        const before = Object.fromEntries(update.changes.map((c) => [c.field, c.before]));
        const after = Object.fromEntries(update.changes.map((c) => [c.field, c.after]));
        const { agent: _, ...fields } = after;
        const agentId = update.agentId === undefined ? {} : { agentId: update.agentId };
        await tx
          .update(properties)
          .set({ ...fields, ...agentId, updatedAt })
          .where(eq(properties.id, update.id));
        audit.push({ entityId: update.id, before, after });
      }
      return {
        result: {
          ok: true,
          created: added.length,
          updated: plan.updated.length,
          skipped: plan.created.length - added.length,
        },
        audit,
      };
    },
  );
  return answer.ok || answer.reason !== "moved" ? (answer as ImportOutcome) : "moved";
}
