import { listenOnEmbedded, listenOnPostgres } from "~/cache/pg-listener.server";
import { type DatabaseHandle, getDatabase } from "~/db/client.server";

// The data generation: one number that changes whenever any row a signed-in page shows may have
// changed, on this instance or another. The per-session page cache (ADR 25,
// app/cache/private-page-cache.server.ts) keeps a page with the generation it was rendered at and
// uses it only while the generation is unchanged.
//
// Who announces: the database itself. Every table but UNANNOUNCED_TABLES has triggers
// (drizzle/0019_data_change_notices.sql) that send NOTIFY naija_data_changed for each committed
// insert, update, delete or truncate, whatever wrote it: a model, a job, the seed, a restore, SQL
// typed by hand. A rolled-back transaction announces nothing. This process listens: on the
// embedded database through PGlite's own listener (called as the transaction commits), on
// PostgreSQL on the listening connection the process shares (pg-listener.server.ts; it arrives
// milliseconds after the commit). While nothing listens (before the listener is in place, or
// after a PostgreSQL listener lost its connection) `dataChangesHeard()` is false and nothing may
// be kept or used: a change could go unheard.
//
// The counter lives on globalThis, like the content generation's: the dev server reloads modules
// and tests load the server through Vite beside their own copy of the models.

export const DATA_CHANNEL = "naija_data_changed";

/**
 * Tables written on nearly every request, which no kept page shows but as counts that may lag
 * (a listing's views over 30 days): sessions, verification tokens, daily view counts, rate limits,
 * and who was counted today (counted_visitors: no page shows it).
 * Every other table announces its changes (checked by data-generation.server.test.ts).
 */
export const UNANNOUNCED_TABLES: readonly string[] = [
  "sessions",
  "verifications",
  "property_daily_views",
  "rate_limits",
  "counted_visitors",
];

type State = {
  generation: number;
  listeners: Set<() => void>;
  /** The embedded database whose listener is in place (tests swap the database). */
  handle?: DatabaseHandle;
  listening: boolean;
  /** PostgreSQL: this instance's LISTEN connection is up. */
  pgListening: boolean;
};

const STATE_KEY = Symbol.for("naija-homes.data-generation");

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: State };
  holder[STATE_KEY] ??= {
    generation: 1,
    listeners: new Set(),
    listening: false,
    pgListening: false,
  };
  return holder[STATE_KEY];
}

/** The current generation; compare it with the one a kept page was rendered at. */
export function dataGeneration(): number {
  return state().generation;
}

/** Something may have changed: every kept page is now stale. */
export function dataChanged(): void {
  const current = state();
  current.generation += 1;
  for (const listener of current.listeners) listener();
}

/** Calls `listener` after every change (the cache drops its pages to free memory). */
export function onDataChanged(listener: () => void): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/**
 * Whether this process hears every change now. On the embedded database the first call puts the
 * listener in place (and answers false until it is); on PostgreSQL `listenForDataChanges` does.
 */
export function dataChangesHeard(): boolean {
  const current = state();
  const handle = getDatabase();
  if (handle.kind === "postgres") return current.pgListening;
  if (current.handle !== handle) {
    current.handle = handle;
    current.listening = false;
    dataChanged();
    void listenOnEmbeddedDatabase(handle, current);
    return false;
  }
  return current.listening;
}

async function listenOnEmbeddedDatabase(handle: DatabaseHandle, current: State) {
  const listening = await listenOnEmbedded(
    handle,
    DATA_CHANNEL,
    () => {
      if (current.handle === handle) dataChanged();
    },
    "the per-session page cache",
  );
  if (listening && current.handle === handle) current.listening = true;
}

/**
 * Listens for every instance's changes on PostgreSQL (on the shared listening connection).
 * A lost connection is reopened; while it is down nothing is kept, and when it listens again
 * the generation moves (a change may have been missed). Answers the function that stops it.
 */
export function listenForDataChanges(databaseUrl: string): () => Promise<void> {
  const current = state();
  return listenOnPostgres(databaseUrl, [DATA_CHANNEL], {
    name: "data-change listener",
    onNotification: () => dataChanged(),
    onListening: () => {
      current.pgListening = true;
      dataChanged();
    },
    onLost: () => {
      current.pgListening = false;
      dataChanged();
    },
  });
}
