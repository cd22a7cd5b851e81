import { sql } from "drizzle-orm";
import type { Executor } from "~/db/transaction.server";

// Announcements a write makes about itself: `pg_notify` on its own connection (inside a
// transaction PostgreSQL and PGlite deliver it to every listener when it commits, never if it
// rolls back; see pg-listener.server.ts for the other instances), and at once to this process's
// handlers, so the writer's own instance never answers its next request from what it changed.

type Handler = (payload: string) => void;

const STATE_KEY = Symbol.for("naija-homes.announcements");

function handlers(): Map<string, Set<Handler>> {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: Map<string, Set<Handler>> };
  holder[STATE_KEY] ??= new Map();
  return holder[STATE_KEY];
}

/** Calls `handler` with each announcement on `channel` made in this process, as it is made. */
export function onAnnouncement(channel: string, handler: Handler): () => void {
  const all = handlers();
  const set = all.get(channel) ?? new Set<Handler>();
  set.add(handler);
  all.set(channel, set);
  return () => set.delete(handler);
}

/** Announces `payload` on `channel`: to this process now, to every listener at commit. */
export async function announce(executor: Executor, channel: string, payload: string) {
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
  for (const handler of handlers().get(channel) ?? []) handler(payload);
}
