import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withPreparedStatements } from "./pglite-statements.server";

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table items (id serial primary key, name text not null unique, at timestamptz, tags jsonb, ok boolean);
    insert into items (name, at, tags, ok) values ('a', '2026-01-02T03:04:05Z', '["x"]', true), ('b', null, null, false);
  `);
});

afterAll(async () => {
  await client.close();
});

/** The named statements this connection holds (PostgreSQL's own list). */
async function prepared() {
  const { rows } = await client.query<{ name: string; statement: string }>(
    "select name, statement from pg_prepared_statements order by name",
  );
  return rows;
}

describe("withPreparedStatements", () => {
  it("answers as PGlite's query does, in both row modes and with a query's own parsers", async () => {
    const cached = withPreparedStatements(client);
    const text = "select id, name, at, tags, ok from items where name = any($1) order by id";
    const asText = { parsers: { 1184: (value: string) => value } };
    for (const options of [undefined, { rowMode: "array" as const }, asText]) {
      const expected = await client.query(text, [["a", "b"]], options);
      const actual = await cached.query(text, [["a", "b"]], options);
      expect(actual).toEqual(expected);
    }
    const nulls = await cached.query("select $1::text as v, $2::int as n", [null, undefined]);
    expect(nulls.rows).toEqual([{ v: null, n: null }]);
    const when = new Date("2026-05-06T07:08:09.000Z");
    const dated = await cached.query<{ at: Date }>("select $1::timestamptz as at", [when]);
    expect(dated.rows[0]?.at.toISOString()).toBe(when.toISOString());
  });

  it("parses a statement once and then only runs it", async () => {
    const cached = withPreparedStatements(client);
    const text = "select count(*)::int as n from items where ok = $1";
    const before = (await prepared()).length;
    expect((await cached.query(text, [true])).rows).toEqual([{ n: 1 }]);
    expect((await cached.query(text, [false])).rows).toEqual([{ n: 1 }]);
    const after = await prepared();
    expect(after.length).toBe(before + 1);
    expect(after.filter((row) => row.statement === text)).toHaveLength(1);
  });

  it("reports a write as PGlite does and keeps what it wrote", async () => {
    const cached = withPreparedStatements(client);
    const update = await cached.query("update items set ok = $1 where name = $2", [true, "b"]);
    expect(update).toEqual({
      rows: [],
      fields: [],
      command: "UPDATE",
      affectedRows: 1,
      rowCount: 1,
    });
    expect(await client.query("update items set ok = $1 where name = $2", [true, "b"])).toEqual(
      update,
    );
    expect((await client.query("select ok from items where name = 'b'")).rows).toEqual([
      { ok: true },
    ]);
    await client.query("update items set ok = false where name = 'b'");
  });

  it("closes the least recently used statement past its size", async () => {
    await client.query("deallocate all");
    const cached = withPreparedStatements(client, 2);
    await cached.query("select 1 as one");
    await cached.query("select 2 as two");
    await cached.query("select 1 as one");
    await cached.query("select 3 as three");
    expect((await prepared()).map((row) => row.statement).sort()).toEqual([
      "select 1 as one",
      "select 3 as three",
    ]);
  });

  it("throws PostgreSQL's error with the query, and goes on answering after it", async () => {
    const cached = withPreparedStatements(client);
    await expect(cached.query("selec 1")).rejects.toMatchObject({
      code: "42601",
      query: "selec 1",
    });
    const insert = "insert into items (name) values ($1)";
    await expect(cached.query(insert, ["a"])).rejects.toMatchObject({
      code: "23505",
      params: ["a"],
    });
    expect((await cached.query("select count(*)::int as n from items")).rows).toEqual([{ n: 2 }]);
  });

  it("prepares again when a table's columns change or the statements were dropped", async () => {
    const cached = withPreparedStatements(client);
    await client.exec("create table shapes (id int); insert into shapes values (1)");
    expect((await cached.query("select * from shapes")).rows).toEqual([{ id: 1 }]);
    await client.exec("alter table shapes add column label text default 'x'");
    expect((await cached.query("select * from shapes")).rows).toEqual([{ id: 1, label: "x" }]);
    await client.query("deallocate all");
    expect((await cached.query("select * from shapes")).rows).toEqual([{ id: 1, label: "x" }]);
  });

  it("runs a Drizzle transaction's statements inside it, and a statement outside after it", async () => {
    const db = drizzle({ client: withPreparedStatements(client) });
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into items (name) values ('in-tx')`);
        const seen = await tx.execute(sql`select count(*)::int as n from items`);
        order.push(`inside sees ${(seen.rows[0] as { n: number }).n}`);
        await held;
        throw new Error("roll back");
      })
      .catch((error: Error) => order.push(error.message));
    const outside = db
      .execute(sql`select count(*)::int as n from items`)
      .then((result) => order.push(`outside sees ${(result.rows[0] as { n: number }).n}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([failing, outside]);
    expect(order).toEqual(["inside sees 3", "roll back", "outside sees 2"]);
  });
});
