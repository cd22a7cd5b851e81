import { getTableColumns, getTableName, type InferInsertModel, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~/db/transaction.server";

// Many rows into one table, as one JSON parameter per chunk (jsonb_populate_recordset) instead
// of drizzle's multi-row INSERT with a parameter per cell. For 2,000 listings of 20-odd columns
// drizzle spent most of a second building the statement (a placeholder, a type and an escape
// per cell) and the embedded database as long again parsing and binding 40,000 parameters, all
// on the server's thread and, inside the CSV import's transaction, holding the database for
// every other request. As JSON: one string built, one parameter bound.
//
// Only plain values: text, numbers, booleans, null, dates (as ISO text) and JSON objects for
// jsonb columns. The columns inserted are those the first row gives a value; the others get
// their defaults, so every row must give the same columns (a row that leaves one out throws).

/** How many rows go into one statement (each a few kilobytes of JSON at most). */
const ROWS_PER_STATEMENT = 1000;

export async function insertMany<T extends PgTable>(
  handle: Executor,
  table: T,
  rows: InferInsertModel<T>[],
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter(
    (key) => key in columns && (first as Record<string, unknown>)[key] !== undefined,
  );
  const names = keys.map((key) => (columns as Record<string, { name: string }>)[key]?.name ?? key);
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const tableName = sql.identifier(getTableName(table));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(
      rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
        const record: Record<string, unknown> = {};
        keys.forEach((key, i) => {
          const value = (row as Record<string, unknown>)[key];
          if (value === undefined) throw new Error(`insertMany: a row leaves ${key} out`);
          record[names[i] as string] = value;
        });
        return record;
      }),
    );
    await handle.execute(sql`insert into ${tableName} (${list})
      select ${list} from jsonb_populate_recordset(null::${tableName}, ${json}::jsonb)`);
  }
}
