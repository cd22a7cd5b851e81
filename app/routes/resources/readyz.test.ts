import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startControlSocket, stopControlSocket } from "~/backup/control-socket.server";
import { isPublicPagePath } from "~/cache/page-cache.server";
import {
  type DatabaseHandle,
  db,
  getDatabase,
  openDatabase,
  setDatabase,
} from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import {
  checkReadiness,
  currentReadiness,
  expectedMigrationCount,
  OUTBOX_DELAYED_AFTER_SECONDS,
  OUTBOX_STUCK_AFTER_SECONDS,
  startDraining,
  stopDraining,
} from "~/metrics/readiness.server";
import { setTestEnv } from "../../../tests/setup/env";
import { callLoader, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./readyz";

// /readyz: ready on a freshly migrated database; unready, with the failing check's reason, when
// the outbox is stuck, the disk is below the floor, a migration is missing or the database does
// not answer, and never a 500; degraded (200) while mail is late (issue 44, item 7). Anyone gets
// the status only (issue 42, item 9); the checks and their reasons need the metrics token or the
// control socket.

const TOKEN = "readyz-token-0123456789abcdef0123456789";
setTestEnv({ METRICS_TOKEN: TOKEN });

await setupTestDatabase();

beforeEach(async () => {
  await db.delete(mailOutbox);
});

const MINUTE_MS = 60_000;

/** GET /readyz over the control socket in `dir`. */
function askControlSocket(dir: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ socketPath: path.join(dir, "control.sock"), path: "/readyz" }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

/** /readyz asked with these headers (none: as anyone). */
function ask(headers: Record<string, string> = {}) {
  return loader(routeArgs(new Request("http://localhost/readyz", { headers })));
}

/** /readyz asked with the metrics token: the checks, as JSON. */
async function readyz() {
  const response = await ask({ Authorization: `Bearer ${TOKEN}` });
  return { response, body: await response.json() };
}

function queueMail(dueMinutesAgo: number) {
  return db.insert(mailOutbox).values({
    to: "buyer@example.com",
    subject: "Your viewing",
    text: "See you on Monday.",
    nextAttemptAt: new Date(Date.now() - dueMinutesAgo * MINUTE_MS),
  });
}

describe("GET /readyz", () => {
  it("answers 200 ready with every check ok on a migrated database", async () => {
    const { response, body } = await readyz();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toMatchObject({
      status: "ready",
      checks: {
        database: { ok: true },
        migrations: { ok: true, expected: expectedMigrationCount() },
        disk: { ok: true, floorMb: 500 },
        outbox: { ok: true, pending: 0, due: 0, oldestDueSeconds: 0 },
      },
    });
    expect(body.checks.migrations.applied).toBeGreaterThanOrEqual(expectedMigrationCount());
    expect(expectedMigrationCount()).toBeGreaterThan(10);
    expect(body.checks.disk.freeMb).toBeGreaterThan(500);
    for (const check of Object.values(body.checks)) expect(check).not.toHaveProperty("reason");
  });

  it("stays ready while mail waits for a retry or has only just come due", async () => {
    await queueMail(-30); // a retry half an hour from now
    await queueMail(2);
    const { response, body } = await readyz();
    expect(response.status).toBe(200);
    expect(body.checks.outbox).toMatchObject({ ok: true, pending: 2, due: 1 });
    expect(body.checks.outbox.oldestDueSeconds).toBeGreaterThanOrEqual(119);
  });

  it("answers 503 unready when a message has been due longer than the limit", async () => {
    await queueMail(OUTBOX_STUCK_AFTER_SECONDS / 60 + 5);
    const { response, body } = await readyz();
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(body.status).toBe("unready");
    expect(body.checks.database.ok).toBe(true);
    expect(body.checks.outbox).toMatchObject({
      ok: false,
      pending: 1,
      due: 1,
      stuckAfterSeconds: OUTBOX_STUCK_AFTER_SECONDS,
    });
    expect(body.checks.outbox.oldestDueSeconds).toBeGreaterThan(OUTBOX_STUCK_AFTER_SECONDS);
    expect(body.checks.outbox.reason).toMatch(/mail sender is not delivering/);
  });

  it("does not count sent or failed mail as stuck", async () => {
    await db.insert(mailOutbox).values([
      { to: "a@example.com", subject: "s", text: "t", status: "sent", nextAttemptAt: new Date(0) },
      {
        to: "b@example.com",
        subject: "s",
        text: "t",
        status: "failed",
        nextAttemptAt: new Date(0),
      },
    ]);
    const { response, body } = await readyz();
    expect(response.status).toBe(200);
    expect(body.checks.outbox).toMatchObject({ ok: true, pending: 0 });
  });

  it("is never kept by the page cache", () => {
    expect(isPublicPagePath("/readyz")).toBe(false);
    expect(isPublicPagePath("/metrics")).toBe(false);
  });

  it("is a plain GET for the harness too", async () => {
    const answer = await callLoader(loader, "/readyz");
    expect(answer.status).toBe(200);
  });
});

/** A message queued `queuedMinutesAgo`, waiting for a retry `retryInMinutes` from now. */
function queueRetryingMail(
  queuedMinutesAgo: number,
  retry: { inMinutes: number; attempts: number; error: string },
) {
  return db.insert(mailOutbox).values({
    to: "buyer@example.com",
    subject: "Your viewing",
    text: "See you on Monday.",
    createdAt: new Date(Date.now() - queuedMinutesAgo * MINUTE_MS),
    nextAttemptAt: new Date(Date.now() + retry.inMinutes * MINUTE_MS),
    attempts: retry.attempts,
    error: retry.error,
  });
}

const REFUSED = "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525";

describe("GET /readyz while mail is late", () => {
  it("answers 200 degraded, saying how many, how long, and what the retries met", async () => {
    await queueRetryingMail(19, { inMinutes: 4, attempts: 6, error: REFUSED });
    await queueRetryingMail(12, { inMinutes: 3, attempts: 5, error: REFUSED });
    await queueRetryingMail(1, { inMinutes: 0.5, attempts: 1, error: REFUSED });
    const { response, body } = await readyz();
    expect(response.status).toBe(200);
    expect(body.status).toBe("degraded");
    expect(body.checks.outbox).toMatchObject({
      ok: true,
      degraded: true,
      pending: 3,
      // None is due: each waits for its retry, which is why the due figures said nothing.
      due: 0,
      oldestDueSeconds: 0,
      delayed: 2,
      delayedAfterSeconds: OUTBOX_DELAYED_AFTER_SECONDS,
    });
    expect(body.checks.outbox.oldestUnsentSeconds).toBeGreaterThanOrEqual(19 * 60);
    expect(body.checks.outbox.oldestUnsentSeconds).toBeLessThan(20 * 60);
    expect(body.checks.outbox.reason).toMatch(
      /^2 e-mails still unsent 300 s after being queued; the oldest has waited 11\d\d s, 6 attempts so far, last error ESOCKET, next attempt in 2\d\d s\. It is kept and retried/,
    );
    // The code, not the error's text (it names the mail server).
    expect(body.checks.outbox.reason).not.toContain("127.0.0.1");
    for (const name of ["database", "migrations", "disk"]) {
      expect(body.checks[name]).not.toHaveProperty("degraded");
    }

    // Anyone: the word, with a 200 (a deploy script or load balancer keeps going).
    const told = await ask();
    expect(told.status).toBe(200);
    expect(await told.text()).toBe("degraded");
  });

  it("is ready while the oldest unsent message is younger than the limit, and once it is sent", async () => {
    await queueRetryingMail(OUTBOX_DELAYED_AFTER_SECONDS / 60 - 0.5, {
      inMinutes: 2,
      attempts: 3,
      error: REFUSED,
    });
    expect((await readyz()).body).toMatchObject({
      status: "ready",
      checks: { outbox: { ok: true, pending: 1, delayed: 0 } },
    });
    await queueRetryingMail(OUTBOX_DELAYED_AFTER_SECONDS / 60 + 0.5, {
      inMinutes: 2,
      attempts: 4,
      error: REFUSED,
    });
    expect((await readyz()).body.status).toBe("degraded");
    await db.update(mailOutbox).set({ status: "sent", sentAt: new Date() });
    const { body } = await readyz();
    expect(body.status).toBe("ready");
    expect(body.checks.outbox).toMatchObject({ pending: 0, delayed: 0, oldestUnsentSeconds: 0 });
    expect(body.checks.outbox).not.toHaveProperty("reason");
    expect(await (await ask()).text()).toBe("ready");
  });

  it("counts a late message never attempted, and one a recipient's server refused", async () => {
    await db.insert(mailOutbox).values({
      to: "late@example.com",
      subject: "s",
      text: "t",
      createdAt: new Date(Date.now() - 7 * MINUTE_MS),
    });
    let reason = (await readyz()).body.checks.outbox.reason;
    expect(reason).toMatch(
      /^1 e-mail still unsent 300 s after being queued; the oldest has waited 4\d\d s\. It is kept/,
    );
    await db.delete(mailOutbox);
    await queueRetryingMail(30, {
      inMinutes: 5,
      attempts: 9,
      error: "EENVELOPE: Recipient command failed: 550 5.1.1 Mailbox unavailable",
    });
    reason = (await readyz()).body.checks.outbox.reason;
    expect(reason).toMatch(/9 attempts so far, last error EENVELOPE, next attempt in \d+ s/);
  });

  it("is unready, not degraded, when mail is also stuck", async () => {
    await queueRetryingMail(30, { inMinutes: 1, attempts: 6, error: REFUSED });
    await queueMail(OUTBOX_STUCK_AFTER_SECONDS / 60 + 5);
    const { response, body } = await readyz();
    expect(response.status).toBe(503);
    expect(body.status).toBe("unready");
    expect(body.checks.outbox).toMatchObject({ ok: false, delayed: 1 });
    expect(body.checks.outbox.reason).toMatch(/mail sender is not delivering/);
    expect(await (await ask()).text()).toBe("not ready");
  });
});

describe("the readiness checks", () => {
  it("fail the disk below the floor, naming the free space and the floor", async () => {
    const readiness = await checkReadiness({ floorMb: 1_000_000_000 });
    expect(readiness.status).toBe("unready");
    expect(readiness.checks.disk).toMatchObject({ ok: false, floorMb: 1_000_000_000 });
    expect(readiness.checks.disk.reason).toMatch(
      /MB free where the data is, below the 1000000000 MB floor/,
    );
    expect(readiness.checks.database.ok).toBe(true);
  });

  it("measure the disk of the nearest existing folder when DATA_DIR is not made yet", async () => {
    const readiness = await checkReadiness({
      dataDir: path.join(os.tmpdir(), "naija-not-made-yet", "data"),
      floorMb: 1,
    });
    expect(readiness.checks.disk.ok).toBe(true);
    expect(readiness.checks.disk.freeMb).toBeGreaterThan(1);
  });

  it("fail when the database lacks a migration this copy of the site has", async () => {
    const expected = expectedMigrationCount() + 1;
    const readiness = await checkReadiness({ expectedMigrations: expected });
    expect(readiness.status).toBe("unready");
    expect(readiness.checks.migrations).toMatchObject({ ok: false, expected });
    expect(readiness.checks.migrations.reason).toMatch(/of the site's migrations are not applied/);
  });

  it("report a database that does not answer, without its error text, and check nothing in it", async () => {
    const handle = getDatabase();
    // A real client pointed at a port where nothing listens.
    const unreachable = await openDatabase({
      kind: "postgres",
      url: "postgres://x:secret@127.0.0.1:9/none",
    });
    setDatabase(unreachable);
    try {
      const response = await ask({ Authorization: `Bearer ${TOKEN}` });
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).not.toMatch(/secret|ECONNREFUSED|127\.0\.0\.1|at /);
      const body = JSON.parse(text);
      expect(body.checks.database).toEqual({
        ok: false,
        kind: "postgres",
        reason: "The database ping failed (details in the server log)",
      });
      expect(body.checks.migrations.reason).toBe("Not checked: the database did not answer");
      expect(body.checks.outbox.reason).toBe("Not checked: the database did not answer");
      expect(body.checks.disk.ok).toBe(true);
    } finally {
      setDatabase(handle);
      await unreachable.close();
    }
  });

  it("give up on a check that hangs, after its timeout", async () => {
    const handle = getDatabase();
    const hanging: DatabaseHandle = { ...handle, ping: () => new Promise(() => undefined) };
    setDatabase(hanging);
    try {
      const started = Date.now();
      const readiness = await checkReadiness({ timeoutMs: 100 });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(readiness.status).toBe("unready");
      expect(readiness.checks.database).toMatchObject({
        ok: false,
        reason: "The database ping did not answer within 100 ms",
      });
    } finally {
      setDatabase(handle);
    }
  });
});

describe("GET /readyz without the metrics token", () => {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-socket-"));
  afterAll(async () => {
    await stopControlSocket();
    fs.rmSync(socketDir, { recursive: true, force: true });
  });

  it("answers anyone 200 ready, and nothing of the checks", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { Authorization: "Bearer wrong-token-0123456789abcdef0123456789" },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: TOKEN },
    ]) {
      const response = await ask(headers);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe("ready");
    }
  });

  it("answers anyone 503 not ready, without saying why", async () => {
    await queueMail(OUTBOX_STUCK_AFTER_SECONDS / 60 + 5);
    const response = await ask();
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("not ready");
    // The token's holder reads why.
    const { response: told, body } = await readyz();
    expect(told.status).toBe(503);
    expect(body.checks.outbox.reason).toMatch(/mail sender is not delivering/);
  });

  it("says nothing of the checks while METRICS_TOKEN is unset, whatever is sent", async () => {
    setTestEnv({ METRICS_TOKEN: undefined });
    try {
      const response = await ask({ Authorization: `Bearer ${TOKEN}` });
      expect(await response.text()).toBe("ready");
    } finally {
      setTestEnv({ METRICS_TOKEN: TOKEN });
    }
  });

  it("tells the checks and their reasons over the control socket in DATA_DIR", async () => {
    await startControlSocket(socketDir, { readiness: currentReadiness });
    const socketPath = path.join(socketDir, "control.sock");
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    const ready = await askControlSocket(socketDir);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: "ready",
      checks: { database: { ok: true }, outbox: { ok: true, pending: 0 } },
    });
    await queueRetryingMail(10, { inMinutes: 2, attempts: 5, error: REFUSED });
    const late = await askControlSocket(socketDir);
    expect(late.status).toBe(200);
    expect(JSON.parse(late.body)).toMatchObject({
      status: "degraded",
      checks: { outbox: { ok: true, degraded: true, delayed: 1 } },
    });
    await queueMail(OUTBOX_STUCK_AFTER_SECONDS / 60 + 5);
    const stuck = await askControlSocket(socketDir);
    expect(stuck.status).toBe(503);
    expect(JSON.parse(stuck.body).checks.outbox.reason).toMatch(/mail sender is not delivering/);
  });
});

describe("GET /readyz from SIGTERM on", () => {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "readyz-draining-"));
  afterAll(async () => {
    stopDraining();
    await stopControlSocket();
    fs.rmSync(socketDir, { recursive: true, force: true });
  });

  it("answers 503 draining at once, to anyone, the checks unasked", async () => {
    expect((await ask()).status).toBe(200);
    await startControlSocket(socketDir, { readiness: currentReadiness });
    // A database that would never answer: the answer does not wait for it.
    const handle = getDatabase();
    setDatabase({ ...handle, ping: () => new Promise(() => undefined) });
    startDraining(new Date("2026-03-02T09:00:00Z"));
    try {
      const started = Date.now();
      const response = await ask();
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe("draining");
      expect(Date.now() - started).toBeLessThan(500);

      const { response: told, body } = await readyz();
      expect(told.status).toBe(503);
      expect(body).toEqual({
        status: "draining",
        since: "2026-03-02T09:00:00.000Z",
        reason: expect.stringMatching(/The server is stopping/),
      });

      const overSocket = await askControlSocket(socketDir);
      expect(overSocket.status).toBe(503);
      expect(JSON.parse(overSocket.body)).toMatchObject({ status: "draining" });
    } finally {
      setDatabase(handle);
      stopDraining();
    }
    expect((await ask()).status).toBe(200);
  });
});
