import { announce } from "~/cache/announcements.server";
import { listenOnPostgres } from "~/cache/pg-listener.server";
import { getDatabase } from "~/db/client.server";
import type { Executor } from "~/db/transaction.server";

// The content generation: one number that changes whenever something a public page shows may
// have changed (a listing, its photos, the site's texts, team, slides, videos, contact details,
// social links). The page cache and the reference-data cache keep what they computed together
// with the generation they started at, and use it only while the generation is unchanged.
//
// Writers call `contentChanged()` after their transaction committed: every admin write to a
// record public pages show (auditedWrite, see PRIVATE_ENTITIES in app/audit/audit.server.ts) and
// the demo seed. Page-view counts, bookings, inquiries, accounts and admin settings do not: no
// public page shows them (app/audit/admin-writes.test.ts checks every admin write). On PostgreSQL the writer also sends a NOTIFY inside its
// transaction (delivered at commit, only if it commits), and every instance LISTENs, so
// instances behind one database drop their caches within milliseconds of each other.
//
// The counter lives on globalThis: the dev server reloads modules, and tests load the server
// through Vite beside their own copy of the models; both must see one generation.

export const CONTENT_CHANNEL = "naija_content_changed";

type State = { generation: number; listeners: Set<() => void> };
const STATE_KEY = Symbol.for("naija-homes.content-generation");

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: State };
  holder[STATE_KEY] ??= { generation: 1, listeners: new Set() };
  return holder[STATE_KEY];
}

/** The current generation; compare it with the one a cached value was computed at. */
export function contentGeneration(): number {
  return state().generation;
}

/** Something public pages show may have changed: every cached page and value is now stale. */
export function contentChanged(): void {
  const current = state();
  current.generation += 1;
  for (const listener of current.listeners) listener();
}

/** Calls `listener` after every change (the caches drop their entries to free memory). */
export function onContentChanged(listener: () => void): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/**
 * Inside a writer's transaction: tells the other instances (PostgreSQL NOTIFY, sent when the
 * transaction commits and dropped if it rolls back). Nothing to tell on the embedded database,
 * which one process owns.
 */
export async function announceContentChange(tx: Executor): Promise<void> {
  if (getDatabase().kind !== "postgres") return;
  await announce(tx, CONTENT_CHANNEL, "");
}

/**
 * Listens for other instances' changes on PostgreSQL (on the listening connection the process
 * shares, outside the pool). A lost connection is reopened, and the caches are dropped when it
 * is, since a change may have been missed meanwhile. Answers the function that stops listening.
 */
export function listenForContentChanges(databaseUrl: string): () => Promise<void> {
  return listenOnPostgres(databaseUrl, [CONTENT_CHANNEL], {
    name: "content-change listener",
    onNotification: () => contentChanged(),
    // Whatever changed while we were not listening.
    onListening: () => contentChanged(),
  });
}
