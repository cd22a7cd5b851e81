// How fast the outbox drains after a burst: 1,000 queued messages delivered to a local SMTP
// server that waits 100 ms before its greeting, the way many real mail servers do.
//
//   npm run bench:mail                                     (PGlite, one sender)
//   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm run bench:mail
//                                                          (... and PostgreSQL, two senders)
//   options (environment): BENCH_MESSAGES=1000 BENCH_GREETING_MS=100
//     BENCH_BEFORE=1 (also the old way: one at a time, a connection per message)
//     BENCH_BEFORE_MESSAGES=1000 (fewer makes the "before" row quicker; its rate is per message)
//
// Each row: a fresh database (a temporary PGlite data directory, or a new PostgreSQL database
// migrated and dropped at the end), the messages queued in the outbox as the site queues them
// (enqueueMail, text + HTML, every other one with a calendar attachment like a booking's), a
// fresh counting SMTP server (tests/setup/counting-smtp-server.ts, node:net only), then the clock
// runs from the senders' start until every message is accepted by the server and its row marked
// 'sent'. The senders run deliverAllDueMail, what the server's sender runs on each pass. On
// PostgreSQL the two senders are two processes (two instances), started and connected before
// the clock starts. Writes results/<date>.md and .json.

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import type { CountingSmtpServer } from "../../tests/setup/counting-smtp-server";
import { formatResults } from "../format-results";

// Before the app's modules load: the sender logs a line per message at info.
process.env.LOG_LEVEL ??= "warn";

const { startCountingSmtpServer } = await import("../../tests/setup/counting-smtp-server");
const { sql } = await import("drizzle-orm");
const pg = (await import("pg")).default;
const nodemailer = (await import("nodemailer")).default;
const { migrateDatabase, openDatabase, setDatabase, closeDatabase } = await import(
  "~/db/client.server"
);
const { mailOutbox } = await import("~/db/schema");
const { enqueueMail } = await import("~/mail/mail.server");
const { deliverAllDueMail, MAIL_BATCH_SIZE, MAIL_CONCURRENCY } = await import(
  "~/mail/mail-delivery.server"
);
const { closeMailTransports, DEFAULT_MAIL_FROM, mailTransportFor, SMTP_POOL, SMTP_TIMEOUTS } =
  await import("~/mail/mail-transport.server");

type MailTransport = import("~/mail/mail-transport.server").MailTransport;
type DeliveryReport = import("~/mail/mail-delivery.server").DeliveryReport;

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const GREETING_MS = Number(process.env.BENCH_GREETING_MS ?? 100);
const BEFORE = process.env.BENCH_BEFORE !== "0";
const BEFORE_MESSAGES = Number(process.env.BENCH_BEFORE_MESSAGES ?? MESSAGES);
const TARGET_MS = 60_000;

function log(message: string) {
  console.log(`[mail-burst] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// A sender process of its own (PostgreSQL rows): `run.ts --sender <database url> <smtp url>`.
// Connects, says "ready", waits for "go" on stdin, delivers everything due, prints its report.

if (process.argv[2] === "--sender") {
  const [databaseUrl, smtpUrl] = process.argv.slice(3);
  if (!databaseUrl || !smtpUrl) throw new Error("--sender <database url> <smtp url>");
  setDatabase(await openDatabase({ kind: "postgres", url: databaseUrl }));
  const transport = mailTransportFor({ smtpUrl, from: DEFAULT_MAIL_FROM });
  const lines = readline.createInterface({ input: process.stdin });
  console.log("ready");
  for await (const line of lines) {
    if (line !== "go") continue;
    const report = await deliverAllDueMail({ transport });
    console.log(JSON.stringify(report));
    break;
  }
  lines.close();
  closeMailTransports();
  await closeDatabase();
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------

type Row = {
  name: string;
  database: "pglite" | "postgres";
  senders: number;
  concurrency: number;
  pooled: boolean;
  messages: number;
  ms: number;
  perSecond: number;
  connections: number;
  maxOpenConnections: number;
  sent: number;
  retried: number;
};

/** A booking-confirmation-sized message, with an .ics on every other one. */
function burstMessage(i: number) {
  const when = `Saturday 5 December 2026 at ${9 + (i % 8)}:00 AM`;
  const text = [
    `Dear Buyer ${i},`,
    "",
    `Your viewing of the 4-bedroom duplex at Plot ${i}, Admiralty Way, Lekki Phase 1 is booked`,
    `for ${when}. Our agent will call you the day before to confirm.`,
    "",
    "To reschedule or cancel, open your dashboard: https://naijahomes.example/dashboard",
    "",
    "NaijaHomes Realty",
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:sans-serif">${text
    .split("\n")
    .map((line) => `<p>${line}</p>`)
    .join("")}<p style="color:#666">${"NaijaHomes Realty, Lagos. ".repeat(20)}</p></body></html>`;
  return {
    to: `buyer${i}@example.ng`,
    subject: `Your viewing is booked: ${when}`,
    text,
    html,
    attachments:
      i % 2 === 0
        ? [
            {
              filename: "viewing.ics",
              contentType: "text/calendar",
              content: `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:${i}@naijahomes\r\nSUMMARY:Viewing\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`,
            },
          ]
        : undefined,
  };
}

async function queueBurst(count: number) {
  const db = (await import("~/db/client.server")).db;
  await db.delete(mailOutbox);
  for (let start = 0; start < count; start += 100) {
    const size = Math.min(100, count - start);
    await enqueueMail(
      db,
      Array.from({ length: size }, (_, k) => burstMessage(start + k)),
    );
  }
  // Due by the database's clock from now on.
  await db.execute(sql`update ${mailOutbox} set next_attempt_at = now() - interval '1 second'`);
}

async function countSent(): Promise<number> {
  const db = (await import("~/db/client.server")).db;
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${mailOutbox} where status = 'sent'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** The transport as it was before the pool: a new connection for every message. */
function connectionPerMessageTransport(smtp: CountingSmtpServer): MailTransport {
  const transporter = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    ...SMTP_TIMEOUTS,
  });
  return {
    name: "smtp",
    deliver: async (mail) => {
      await transporter.sendMail({
        from: DEFAULT_MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
    },
  };
}

function summarize(
  base: Omit<Row, "ms" | "perSecond" | "connections" | "maxOpenConnections" | "sent" | "retried">,
  smtp: CountingSmtpServer,
  ms: number,
  sent: number,
  reports: DeliveryReport[],
): Row {
  const accepted = new Set(smtp.messages.flatMap((m) => m.to)).size;
  if (accepted !== base.messages || sent !== base.messages) {
    throw new Error(
      `${base.name}: ${accepted} distinct messages accepted, ${sent} rows sent, of ${base.messages}`,
    );
  }
  const row: Row = {
    ...base,
    ms: Math.round(ms),
    perSecond: Math.round((base.messages / ms) * 1000 * 10) / 10,
    connections: smtp.connections(),
    maxOpenConnections: smtp.maxOpenConnections(),
    sent,
    retried: reports.reduce((sum, r) => sum + r.retrying, 0),
  };
  log(
    `${row.name}: ${row.messages} in ${(row.ms / 1000).toFixed(2)} s (${row.perSecond}/s), ` +
      `${row.connections} connections (at most ${row.maxOpenConnections} open), ` +
      `${smtp.messages.length} accepted`,
  );
  return row;
}

/** In this process, on the database set with setDatabase. */
async function runInProcess(
  name: string,
  database: Row["database"],
  messages: number,
  options: { pooled: boolean; concurrency: number },
): Promise<Row> {
  await queueBurst(messages);
  const smtp = await startCountingSmtpServer({ greetingDelayMs: GREETING_MS });
  try {
    const transport = options.pooled
      ? mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM })
      : connectionPerMessageTransport(smtp);
    log(`${name}: ${messages} messages queued, sending...`);
    const started = performance.now();
    const report = await deliverAllDueMail({ transport, concurrency: options.concurrency });
    const ms = performance.now() - started;
    const sent = await countSent();
    return summarize({ name, database, senders: 1, messages, ...options }, smtp, ms, sent, [
      report,
    ]);
  } finally {
    closeMailTransports();
    await smtp.close();
  }
}

/** Two sender processes against one PostgreSQL database (two instances of the site). */
async function runTwoInstances(databaseUrl: string, messages: number): Promise<Row> {
  const name = "PostgreSQL, 2 instances, pooled";
  await queueBurst(messages);
  const smtp = await startCountingSmtpServer({ greetingDelayMs: GREETING_MS });
  const children: ChildProcess[] = [];
  try {
    const outputs = await Promise.all(
      [1, 2].map(async () => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", path.join(HERE, "run.ts"), "--sender", databaseUrl, smtp.url],
          { cwd: ROOT, env: process.env, stdio: ["pipe", "pipe", "inherit"] },
        );
        children.push(child);
        const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
        const iterator = lines[Symbol.asyncIterator]();
        const first = await iterator.next();
        if (first.value !== "ready") throw new Error(`sender said ${String(first.value)}`);
        return { child, iterator };
      }),
    );
    log(`${name}: ${messages} messages queued, two senders connected, sending...`);
    const started = performance.now();
    for (const { child } of outputs) child.stdin?.write("go\n");
    const reports = await Promise.all(
      outputs.map(async ({ iterator }) => {
        const line = await iterator.next();
        return JSON.parse(String(line.value)) as DeliveryReport;
      }),
    );
    const ms = performance.now() - started;
    const sent = await countSent();
    log(`${name}: per sender ${reports.map((r) => r.sent).join(" + ")}`);
    return summarize(
      {
        name,
        database: "postgres",
        senders: 2,
        messages,
        pooled: true,
        concurrency: MAIL_CONCURRENCY,
      },
      smtp,
      ms,
      sent,
      reports,
    );
  } finally {
    // Each sender closes its connections and exits after its report; the database is dropped
    // only once they are gone.
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill(), 10_000);
            child.once("exit", () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    await smtp.close();
  }
}

async function withPglite<T>(task: () => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-mail-burst-"));
  try {
    const handle = await openDatabase({ kind: "pglite", dataDir });
    setDatabase(handle);
    await migrateDatabase(handle);
    try {
      return await task();
    } finally {
      await closeDatabase();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(baseUrl: string, task: (url: string) => Promise<T>): Promise<T> {
  const name = `mail_burst_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ kind: "postgres", url: url.toString() });
    setDatabase(handle);
    await migrateDatabase(handle);
    try {
      return await task(url.toString());
    } finally {
      await closeDatabase();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
  } catch {
    return "unknown";
  }
}

const loadBefore = os.loadavg();
const startedAt = new Date();
const rows: Row[] = [];

await withPglite(async () => {
  rows.push(
    await runInProcess("PGlite, 1 instance, pooled", "pglite", MESSAGES, {
      pooled: true,
      concurrency: MAIL_CONCURRENCY,
    }),
  );
  if (BEFORE) {
    rows.push(
      await runInProcess(
        "before: PGlite, 1 instance, a connection per message, one at a time",
        "pglite",
        BEFORE_MESSAGES,
        { pooled: false, concurrency: 1 },
      ),
    );
  }
});
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (databaseUrl) {
  await withPostgres(databaseUrl, async (url) => {
    rows.push(await runTwoInstances(url, MESSAGES));
  });
}
const loadAfter = os.loadavg();

const meta = {
  date: startedAt.toISOString(),
  commit: gitCommit(),
  node: process.version,
  cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}`,
  loadBefore: loadBefore.map((n) => Number(n.toFixed(2))),
  loadAfter: loadAfter.map((n) => Number(n.toFixed(2))),
  greetingDelayMs: GREETING_MS,
  batchSize: MAIL_BATCH_SIZE,
  concurrency: MAIL_CONCURRENCY,
  pool: SMTP_POOL,
  targetMs: TARGET_MS,
};

const table = [
  "| run | messages | time | messages/s | SMTP connections (most open at once) |",
  "| --- | -------: | ---: | ---------: | -----------------------------------: |",
  ...rows.map(
    (r) =>
      `| ${r.name} | ${r.messages.toLocaleString("en")} | ${(r.ms / 1000).toFixed(1)} s | ${r.perSecond} | ${r.connections} (${r.maxOpenConnections}) |`,
  ),
].join("\n");
const verdicts = rows
  .filter((r) => r.pooled && r.messages >= 1000)
  .map(
    (r) =>
      `- ${r.name}: ${r.messages.toLocaleString("en")} messages in ${(r.ms / 1000).toFixed(1)} s: ` +
      `${r.ms < TARGET_MS ? "meets" : "misses"} the target of under 60 s.`,
  )
  .join("\n");
const markdown = `# Mail burst, ${meta.date}

Commit \`${meta.commit}\`, Node ${meta.node}, ${meta.cpus}. Load average before
${meta.loadBefore.join(", ")}; after ${meta.loadAfter.join(", ")}. SMTP server greeting delay
${GREETING_MS} ms; sender: ${MAIL_CONCURRENCY} at once, claims of ${MAIL_BATCH_SIZE}; pool:
${SMTP_POOL.maxConnections} connections, ${SMTP_POOL.maxMessages} messages each.

${table}

${verdicts}
`;

const resultsDir = path.join(HERE, "results");
fs.mkdirSync(resultsDir, { recursive: true });
const stamp = meta.date.slice(0, 16).replace("T", "-").replace(":", "-");
fs.writeFileSync(
  path.join(resultsDir, `${stamp}.json`),
  `${JSON.stringify({ meta, rows }, null, 2)}\n`,
);
fs.writeFileSync(path.join(resultsDir, `${stamp}.md`), markdown);
formatResults(path.join(resultsDir, `${stamp}.json`), path.join(resultsDir, `${stamp}.md`));
console.log(`\n${markdown}`);
log(`written to bench/mail-burst/results/${stamp}.md and .json`);
