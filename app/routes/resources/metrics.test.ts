import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "~/cache/page-cache.server";
import { db, getDatabase } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { CONTENT_TYPE } from "~/metrics/registry";
import { scrapeAccess } from "~/metrics/scrape.server";
import { createHttpApp } from "../../../server/http-app";
import { setTestEnv } from "../../../tests/setup/env";
import { createTestBuild } from "../../../tests/setup/http-app";
import { setupTestDatabase } from "../../../tests/setup/test-database";

// /metrics over real HTTP, through the whole HTTP app with the page cache in front: 401 without
// the token, then the Prometheus text with the requests this file made, labelled by route
// pattern, the page cache's hits, the outbox and (on the embedded database) the backups. The
// counters are the process's: the files before this one in the worker counted their requests
// too, so the requests of this file are what it adds to a first scrape.

const TOKEN = "test-metrics-token-0123456789abcdef";
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-metrics-backups-"));
setTestEnv({ METRICS_TOKEN: TOKEN, BACKUP_DIR: backupDir });

await setupTestDatabase();

const pageCache = createPageCache({ enabled: true });
let origin = "";
let server: ReturnType<ReturnType<typeof createHttpApp>["listen"]>;
/** The exposition before this file's requests. */
let before = "";

beforeAll(async () => {
  const app = createHttpApp(createTestBuild(), { pageCaches: [pageCache.middleware] });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  before = (await scrape()).text;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  pageCache.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}) {
  return fetch(`${origin}${pathname}`, { headers, redirect: "manual" });
}

async function scrape() {
  const response = await get("/metrics", { Authorization: `Bearer ${TOKEN}` });
  expect(response.status).toBe(200);
  return { response, text: await response.text() };
}

/** The value of one series, by its exact name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** How much a counter (or a histogram's bucket, sum or count) grew since the first scrape. */
function added(text: string, series: string): number {
  return (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
}

const embedded = !process.env.DATABASE_URL;

describe("GET /metrics", () => {
  it("answers 401 without the right bearer token, whatever else the request carries", async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: "Bearer wrong-token-0123456789abcdef0123" },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { Authorization: `Bearer ${TOKEN}x` },
      { Cookie: "better-auth.session_token=anything" },
    ];
    for (const headers of refused) {
      const response = await get("/metrics", headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("counts requests by route pattern, method and status, with their durations", async () => {
    await get("/about");
    await get("/about");
    await get("/about", { Cookie: "compare=1" });
    await get("/property/no-such-listing-7f3a");
    await get("/property/another-missing-one");
    await get("/readyz");
    await fetch(`${origin}/healthz`, { method: "HEAD" });

    const { response, text } = await scrape();
    expect(response.headers.get("Content-Type")).toBe(CONTENT_TYPE);
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    expect(added(text, 'http_requests_total{route="/about",method="GET",status="200"}')).toBe(3);
    expect(
      added(text, 'http_requests_total{route="/property/:id",method="GET",status="404"}'),
    ).toBe(2);
    expect(added(text, 'http_requests_total{route="/readyz",method="GET",status="200"}')).toBe(1);
    expect(added(text, 'http_requests_total{route="/healthz",method="HEAD",status="200"}')).toBe(1);
    // The refused scrapes of the test before, under the route, never under a token.
    expect(added(text, 'http_requests_total{route="/metrics",method="GET",status="401"}')).toBe(5);
    // The raw addresses never become labels.
    expect(text).not.toContain("no-such-listing");

    const about = 'route="/about",method="GET"';
    expect(added(text, `http_request_duration_seconds_bucket{${about},le="+Inf"}`)).toBe(3);
    expect(added(text, `http_request_duration_seconds_count{${about}}`)).toBe(3);
    expect(added(text, `http_request_duration_seconds_sum{${about}}`)).toBeGreaterThan(0);
    expect(added(text, `http_request_duration_seconds_bucket{${about},le="10"}`)).toBe(3);
  });

  it("counts the page cache's hits, misses and bypasses", async () => {
    const { text } = await scrape();
    // /about: rendered, then from memory, then with a cookie; the missing listings: rendered.
    expect(added(text, 'page_cache_requests_total{result="hit"}')).toBe(1);
    expect(added(text, 'page_cache_requests_total{result="miss"}')).toBe(3);
    expect(added(text, 'page_cache_requests_total{result="bypass"}')).toBe(1);
  });

  it("reads the mail outbox at scrape time", async () => {
    await db.delete(mailOutbox);
    await db.insert(mailOutbox).values([
      {
        to: "a@example.com",
        subject: "s",
        text: "t",
        nextAttemptAt: new Date(Date.now() - 60_000),
      },
      { to: "b@example.com", subject: "s", text: "t", status: "sent" },
      { to: "c@example.com", subject: "s", text: "t", status: "sent" },
    ]);
    const { text } = await scrape();
    expect(sample(text, 'mail_outbox_messages{status="pending"}')).toBe(1);
    expect(sample(text, 'mail_outbox_messages{status="sent"}')).toBe(2);
    expect(sample(text, 'mail_outbox_messages{status="failed"}')).toBe(0);
    expect(sample(text, "mail_outbox_oldest_due_seconds")).toBeGreaterThanOrEqual(59);
    expect(sample(text, "mail_outbox_oldest_unsent_seconds")).toBeGreaterThanOrEqual(0);
    await db.delete(mailOutbox);
  });

  it("counts messages waiting for a retry in the oldest unsent age, not in the due one", async () => {
    await db.delete(mailOutbox);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // An SMTP outage: refused 6 times since it was queued 19 minutes ago, next try in 4.
    await db.insert(mailOutbox).values([
      {
        to: "a@example.com",
        subject: "s",
        text: "t",
        createdAt: minutesAgo(19),
        nextAttemptAt: minutesAgo(-4),
        attempts: 6,
        error: "ESOCKET: connect ECONNREFUSED 127.0.0.1:2525",
      },
      {
        to: "b@example.com",
        subject: "s",
        text: "t",
        createdAt: minutesAgo(2),
        nextAttemptAt: minutesAgo(2),
      },
      // Sent long ago and failed for good: not unsent.
      { to: "c@example.com", subject: "s", text: "t", status: "sent", createdAt: minutesAgo(90) },
      { to: "d@example.com", subject: "s", text: "t", status: "failed", createdAt: minutesAgo(80) },
    ]);
    let text = (await scrape()).text;
    const unsent = sample(text, "mail_outbox_oldest_unsent_seconds") ?? 0;
    expect(unsent).toBeGreaterThanOrEqual(19 * 60);
    expect(unsent).toBeLessThan(20 * 60);
    // The due figure sees only b, due for 2 minutes: alone it would never tell of the outage.
    const due = sample(text, "mail_outbox_oldest_due_seconds") ?? 0;
    expect(due).toBeGreaterThanOrEqual(2 * 60 - 1);
    expect(due).toBeLessThan(3 * 60);

    await db.update(mailOutbox).set({ status: "sent" });
    text = (await scrape()).text;
    expect(sample(text, "mail_outbox_oldest_unsent_seconds")).toBe(0);
    expect(sample(text, "mail_outbox_oldest_due_seconds")).toBe(0);
    await db.delete(mailOutbox);
  });

  it.runIf(embedded)("reports the last successful backup on the embedded database", async () => {
    expect(getDatabase().kind).toBe("pglite");
    const never = (await scrape()).text;
    expect(sample(never, "backup_last_success_timestamp_seconds")).toBe(0);
    expect(never).toContain("backup_last_success_age_seconds +Inf\n");

    // Issue 44: a backup started 3 hours ago that took 2 hours to write is 1 hour old.
    const at = new Date(Date.now() - 3 * 3600_000);
    const finishedAt = new Date(at.getTime() + 2 * 3600_000);
    const status = (lastSuccess: Record<string, unknown>) =>
      fs.writeFileSync(
        path.join(backupDir, "backup-status.json"),
        JSON.stringify({
          lastSuccess: { name: "x.tar.gz", bytes: 1, trigger: "schedule", ...lastSuccess },
        }),
      );
    status({ at: at.toISOString(), finishedAt: finishedAt.toISOString(), seconds: 7200 });
    const { text } = await scrape();
    expect(sample(text, "backup_last_success_timestamp_seconds")).toBe(finishedAt.getTime() / 1000);
    const age = sample(text, "backup_last_success_age_seconds") ?? 0;
    expect(age).toBeGreaterThanOrEqual(3600 - 1);
    expect(age).toBeLessThan(3600 + 60);
    expect(sample(text, "backup_last_failure_timestamp_seconds")).toBe(0);

    // A status written before the end was recorded: its start plus its duration.
    status({ at: at.toISOString(), seconds: 1800 });
    const older = (await scrape()).text;
    expect(sample(older, "backup_last_success_timestamp_seconds")).toBe(
      (at.getTime() + 1800_000) / 1000,
    );

    // An archive written after the status (npm run backup with the server stopped): the moment
    // its file was written whole, not the start its name carries.
    const archive = path.join(backupDir, "naija-homes-2020-01-01T00-00-00-000-manual.tar.gz");
    fs.writeFileSync(archive, "x");
    const written = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(archive, written, written);
    const fromArchive = (await scrape()).text;
    expect(sample(fromArchive, "backup_last_success_timestamp_seconds")).toBeCloseTo(
      written.getTime() / 1000,
      1,
    );
    fs.rmSync(archive);
  });

  it.skipIf(embedded)("leaves the backups out on PostgreSQL (pg_dump's business)", async () => {
    const { text } = await scrape();
    expect(text).not.toContain("backup_last_success");
  });

  it("writes a valid exposition: HELP and TYPE once per metric, every sample well formed", async () => {
    const { text } = await scrape();
    expect(text.endsWith("\n")).toBe(true);
    const types = new Map<string, string>();
    for (const line of text.trimEnd().split("\n")) {
      const declared = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram)$/.exec(line);
      if (declared) {
        expect(types.has(declared[1] ?? ""), line).toBe(false);
        types.set(declared[1] ?? "", declared[2] ?? "");
        continue;
      }
      if (line.startsWith("# HELP ")) continue;
      expect(line).toMatch(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*"(,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*")*\})? (-?[0-9.e+-]+|\+Inf|-Inf|NaN)$/,
      );
    }
    for (const name of [
      "http_requests_total",
      "http_request_duration_seconds",
      "page_cache_requests_total",
      "mail_outbox_messages",
      "mail_outbox_oldest_due_seconds",
      "mail_outbox_oldest_unsent_seconds",
      "process_resident_memory_bytes",
      "process_start_time_seconds",
      "process_uptime_seconds",
    ]) {
      expect(types.has(name), name).toBe(true);
    }
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(1_000_000);
    expect(text).not.toContain("metrics_scrape_error{");
  });
});

describe("who may read /metrics", () => {
  it("nobody while METRICS_TOKEN is unset; with it, only the exact bearer token", () => {
    expect(scrapeAccess(`Bearer ${TOKEN}`, undefined)).toBe("disabled");
    expect(scrapeAccess(null, undefined)).toBe("disabled");
    expect(scrapeAccess(null, TOKEN)).toBe("refused");
    expect(scrapeAccess("Bearer", TOKEN)).toBe("refused");
    expect(scrapeAccess(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe("refused");
    expect(scrapeAccess(`Token ${TOKEN}`, TOKEN)).toBe("refused");
    expect(scrapeAccess(`Bearer ${TOKEN}`, TOKEN)).toBe("allowed");
    expect(scrapeAccess(`bearer  ${TOKEN}`, TOKEN)).toBe("allowed");
  });
});
