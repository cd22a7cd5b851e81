import { createHash, randomUUID } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { type AuditRecord, auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { AGENT_CSV_COLUMN, cellText } from "~/lib/csv";
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

/** One field of an updated listing, before and after (the agent by their e-mail). */
export type ImportChange = { field: PropertyField | "agent"; before: unknown; after: unknown };

export type ImportPlan = {
  created: {
    row: number;
    title: string;
    values: StoredFields;
    agentId: string | null;
    agentEmail: string | null;
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

async function planOf(handle: Handle, sheet: ImportSheet, forUpdate: boolean): Promise<ImportPlan> {
  const ids = sheet.rows.flatMap((row) => (row.id ? [row.id] : []));
  const query = handle.select().from(properties).where(inArray(properties.id, ids));
  const found = ids.length ? await (forUpdate ? query.for("update") : query) : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const accounts = await agentAccounts(
    handle,
    sheet,
    found.flatMap((p) => (p.agentId ? [p.agentId] : [])),
    forUpdate,
  );
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
    if (!row.id) {
      const checked = checkImportRow(row);
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
    const checked = checkImportRow(row, propertyFormValues(stored));
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
  plan.fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        plan.created.map((c) => [c.values, c.agentId]),
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
    const added = plan.created.map((c) => ({
      id: randomUUID(),
      ...c.values,
      agentId: c.agentId,
      agentEmail: c.agentEmail,
    }));
    // In slices: one INSERT's parameters stay far below PostgreSQL's limit of 65,535.
    for (let start = 0; start < added.length; start += 500) {
      await tx
        .insert(properties)
        .values(added.slice(start, start + 500).map(({ agentEmail: _, ...row }) => row));
    }
    for (const { id, agentId: _, agentEmail, ...values } of added) {
      const after = agentEmail ? { ...values, agent: agentEmail } : values;
      audit.push({ entityId: id, before: null, after });
    }
    const now = new Date();
    for (const update of plan.updated) {
      const before = Object.fromEntries(update.changes.map((c) => [c.field, c.before]));
      const after = Object.fromEntries(update.changes.map((c) => [c.field, c.after]));
      const { agent: _, ...fields } = after;
      const agentId = update.agentId === undefined ? {} : { agentId: update.agentId };
      await tx
        .update(properties)
        .set({ ...fields, ...agentId, updatedAt: now })
        .where(eq(properties.id, update.id));
      audit.push({ entityId: update.id, before, after });
    }
    return {
      result: { ok: true, created: plan.created.length, updated: plan.updated.length },
      audit,
    };
  });
}
