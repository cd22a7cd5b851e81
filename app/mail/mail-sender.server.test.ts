import { asc, count, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, users } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { createAppointment } from "~/models/appointment.server";
import { guestBooking } from "../../tests/setup/appointments";
import { startCountingSmtpServer } from "../../tests/setup/counting-smtp-server";
import { openDayFromToday } from "../../tests/setup/dates";
import { callAction, postRequest } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { action as bookAction } from "../routes/public/book-appointment";
import { enqueueMail } from "./mail.server";
import {
  deliverAllDueMail,
  deliverDueMail,
  MAIL_CONCURRENCY,
  MAIL_LEASE_MS,
} from "./mail-delivery.server";
import {
  MAIL_GIVE_UP_AFTER_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BASE_MS,
  MAIL_RETRY_MAX_MS,
  mailRetryDelayMs,
} from "./mail-retry.server";
import {
  kickMailSender,
  pruneMailOutbox,
  startMailSender,
  stopMailSender,
} from "./mail-sender.server";
import {
  closeMailTransports,
  DEFAULT_MAIL_FROM,
  type MailTransport,
  mailTransportFor,
  type OutgoingMail,
  SMTP_POOL,
} from "./mail-transport.server";

// The outbox survives the process: mail committed with a booking goes out once a sender runs,
// exactly once, even with several senders; a failing mail server is retried with backoff.
// Run on PostgreSQL too (DATABASE_URL) for real concurrency between the senders' connections.

const database = await setupTestDatabase();

/**
 * A mail server that records what it accepted and the most messages it was handed at once;
 * `failures` refusals come first, and `refuse` recipients are always refused.
 */
function recordingTransport(
  options: {
    failures?: number;
    delayMs?: number | ((mail: OutgoingMail) => number);
    refuse?: (to: string) => boolean;
  } = {},
) {
  const delivered: OutgoingMail[] = [];
  let failuresLeft = options.failures ?? 0;
  let inFlight = 0;
  const transport: MailTransport & { delivered: OutgoingMail[]; maxInFlight: number } = {
    name: "smtp",
    delivered,
    maxInFlight: 0,
    deliver: async (mail) => {
      inFlight += 1;
      transport.maxInFlight = Math.max(transport.maxInFlight, inFlight);
      try {
        const delayMs =
          typeof options.delayMs === "function" ? options.delayMs(mail) : options.delayMs;
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (failuresLeft > 0 || options.refuse?.(mail.to)) {
          failuresLeft = Math.max(0, failuresLeft - 1);
          throw Object.assign(new Error("421 Service not available"), { code: "EENVELOPE" });
        }
        delivered.push(mail);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return transport;
}

/** Queues `total` messages to buyer0@example.ng, buyer1@... */
async function queueListingMails(total: number) {
  await enqueueMail(
    db,
    Array.from({ length: total }, (_, i) => ({
      to: `buyer${i}@example.ng`,
      subject: `Listing ${i}`,
      text: "A new listing",
    })),
  );
}

function nextOpenDay(): string {
  return openDayFromToday(1);
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
    // One row says what happened; the e-mails are rendered from it when sent.
    const pending = await rows();
    expect(pending.map((r) => [r.kind, r.to, r.status, r.attempts])).toEqual([
      ["appointment.booked", null, "pending", 0],
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
    expect((await rows()).map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["appointment.booked", "sent", 1],
      ["appointment.booked", "sent", 1],
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
      const report = await deliverDueMail({
        transport: server,
        now: () => now,
        maxAttempts: 3,
        giveUpAfterMs: 0,
      });
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

  it("waits 30 s, 1 min, 2 min, 4 min, then 5 min between attempts, never more", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 8, 20, 200].map(mailRetryDelayMs)).toEqual([
      30_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000, 300_000, 300_000, 300_000,
    ]);
    expect(MAIL_RETRY_MAX_MS).toBe(5 * 60_000);
  });

  it("keeps trying a message for an hour after it was queued, however many attempts that takes", async () => {
    await enqueueMail(db, { to: "patient@example.ng", subject: "Later", text: "..." });
    const queuedAt = (await rows())[0]?.createdAt ?? new Date();
    const server = recordingTransport({ failures: 1_000 });
    let now = new Date(queuedAt.getTime() + 1_000);
    const waits: number[] = [];
    for (;;) {
      const report = await deliverDueMail({ transport: server, now: () => now });
      const [row] = await rows();
      if (report.failed === 1) break;
      expect(report).toMatchObject({ retrying: 1 });
      waits.push((row?.nextAttemptAt.getTime() ?? 0) - now.getTime());
      now = row?.nextAttemptAt ?? now;
    }
    const [row] = await rows();
    // 30 s, 1, 2, 4 min, then every 5 min: 16 attempts, the last one past the hour.
    expect(waits.slice(0, 5)).toEqual([30_000, 60_000, 120_000, 240_000, 300_000]);
    expect(Math.max(...waits)).toBe(MAIL_RETRY_MAX_MS);
    expect(row).toMatchObject({ status: "failed", attempts: 16 });
    expect(now.getTime() - queuedAt.getTime()).toBeGreaterThanOrEqual(MAIL_GIVE_UP_AFTER_MS);
    expect(now.getTime() - queuedAt.getTime()).toBeLessThan(
      MAIL_GIVE_UP_AFTER_MS + MAIL_RETRY_MAX_MS,
    );
    expect(MAIL_MAX_ATTEMPTS).toBeLessThan(16);
  });
});

describe("several senders", () => {
  it("deliver each message once when they race for the same rows", async () => {
    const total = 60;
    await queueListingMails(total);
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

describe("a burst", () => {
  it("is sent MAIL_CONCURRENCY messages at a time, each row once", async () => {
    await queueListingMails(45);
    const server = recordingTransport({ delayMs: 20 });
    const report = await deliverAllDueMail({ transport: server });
    expect(report).toMatchObject({ claimed: 45, sent: 45, retrying: 0, released: 0 });
    expect(server.maxInFlight).toBe(MAIL_CONCURRENCY);
    expect(MAIL_CONCURRENCY).toBeGreaterThan(1);
    expect(new Set(server.delivered.map((m) => m.id)).size).toBe(45);
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);

    // One at a time when asked (the "before" of bench/mail-burst).
    await queueListingMails(6);
    const single = recordingTransport({ delayMs: 5 });
    expect(await deliverAllDueMail({ transport: single, concurrency: 1 })).toMatchObject({
      sent: 6,
    });
    expect(single.maxInFlight).toBe(1);
  });

  it("claims the next rows while a slow message is still being sent", async () => {
    await queueListingMails(12);
    // The first message of the first claim takes long; the rest are quick.
    let slowSentAfter = -1;
    const server = recordingTransport({
      delayMs: (mail) => (mail.subject === "Listing 0" ? 1_000 : 5),
    });
    const deliver = server.deliver;
    server.deliver = async (mail) => {
      await deliver(mail);
      if (mail.subject === "Listing 0") slowSentAfter = server.delivered.length - 1;
    };
    const report = await deliverAllDueMail({ transport: server, batchSize: 4 });
    expect(report).toMatchObject({ claimed: 12, sent: 12 });
    // Claims of 4: without claiming again until the whole claim is out, at most 3 others
    // would have gone before the slow one.
    expect(slowSentAfter).toBe(11);
  });

  it("backs off only the messages that failed; the others are sent", async () => {
    await queueListingMails(20);
    const refused = (to: string) => to === "buyer3@example.ng" || to === "buyer17@example.ng";
    const server = recordingTransport({ delayMs: 5, refuse: refused });
    let now = new Date(Date.now() + 1_000);
    const report = await deliverAllDueMail({ transport: server, now: () => now });
    expect(report).toMatchObject({ claimed: 20, sent: 18, retrying: 2, failed: 0 });
    const all = await rows();
    const failed = all.filter((r) => refused(r.to ?? ""));
    expect(failed.map((r) => [r.status, r.attempts, r.error])).toEqual([
      ["pending", 1, "EENVELOPE: 421 Service not available"],
      ["pending", 1, "EENVELOPE: 421 Service not available"],
    ]);
    for (const row of failed) {
      expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + MAIL_RETRY_BASE_MS);
    }
    expect(all.filter((r) => r.status === "sent")).toHaveLength(18);

    // Their next attempt comes after the backoff, and it is theirs alone.
    now = new Date(now.getTime() + MAIL_RETRY_BASE_MS);
    const later = recordingTransport();
    expect(await deliverAllDueMail({ transport: later, now: () => now })).toMatchObject({
      claimed: 2,
      sent: 2,
    });
    expect(later.delivered.map((m) => m.to).sort()).toEqual([
      "buyer17@example.ng",
      "buyer3@example.ng",
    ]);
  });

  it("two senders at full concurrency send every row exactly once", async () => {
    const total = 150;
    await queueListingMails(total);
    const senders = [1, 2].map(() => recordingTransport({ delayMs: 3 }));
    const reports = await Promise.all(senders.map((transport) => deliverAllDueMail({ transport })));
    const delivered = senders.flatMap((s) => s.delivered.map((m) => m.id));
    expect(delivered).toHaveLength(total);
    expect(new Set(delivered).size).toBe(total);
    expect(reports.reduce((sum, r) => sum + r.claimed, 0)).toBe(total);
    for (const sender of senders) expect(sender.maxInFlight).toBeLessThanOrEqual(MAIL_CONCURRENCY);
    // No row was claimed twice.
    expect((await rows()).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("hands back claimed rows it cannot start while their lease has an attempt's time left", async () => {
    await queueListingMails(4);
    // A 5.5 s lease for attempts of up to 4 s: a row may start within 1.5 s of its claim. One
    // at a time, 2.5 s each: only the first starts in time.
    const server = recordingTransport({ delayMs: 2_500 });
    const report = await deliverDueMail({
      transport: server,
      concurrency: 1,
      leaseMs: 5_500,
      attemptMaxMs: 4_000,
    });
    expect(report).toMatchObject({ claimed: 4, sent: 1, released: 3 });
    const left = (await rows()).filter((r) => r.status === "pending");
    expect(left.map((r) => [r.attempts, r.leaseUntil, r.claimedBy])).toEqual([
      [0, null, null],
      [0, null, null],
      [0, null, null],
    ]);
    // Free for the next claim at once.
    expect(await deliverAllDueMail({ transport: recordingTransport() })).toMatchObject({
      sent: 3,
    });
    await expect(
      deliverDueMail({ transport: server, leaseMs: 1_000, attemptMaxMs: 1_000 }),
    ).rejects.toThrow(/must outlast an attempt/);
  });

  it("a stopping sender finishes what it is sending and hands back the rest of its claim", async () => {
    await queueListingMails(40);
    const server = recordingTransport({ delayMs: 250 });
    startMailSender({ transport: server, pollMs: 60_000 });
    await expect.poll(() => server.maxInFlight, { timeout: 5_000 }).toBe(MAIL_CONCURRENCY);
    await stopMailSender();
    const all = await rows();
    const sent = all.filter((r) => r.status === "sent");
    // The first messages went out; nothing else was started or left claimed.
    expect(sent.length).toBe(server.delivered.length);
    expect(sent.length).toBeGreaterThanOrEqual(MAIL_CONCURRENCY);
    expect(sent.length).toBeLessThan(40);
    for (const row of all.filter((r) => r.status === "pending")) {
      expect([row.attempts, row.leaseUntil]).toEqual([0, null]);
    }
  });
});

describe("over pooled SMTP connections", () => {
  afterEach(() => closeMailTransports());

  it("sends many messages over a few connections, several at once", async () => {
    // A server that, like many real ones, makes each new connection wait before its greeting.
    const smtp = await startCountingSmtpServer({ greetingDelayMs: 100 });
    try {
      await queueListingMails(60);
      const transport = mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM });
      const report = await deliverAllDueMail({ transport });
      expect(report).toMatchObject({ claimed: 60, sent: 60, retrying: 0 });
      expect(new Set(smtp.messages.flatMap((m) => m.to)).size).toBe(60);
      // One connection per sending slot, not one per message.
      expect(smtp.connections()).toBeLessThanOrEqual(SMTP_POOL.maxConnections);
      expect(smtp.maxOpenConnections()).toBeGreaterThan(1);
      expect(smtp.messages[0]?.data).toMatch(/Subject: Listing/);
      expect((await rows()).every((r) => r.status === "sent" && r.transport === "smtp")).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("a refused message or a dropped connection fails that message only", async () => {
    const smtp = await startCountingSmtpServer({
      rejectRecipient: (to) => to === "buyer4@example.ng",
      dropAfterData: (to) => to.includes("buyer9@example.ng"),
    });
    try {
      await queueListingMails(20);
      const transport = mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM });
      const report = await deliverAllDueMail({ transport });
      expect(report).toMatchObject({ claimed: 20, sent: 18, retrying: 2 });
      const all = await rows();
      expect(all.filter((r) => r.status === "pending").map((r) => [r.to, r.attempts])).toEqual([
        ["buyer4@example.ng", 1],
        ["buyer9@example.ng", 1],
      ]);
      expect(all.find((r) => r.to === "buyer4@example.ng")?.error).toMatch(/550/);
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(
        all.filter((r) => r.status === "sent").map((r) => r.to),
      );
    } finally {
      await smtp.close();
    }
  });
});

describe("a failed write", () => {
  it("queues nothing: the booking and its notification roll back together", async () => {
    // The outbox refuses the notification: the booking, written before it in the same
    // transaction, must not stay.
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as
      $$ begin raise exception 'connection lost before the commit'; end $$`);
    await db.execute(sql`create trigger refuse_mail before insert on mail_outbox
      for each row execute function refuse_mail()`);
    try {
      await expect(
        createAppointment(
          guestBooking("amaka@example.ng", {
            fullName: "Amaka Obi",
            appointmentDate: nextOpenDay(),
          }),
        ),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
    expect(await db.select().from(appointments)).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});

describe("notifications", () => {
  it("are rendered by the sender into one row per recipient, each sent once", async () => {
    await db
      .insert(users)
      .values({ id: "ops2", email: "ops2@naijahomes.ng", name: "Ops Two", role: "admin" })
      .onConflictDoNothing();
    await createAppointment(
      guestBooking("amaka@example.ng", { fullName: "Amaka Obi", appointmentDate: nextOpenDay() }),
    );
    const server = recordingTransport();
    const report = await deliverAllDueMail({ transport: server, concurrency: 1 });
    expect(report).toMatchObject({ sent: 3, failed: 0 });
    expect(server.delivered.map((m) => m.to).sort()).toEqual([
      "amaka@example.ng",
      "ops2@naijahomes.ng",
      "ops@naijahomes.ng",
    ]);
    const all = await rows();
    expect(all.map((r) => [r.kind, r.status])).toEqual([
      ["appointment.booked", "sent"],
      ["appointment.booked", "sent"],
      ["appointment.booked", "sent"],
    ]);
    expect(new Set(all.map((r) => JSON.stringify(r.payload))).size).toBe(1);
    await db.delete(users).where(eq(users.id, "ops2"));
  });

  it("telling nobody are removed without sending anything", async () => {
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, "ops"));
    try {
      await db.insert(appointments).values({
        id: "00000000-0000-4000-8000-0000000000aa",
        fullName: "Amaka Obi",
        email: "amaka@example.ng",
        phone: "08031234567",
        appointmentDate: nextOpenDay(),
        appointmentTime: "10:00 AM",
      });
      await db.insert(mailOutbox).values({
        kind: "appointment.rescheduled-by-customer",
        payload: {
          appointmentId: "00000000-0000-4000-8000-0000000000aa",
          appointmentDate: nextOpenDay(),
          appointmentTime: "10:00 AM",
          status: "pending",
          historyLength: 2,
        },
      });
      const server = recordingTransport();
      expect(await deliverAllDueMail({ transport: server })).toMatchObject({ claimed: 0 });
      expect(server.delivered).toEqual([]);
      expect(await rows()).toEqual([]);
    } finally {
      await db.update(users).set({ status: "active" }).where(eq(users.id, "ops"));
    }
  });

  it("that cannot be rendered are retried with the backoff, then marked failed", async () => {
    await db.insert(mailOutbox).values({ kind: "appointment.teleported", payload: {} });
    const server = recordingTransport();
    let now = new Date(Date.now() + 1_000);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await deliverAllDueMail({
        transport: server,
        now: () => now,
        maxAttempts: 3,
        giveUpAfterMs: 0,
      });
      const [row] = await rows();
      expect(row).toMatchObject({
        attempts: attempt,
        status: attempt < 3 ? "pending" : "failed",
        error: expect.stringContaining("unknown notification kind: appointment.teleported"),
      });
      if (attempt < 3) {
        expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + mailRetryDelayMs(attempt));
      }
      now = new Date(now.getTime() + mailRetryDelayMs(attempt));
    }
    expect(server.delivered).toEqual([]);
  });

  it("sit beside rows queued already rendered (before notifications), which go as they are", async () => {
    await enqueueMail(db, { to: "kemi@example.ng", subject: "Queued rendered", text: "Hi" });
    await db.insert(mailOutbox).values({
      kind: "email.verification-requested",
      payload: { userId: "ops", token: "tok-123" },
    });
    const server = recordingTransport();
    await deliverAllDueMail({ transport: server, now: () => new Date(Date.now() + 1_000) });
    expect(server.delivered.map((m) => [m.to, m.subject])).toEqual(
      expect.arrayContaining([
        ["kemi@example.ng", "Queued rendered"],
        ["ops@naijahomes.ng", "Confirm your e-mail address for NaijaHomes Realty"],
      ]),
    );
    expect(server.delivered.find((m) => m.to === "ops@naijahomes.ng")?.text).toContain(
      "/verify-email?token=tok-123",
    );
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
