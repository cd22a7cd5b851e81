import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { UNANNOUNCED_TABLES } from "./data-generation.server";

// The per-session page cache (ADR 25) trusts the database to announce every change a kept page
// may show: each table must carry the triggers of drizzle/0019_data_change_notices.sql. A table
// added later gets them in its own migration (or joins UNANNOUNCED_TABLES, with a reason there).

await setupTestDatabase();

describe("the database's announcements of changes", () => {
  it("come from every table but the few written on every request", async () => {
    const tables = await db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = current_schema()`,
    );
    const triggers = await db.execute<{ table: string; name: string }>(sql`
      select c.relname as "table", t.tgname as name
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and not t.tgisinternal
        and t.tgname in ('naija_data_changed', 'naija_data_truncated')`);
    const announcing = new Map<string, string[]>();
    for (const { table, name } of triggers.rows) {
      announcing.set(table, [...(announcing.get(table) ?? []), name].sort());
    }
    const names = tables.rows.map((row) => row.name).sort();
    expect(names.length).toBeGreaterThan(30);
    for (const table of names) {
      expect(announcing.get(table) ?? [], table).toEqual(
        UNANNOUNCED_TABLES.includes(table) ? [] : ["naija_data_changed", "naija_data_truncated"],
      );
    }
    // Every table left out exists: a rename would otherwise leave it announced by mistake.
    for (const table of UNANNOUNCED_TABLES) expect(names, table).toContain(table);
  });
});
