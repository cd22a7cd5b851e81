import type { Database } from "./client.server";

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a query runs: the process's `db`, or an open transaction. */
export type Executor = Database | Transaction;
