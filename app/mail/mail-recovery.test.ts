import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { renderMetrics } from "~/metrics/scrape.server";
import { startCountingSmtpServer } from "../../tests/setup/counting-smtp-server";
import { setTestEnv } from "../../tests/setup/env";
import { routeArgs } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { loader as readyzLoader } from "../routes/resources/readyz";
import { enqueueMail } from "./mail.server";
import { deliverAllDueMail } from "./mail-delivery.server";
import { MAIL_RETRY_MAX_MS } from "./mail-retry.server";
import { startMailSender, stopMailSender } from "./mail-sender.server";
import {
  closeMailTransports,
  DEFAULT_MAIL_FROM,
  type MailTransport,
  mailTransportFor,
} from "./mail-transport.server";

// Issue 44, item 7: SMTP refused for 19 minutes; /readyz said "ready" throughout, the due-age
// metric stayed 0, and 150 s after the server came back nothing had gone (the next retry was 13
// minutes away). Here a real SMTP server on a local port refuses every session ("421"), then
// accepts: retries are at most 5 minutes apart, /readyz is "degraded" with its reason for the
// token's holder, the unsent-age metric counts the waiting retries, and once a send or the
// sender's check of the server goes through the waiting messages go out at once, each once.
// The outage's minutes pass on the sender's own clock; only the recovery runs in real time.

const TOKEN = "mail-recovery-token-0123456789abcdef";
setTestEnv({ METRICS_TOKEN: TOKEN });

await setupTestDatabase();

let refusing = true;
const smtp = await startCountingSmtpServer({
  refuseSessions: () => refusing,
  rejectRecipient: (to) => to.startsWith("bounce"),
});
const transport = mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM });

const MINUTE_MS = 60_000;

beforeEach(async () => {
  await db.delete(mailOutbox);
  smtp.messages.length = 0;
  refusing = true;
});

afterEach(async () => {
  await stopMailSender();
  closeMailTransports();
});

afterAll(() => smtp.close());

function rows() {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
}

/** Queues a message to `to`, as if queued `minutesAgo` (due since then). */
async function queueAt(to: string, minutesAgo = 0) {
  await enqueueMail(db, { to, subject: `For ${to}`, text: "Your viewing is booked." });
  if (minutesAgo === 0) return;
  const at = new Date(Date.now() - minutesAgo * MINUTE_MS);
  await db
    .update(mailOutbox)
    .set({ createdAt: at, nextAttemptAt: at })
    .where(eq(mailOutbox.to, to));
}

async function readyz(headers: Record<string, string> = {}) {
  const response = await readyzLoader(
    routeArgs(new Request("http://localhost/readyz", { headers })),
  );
  return { status: response.status, text: await response.text() };
}

function metric(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return Number(line?.slice(name.length + 1));
}

describe("an SMTP server that refuses for 19 minutes, then accepts", () => {
  it("is retried at most 5 minutes apart, reported, and its waiting mail goes with the first send that gets through", async () => {
    // The outage begins 20 minutes ago, with three confirmations queued during it.
    await queueAt("amaka@example.ng", 20);
    await queueAt("tunde@example.ng", 18);
    await queueAt("kemi@example.ng", 15);

    // The outage, on the sender's clock: each pass at the next retry's time, up to now.
    let now = new Date(Date.now() - 20 * MINUTE_MS);
    let passes = 0;
    for (;;) {
      const report = await deliverAllDueMail({ transport, now: () => now });
      passes += 1;
      expect(report).toMatchObject({ sent: 0, resumed: 0 });
      const pending = await rows();
      for (const row of pending) {
        expect(row.status).toBe("pending");
        // Never more than 5 minutes to the next attempt.
        expect(row.nextAttemptAt.getTime() - now.getTime()).toBeLessThanOrEqual(MAIL_RETRY_MAX_MS);
        // The server took no session: the error says so by its code (queued later: untried).
        if (row.attempts > 0) expect(row.error).toMatch(/^(EPROTOCOL|ECONNECTION): .*421/);
      }
      const next = Math.min(...pending.map((row) => row.nextAttemptAt.getTime()));
      if (next > Date.now() - 5_000) break;
      now = new Date(next);
    }
    expect(passes).toBeGreaterThan(10);
    expect(smtp.messages).toEqual([]);
    const waiting = await rows();
    // The first message had its attempts at 0, 0.5, 1.5, 3.5, 7.5, 12.5 and 17.5 minutes.
    expect(waiting.find((row) => row.to === "amaka@example.ng")?.attempts).toBe(7);
    // What the issue saw: the next retry minutes away when the server comes back.
    expect(
      Math.max(...waiting.map((row) => row.nextAttemptAt.getTime())) - Date.now(),
    ).toBeGreaterThan(2 * MINUTE_MS);

    // /readyz: degraded, still 200; the token's holder reads why.
    expect(await readyz()).toEqual({ status: 200, text: "degraded" });
    const told = await readyz({ Authorization: `Bearer ${TOKEN}` });
    expect(told.status).toBe(200);
    const body = JSON.parse(told.text);
    expect(body.status).toBe("degraded");
    expect(body.checks.outbox).toMatchObject({ ok: true, degraded: true, pending: 3, delayed: 3 });
    expect(body.checks.outbox.reason).toMatch(
      /^3 e-mails still unsent 300 s after being queued; the oldest has waited 1[12]\d\d s, 7 attempts so far, last error (EPROTOCOL|ECONNECTION), next attempt in \d+ s/,
    );

    // /metrics: the oldest unsent message's age counts the waiting retries; the due age cannot.
    const during = await renderMetrics();
    expect(metric(during, "mail_outbox_oldest_unsent_seconds")).toBeGreaterThanOrEqual(20 * 60 - 1);
    expect(metric(during, "mail_outbox_oldest_due_seconds")).toBeLessThan(10);
    expect(metric(during, 'mail_outbox_messages{status="pending"}')).toBe(3);

    // The server is back. The next booking's confirmation goes through, and the three waiting
    // go with it, in the same pass, on the real clock: not 5 minutes later.
    refusing = false;
    await queueAt("ngozi@example.ng");
    const started = Date.now();
    const report = await deliverAllDueMail({ transport });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report).toMatchObject({ sent: 4, retrying: 0, failed: 0 });
    expect(report.resumed).toBeGreaterThanOrEqual(2);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([
      "amaka@example.ng",
      "kemi@example.ng",
      "ngozi@example.ng",
      "tunde@example.ng",
    ]);
    expect((await rows()).map((row) => [row.to, row.status])).toEqual([
      ["amaka@example.ng", "sent"],
      ["kemi@example.ng", "sent"],
      ["ngozi@example.ng", "sent"],
      ["tunde@example.ng", "sent"],
    ]);

    expect(await readyz()).toEqual({ status: 200, text: "ready" });
    const after = await renderMetrics();
    expect(metric(after, "mail_outbox_oldest_unsent_seconds")).toBe(0);
    expect(metric(after, "mail_outbox_oldest_due_seconds")).toBe(0);
    // Nothing more to send: a second pass sends nothing twice.
    expect(await deliverAllDueMail({ transport })).toMatchObject({ claimed: 0, sent: 0 });
    expect(smtp.messages).toHaveLength(4);
  });

  it("with nothing new to send, the sender's check of the server finds it back and sends at once", async () => {
    await queueAt("amaka@example.ng", 12);
    await queueAt("tunde@example.ng", 9);
    expect(await deliverAllDueMail({ transport })).toMatchObject({ retrying: 2 });
    // As after five refused attempts: the next one 4 minutes away.
    const nextAt = new Date(Date.now() + 4 * MINUTE_MS);
    await db.update(mailOutbox).set({ attempts: 5, nextAttemptAt: nextAt });

    startMailSender({ transport, pollMs: 50, checkMs: 100 });
    // While the server still refuses, the checks change nothing.
    const refusedBefore = smtp.refusedSessions();
    await expect
      .poll(() => smtp.refusedSessions(), { timeout: 5_000 })
      .toBeGreaterThan(refusedBefore + 2);
    expect((await rows()).map((row) => [row.status, row.attempts, row.nextAttemptAt])).toEqual([
      ["pending", 5, nextAt],
      ["pending", 5, nextAt],
    ]);
    expect(smtp.messages).toEqual([]);

    refusing = false;
    const back = Date.now();
    await expect
      .poll(async () => (await rows()).filter((row) => row.status === "sent").length, {
        timeout: 10_000,
      })
      .toBe(2);
    // Within moments of the server's return, minutes before the retry was due.
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(smtp.messages.map((mail) => mail.to[0]).sort()).toEqual([
      "amaka@example.ng",
      "tunde@example.ng",
    ]);
    expect((await rows()).map((row) => row.attempts)).toEqual([6, 6]);
  });

  it("a message the recipient's server refused keeps its backoff when others go through", async () => {
    refusing = false;
    await queueAt("bounce@example.ng");
    expect(await deliverAllDueMail({ transport })).toMatchObject({ retrying: 1 });
    const [bounced] = await rows();
    expect(bounced?.error).toMatch(/^EENVELOPE: .*550/);

    // A message that waits on the server, from before it came back.
    await queueAt("amaka@example.ng", 3);
    await db
      .update(mailOutbox)
      .set({
        attempts: 3,
        nextAttemptAt: new Date(Date.now() + MINUTE_MS),
        error: "ECONNECTION: Connection closed unexpectedly",
      })
      .where(eq(mailOutbox.to, "amaka@example.ng"));

    await queueAt("ngozi@example.ng");
    const report = await deliverAllDueMail({ transport });
    expect(report).toMatchObject({ sent: 2, resumed: 1, retrying: 0 });
    const after = await rows();
    expect(after.map((row) => [row.to, row.status])).toEqual([
      ["amaka@example.ng", "sent"],
      ["bounce@example.ng", "pending"],
      ["ngozi@example.ng", "sent"],
    ]);
    expect(after.find((row) => row.to === "bounce@example.ng")).toMatchObject({
      attempts: 1,
      nextAttemptAt: bounced?.nextAttemptAt,
    });
  });

  it("a message that breaks the connection again in the pass that resumed it waits for its backoff", async () => {
    // A transport on which one message always drops the connection (its own fault); the rest go.
    const delivered: string[] = [];
    const breaking: MailTransport = {
      name: "smtp",
      deliver: async (mail) => {
        if (mail.to === "breaks@example.ng") {
          throw Object.assign(new Error("Connection closed unexpectedly"), {
            code: "ECONNECTION",
          });
        }
        delivered.push(mail.to);
      },
    };
    // It and another message wait on the server since before it came back.
    await queueAt("breaks@example.ng", 2);
    await queueAt("amaka@example.ng", 2);
    await db.update(mailOutbox).set({
      attempts: 2,
      nextAttemptAt: new Date(Date.now() + 30_000),
      error: "ECONNECTION: Connection closed unexpectedly",
    });
    await queueAt("ngozi@example.ng");
    const report = await deliverAllDueMail({ transport: breaking });
    // Both resumed after ngozi's went through; amaka's went, and the one that broke the
    // connection again (while amaka's was going through) was tried once, then left for its
    // backoff: not resumed again and again by the sends beside it.
    expect(report).toMatchObject({ sent: 2, resumed: 2, retrying: 1 });
    const row = (await rows()).find((r) => r.to === "breaks@example.ng");
    expect(row?.attempts).toBe(3);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(delivered.sort()).toEqual(["amaka@example.ng", "ngozi@example.ng"]);
  });

  it("two senders resuming the same waiting mail send each message once", async () => {
    refusing = false;
    const total = 40;
    await enqueueMail(
      db,
      Array.from({ length: total }, (_, i) => ({
        to: `waiting${i}@example.ng`,
        subject: `Waiting ${i}`,
        text: "Queued during the outage",
      })),
    );
    await db.update(mailOutbox).set({
      createdAt: new Date(Date.now() - 10 * MINUTE_MS),
      attempts: 5,
      nextAttemptAt: new Date(Date.now() + 4 * MINUTE_MS),
      error: "EPROTOCOL: Invalid greeting. response=421 4.3.2 Service not available",
    });
    await queueAt("first@example.ng");
    await queueAt("second@example.ng");
    const reports = await Promise.all([
      deliverAllDueMail({ transport }),
      deliverAllDueMail({ transport }),
    ]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(total + 2);
    expect(smtp.messages).toHaveLength(total + 2);
    expect(new Set(smtp.messages.map((mail) => mail.to[0])).size).toBe(total + 2);
    // Each row claimed once more: the waiting ones a sixth time, the new ones a first.
    for (const row of await rows()) {
      expect([row.to, row.status, row.attempts]).toEqual([
        row.to,
        "sent",
        row.to?.startsWith("waiting") ? 6 : 1,
      ]);
    }
  });
});
