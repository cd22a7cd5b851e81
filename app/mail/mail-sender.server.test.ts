import { asc, count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, users } from "~/db/schema";
import { addDays, isSunday, lagosToday } from "~/lib/appointment-rules";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { createAppointment } from "~/models/appointment.server";
import { callAction, postRequest } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { action as bookAction } from "../routes/public/book-appointment";
import { queueBookingMails } from "./appointment-mail.server";
import { enqueueMail } from "./mail.server";
import {
  deliverAllDueMail,
  deliverDueMail,
  kickMailSender,
  MAIL_LEASE_MS,
  MAIL_RETRY_BASE_MS,
  mailRetryDelayMs,
  pruneMailOutbox,
  startMailSender,
  stopMailSender,
} from "./mail-sender.server";
import type { MailTransport, OutgoingMail } from "./mail-transport.server";

// The outbox survives the process: mail committed with a booking goes out once a sender runs,
// exactly once, even with several senders; a failing mail server is retried with backoff.
// Run on PostgreSQL too (DATABASE_URL) for real concurrency between the senders' connections.

const database = await setupTestDatabase();

/** A mail server that records what it accepted; `failures` refusals come first. */
function recordingTransport(options: { failures?: number; delayMs?: number } = {}) {
  const delivered: OutgoingMail[] = [];
  let failuresLeft = options.failures ?? 0;
  const transport: MailTransport & { delivered: OutgoingMail[] } = {
    name: "smtp",
    delivered,
    deliver: async (mail) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw Object.assign(new Error("421 Service not available"), { code: "EENVELOPE" });
      }
      delivered.push(mail);
    },
  };
  return transport;
}

function nextOpenDay(): string {
  const tomorrow = addDays(lagosToday(), 1);
  return isSunday(tomorrow) ? addDays(tomorrow, 1) : tomorrow;
}

function booking(email: string) {
  return {
    fullName: "Amaka Obi",
    email,
    phone: "0803 123 4567",
    appointmentDate: nextOpenDay(),
    appointmentTime: "10:00 AM",
    propertyType: "Duplex",
    propertyLocation: "Lekki Phase 1, Lagos",
    purpose: "buy",
    message: "",
    [HONEYPOT_FIELD]: "",
  };
}

function rows() {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(appointments);
  await db
    .insert(users)
    .values({ id: "ops", email: "ops@naijahomes.ng", name: "Ops", role: "admin" })
    .onConflictDoNothing();
});

afterEach(async () => {
  await stopMailSender();
});

describe("a booking whose process dies before sending", () => {
  it("keeps its e-mails in the outbox; a sender started later sends each exactly once", async () => {
    // The booking commits; no sender runs in this "process" (it is killed right after).
    const booked = await callAction(
      bookAction,
      postRequest("/book-appointment", booking("amaka@example.ng")),
    );
    expect(booked.status).toBe(302);
    const pending = await rows();
    expect(pending.map((r) => [r.to, r.status, r.attempts])).toEqual([
      ["amaka@example.ng", "pending", 0],
      ["ops@naijahomes.ng", "pending", 0],
    ]);

    // The next start: a sender delivers what was left, once.
    const server = recordingTransport();
    startMailSender({ transport: server, pollMs: 20 });
    await expect.poll(() => server.delivered.length, { timeout: 5_000 }).toBe(2);
    // It keeps polling and being kicked: still nothing sent twice.
    kickMailSender();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stopMailSender();
    expect(server.delivered.map((m) => m.to).sort()).toEqual([
      "amaka@example.ng",
      "ops@naijahomes.ng",
    ]);
    expect(server.delivered.find((m) => m.to === "amaka@example.ng")?.attachments).toHaveLength(1);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(await deliverAllDueMail({ transport: server })).toMatchObject({ claimed: 0 });
  });

  it("a sender that died while sending: the lease ends and another sender delivers it", async () => {
    await enqueueMail(db, { to: "kemi@example.ng", subject: "Hello", text: "Hi" });
    // A second ahead of the database's clock, so the row (queued at its now()) is due.
    const start = new Date(Date.now() + 1_000);
    // The first sender claims the message and never comes back (killed mid-send).
    const hung: MailTransport = { name: "smtp", deliver: () => new Promise<void>(() => {}) };
    void deliverDueMail({ transport: hung, now: () => start });
    await expect.poll(async () => (await rows())[0]?.attempts, { timeout: 5_000 }).toBe(1);

    // While its lease holds, nobody else takes the message.
    const other = recordingTransport();
    const during = new Date(start.getTime() + MAIL_LEASE_MS - 1_000);
    expect(await deliverDueMail({ transport: other, now: () => during })).toMatchObject({
      claimed: 0,
    });
    // After it, another sender does.
    const after = new Date(start.getTime() + MAIL_LEASE_MS + 1_000);
    expect(await deliverDueMail({ transport: other, now: () => after })).toMatchObject({
      sent: 1,
    });
    expect(other.delivered.map((m) => m.to)).toEqual(["kemi@example.ng"]);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("retries", () => {
  it("retries a failing mail server with exponential backoff, then sends once", async () => {
    await enqueueMail(db, { to: "tunde@example.ng", subject: "Your booking", text: "Booked" });
    const server = recordingTransport({ failures: 2 });
    let now = new Date("2030-01-07T09:00:00Z");
    const clock = () => now;
    // Far in the future from the row's point of view: it is due.
    await db.update(mailOutbox).set({ nextAttemptAt: new Date("2030-01-07T08:00:00Z") });

    expect(await deliverDueMail({ transport: server, now: clock })).toMatchObject({ retrying: 1 });
    let [row] = await rows();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      error: "EENVELOPE: 421 Service not available",
    });
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + MAIL_RETRY_BASE_MS);

    // Not due before the backoff has passed.
    now = new Date(now.getTime() + MAIL_RETRY_BASE_MS - 1);
    expect(await deliverDueMail({ transport: server, now: clock })).toMatchObject({ claimed: 0 });

    now = new Date(now.getTime() + 1);
    expect(await deliverDueMail({ transport: server, now: clock })).toMatchObject({ retrying: 1 });
    [row] = await rows();
    // The second wait is twice the first.
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + 2 * MAIL_RETRY_BASE_MS);

    now = new Date(now.getTime() + 2 * MAIL_RETRY_BASE_MS);
    expect(await deliverDueMail({ transport: server, now: clock })).toMatchObject({ sent: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 3, error: null, transport: "smtp" });
    expect(row?.sentAt?.getTime()).toBe(now.getTime());
    expect(server.delivered).toHaveLength(1);

    now = new Date(now.getTime() + 24 * 60 * 60_000);
    expect(await deliverDueMail({ transport: server, now: clock })).toMatchObject({ claimed: 0 });
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    await enqueueMail(db, { to: "nobody@example.ng", subject: "Lost", text: "..." });
    const server = recordingTransport({ failures: 100 });
    let now = new Date(Date.now() + 1_000);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const report = await deliverDueMail({ transport: server, now: () => now, maxAttempts: 3 });
      expect(report).toMatchObject(attempt < 3 ? { retrying: 1 } : { failed: 1 });
      now = new Date(now.getTime() + mailRetryDelayMs(attempt));
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 3, sentAt: null });
    expect(row?.error).toMatch(/421/);
    now = new Date(now.getTime() + 365 * 24 * 60 * 60_000);
    expect(await deliverDueMail({ transport: server, now: () => now })).toMatchObject({
      claimed: 0,
    });
  });

  it("waits 30 s, 1 min, 2 min ... between attempts, never more than an hour", () => {
    expect([1, 2, 3, 4, 8, 20].map(mailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe("several senders", () => {
  it("deliver each message once when they race for the same rows", async () => {
    const total = 60;
    await enqueueMail(
      db,
      Array.from({ length: total }, (_, i) => ({
        to: `buyer${i}@example.ng`,
        subject: `Listing ${i}`,
        text: "A new listing",
      })),
    );
    const senders = [1, 2, 3].map(() => recordingTransport({ delayMs: 2 }));
    const reports = await Promise.all(
      senders.map((transport) => deliverAllDueMail({ transport, batchSize: 5 })),
    );
    const delivered = senders.flatMap((s) => s.delivered.map((m) => m.id));
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(total);
    if (database.kind === "postgres") {
      // With separate connections the work is really shared.
      expect(senders.filter((s) => s.delivered.length > 0).length).toBeGreaterThan(1);
    }
    const [sent] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, "sent"));
    expect(sent?.n).toBe(total);
  });
});

describe("a failed write", () => {
  it("queues nothing: the booking and its e-mails roll back together", async () => {
    await expect(
      createAppointment(
        {
          fullName: "Amaka Obi",
          email: "amaka@example.ng",
          phone: "08031234567",
          appointmentDate: nextOpenDay(),
          appointmentTime: "10:00 AM",
          propertyType: null,
          propertyLocation: null,
          purpose: null,
          message: null,
          userId: null,
          propertyId: null,
        },
        async (tx, row) => {
          await queueBookingMails(tx, row.id);
          // The e-mails are in the transaction; the commit never happens.
          expect((await tx.select().from(mailOutbox)).length).toBe(2);
          throw new Error("connection lost before the commit");
        },
      ),
    ).rejects.toThrow(/connection lost/);
    expect(await db.select().from(appointments)).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});

describe("pruning", () => {
  it("deletes delivered mail after 30 days and failed mail after 90, never pending mail", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const row = (subject: string, extra: Partial<typeof mailOutbox.$inferInsert>) => ({
      to: "ada@example.com",
      subject,
      text: "Hello",
      ...extra,
    });
    await db
      .insert(mailOutbox)
      .values([
        row("sent 31 days ago", { status: "sent", sentAt: daysAgo(31), createdAt: daysAgo(31) }),
        row("sent 29 days ago", { status: "sent", sentAt: daysAgo(29), createdAt: daysAgo(29) }),
        row("failed 91 days ago", { status: "failed", createdAt: daysAgo(91) }),
        row("failed 60 days ago", { status: "failed", createdAt: daysAgo(60) }),
        row("pending for 200 days", { status: "pending", createdAt: daysAgo(200) }),
      ]);

    expect(await pruneMailOutbox(now)).toBe(2);
    const left = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .orderBy(asc(mailOutbox.subject));
    expect(left.map((r) => r.subject)).toEqual([
      "failed 60 days ago",
      "pending for 200 days",
      "sent 29 days ago",
    ]);
    expect(await pruneMailOutbox(now)).toBe(0);
  });
});
