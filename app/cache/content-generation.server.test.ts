import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { setupTestDatabase, testDatabaseUrl } from "../../tests/setup/test-database";
import {
  announceContentChange,
  CONTENT_CHANNEL,
  contentChanged,
  contentGeneration,
  listenForContentChanges,
  onContentChanged,
} from "./content-generation.server";

const database = await setupTestDatabase();

describe("the content generation", () => {
  it("moves on every change and tells the caches", () => {
    let told = 0;
    const stop = onContentChanged(() => {
      told += 1;
    });
    const before = contentGeneration();
    contentChanged();
    contentChanged();
    stop();
    contentChanged();
    expect(contentGeneration()).toBe(before + 3);
    expect(told).toBe(2);
  });

  // Two instances on one PostgreSQL: a change committed by one reaches the other.
  it.runIf(database.kind === "postgres")(
    "reaches another instance through NOTIFY at commit, and not on rollback",
    async () => {
      const url = testDatabaseUrl() ?? "";
      const stop = listenForContentChanges(url);
      try {
        // The listener counts a change once it is connected (it may have missed some).
        const start = contentGeneration();
        await vi.waitUntil(() => contentGeneration() > start, { timeout: 5_000, interval: 20 });

        // Another instance's write: its own connection, its own transaction.
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        try {
          const beforeRollback = contentGeneration();
          await other.query("begin");
          await other.query("select pg_notify($1, '')", [CONTENT_CHANNEL]);
          await other.query("rollback");
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(contentGeneration()).toBe(beforeRollback);

          const beforeCommit = contentGeneration();
          await other.query("begin");
          await other.query("select pg_notify($1, '')", [CONTENT_CHANNEL]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          // Not before the commit...
          expect(contentGeneration()).toBe(beforeCommit);
          await other.query("commit");
          // ...and soon after it.
          await vi.waitUntil(() => contentGeneration() > beforeCommit, {
            timeout: 5_000,
            interval: 20,
          });
        } finally {
          await other.end();
        }

        // This instance's own transactions announce through the same channel.
        const beforeOwn = contentGeneration();
        await db.transaction(async (tx) => announceContentChange(tx));
        await vi.waitUntil(() => contentGeneration() > beforeOwn, { timeout: 5_000, interval: 20 });
      } finally {
        await stop();
      }
    },
  );
});
