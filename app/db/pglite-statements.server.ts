import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from "@electric-sql/pglite";

// Named prepared statements for the embedded database. PGlite's own `query()` sends every
// statement afresh (parse, describe, bind, describe, execute, sync), so PostgreSQL parses,
// analyses and plans it on every call: for the short queries a page runs, that is most of their
// cost (the dashboard's three counts: ~0.75 ms as a fresh statement, ~0.13 ms prepared). Here
// each distinct SQL text is parsed once into a named statement and then only bound and run; its
// plan is cached by PostgreSQL as for any prepared statement (re-planned when a table it reads
// changes). Drizzle hands every query to `query()` (or a transaction's), so models need nothing.
//
// What PGlite's `query()` does and this keeps: the same mutexes (a statement outside a
// transaction waits for any open one; one inside runs in it), the same parameter serializers and
// result parsers, the same errors (with the query and its parameters attached), and the same
// write-back to the file system after a statement outside a transaction.

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite["execProtocolStream"]>>[number];

/** How many statements are kept; the least recently used one is closed past this. */
export const STATEMENT_CACHE_SIZE = 256;

/** Statement names are unique in the process: several wrappers may share one client (tests). */
let counter = 0;

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; paramTypes: number[]; fields: Field[] };

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/**
 * PostgreSQL's answers when a kept statement cannot run as it is: its result columns changed
 * under it (0A000), or it is gone (26000, after a `DEALLOCATE ALL` or `DISCARD ALL`).
 */
const PREPARE_AGAIN = new Set(["0A000", "26000"]);

/**
 * The PGlite client as Drizzle should see it: every property is the client's own, but `query`
 * (and a transaction's `query`) runs through named prepared statements.
 */
export function withPreparedStatements(client: PGlite, size = STATEMENT_CACHE_SIZE): PGlite {
  const statements = new Map<string, Statement>();

  async function run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> {
    // Each step goes to PostgreSQL as one buffer ending in Sync: after an error it skips to the
    // Sync, so the connection is ready again whatever failed.
    const send = (...messages: Uint8Array[]) =>
      client.execProtocolStream(concat([...messages, serialize.sync()]), {
        syncToFs: false,
        onNotice: options?.onNotice,
      });
    try {
      const statement = statements.get(text) ?? (await prepare(text, send));
      // Most recently used last: the first key is the one to close when the cache is full.
      statements.delete(text);
      statements.set(text, statement);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = statement.paramTypes[index] ?? 0;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const answer = await send(
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
      );
      return toResults(statement.fields, answer, options);
    } catch (error) {
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
  }

  async function prepare(
    text: string,
    send: (...messages: Uint8Array[]) => Promise<BackendMessage[]>,
  ): Promise<Statement> {
    const close: Uint8Array[] = [];
    if (statements.size >= size) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        close.push(serialize.close({ type: "S", name: oldest[1].name }));
      }
    }
    const name = `naija_${++counter}`;
    const described = await send(
      ...close,
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
    );
    const parameters = described.find((message) => message.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    const columns = described.find((message) => message.name === "rowDescription") as
      | { fields: { name: string; dataTypeID: number }[] }
      | undefined;
    return {
      name,
      paramTypes: parameters?.dataTypeIDs ?? [],
      fields: (columns?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
  }

  /**
   * PGlite's result for one statement. Its own parseResults merges the query's parsers into a
   * copy of every type's parser on each call (a few percent of a page's time); here each column
   * looks its parser up once.
   */
  function toResults(
    columns: Field[],
    messages: BackendMessage[],
    options: QueryOptions | undefined,
  ): Results {
    const fields = columns.map((field) => ({ ...field }));
    const parsers = fields.map(
      ({ dataTypeID }) =>
        options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID] ?? types.parsers[dataTypeID],
    );
    const parseAt = (value: string | null, index: number) => {
      if (value === null) return null;
      const parser = parsers[index];
      return parser ? parser(value, fields[index]?.dataTypeID ?? 0) : value;
    };
    const rows: Results["rows"] = [];
    const result: Results = { rows, fields, affectedRows: 0 };
    for (const message of messages) {
      if (message.name === "dataRow") {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        if (options?.rowMode === "array") rows.push(values.map(parseAt));
        else {
          const row: Record<string, unknown> = {};
          values.forEach((value, index) => {
            row[fields[index]?.name ?? String(index)] = parseAt(value, index);
          });
          rows.push(row);
        }
      } else if (message.name === "commandComplete") {
        const words = (message as unknown as { text: string }).text.split(" ");
        const command = words[0] ?? "";
        const count = Number.parseInt(words[words.length - 1] ?? "", 10);
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command)) {
          result.affectedRows = count;
        }
        Object.assign(result, { command }, Number.isNaN(count) ? {} : { rowCount: count });
      }
    }
    return result;
  }

  /** One statement, retried once from a fresh parse when its result columns changed. */
  async function query<T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    try {
      return (await client.runExclusive(() => run(text, params, options))) as Results<T>;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !PREPARE_AGAIN.has(code) || !statements.has(text)) {
        throw error;
      }
      statements.delete(text);
      return (await client.runExclusive(() => run(text, params, options))) as Results<T>;
    }
  }

  async function queryOutsideTransaction<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    // A blob (COPY) or declared parameter types: PGlite's own path, which knows them.
    if (options?.blob || options?.paramTypes) return client.query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(async () => {
      const result = await query<T>(text, params, options);
      await client.syncToFs();
      return result;
    });
  }

  function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return client.transaction((tx) =>
      callback(
        Object.assign(Object.create(tx) as Transaction, {
          query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error("Transaction is closed");
            if (options?.blob || options?.paramTypes) return tx.query<R>(text, params, options);
            return query<R>(text, params, options);
          },
        }),
      ),
    );
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return queryOutsideTransaction;
      if (property === "transaction") return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
