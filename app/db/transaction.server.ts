import type { Database } from "./client.server";

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a query runs: the process's `db`, or an open transaction. */
export type Executor = Database | Transaction;

/**
 * More work for a model's write, given by its caller: it runs inside the write's transaction
 * after the write succeeded and before it commits, so both commit or neither does. This is how
 * the e-mails a write causes are put in the outbox with it (app/mail/, ADR 11) while the model
 * itself knows nothing of mail. Throwing rolls the write back. On the embedded database every
 * query inside must use `tx` (a query on `db` would wait for the transaction to end).
 */
export type InTransaction<Result> = (tx: Transaction, result: Result) => Promise<void>;
