import { desc } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { startSmtpTestServer } from "../../tests/setup/smtp-test-server";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { emailLayout } from "./email-layout";
import { enqueueMail, queueMailInBackground, settleQueuedMail } from "./mail.server";
import { deliverAllDueMail } from "./mail-delivery.server";
import { closeMailTransports, DEFAULT_MAIL_FROM, mailTransportFor } from "./mail-transport.server";

// The outbox and the two transports. The sender's retries, leases and races are in
// mail-sender.server.test.ts.

await setupTestDatabase();
afterAll(() => closeMailTransports());

const RESET_LINK = "http://localhost:3000/reset-password?token=AbCdEf0123456789xyzLONGtoken";
const LOG_ONLY = mailTransportFor({ smtpUrl: undefined, from: DEFAULT_MAIL_FROM });

function message() {
  return {
    to: "ada@example.com",
    subject: "Reset your password",
    text: `Open this link to choose a new password:\n${RESET_LINK}`,
    html: emailLayout({
      title: "Reset your password",
      bodyHtml: `<p><a href="${RESET_LINK}">Reset password</a></p>`,
    }),
  };
}

function outboxRows() {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
});

describe("enqueueMail", () => {
  it("stores the message pending, with its attachments' content and its headers", async () => {
    const [id] = await enqueueMail(db, {
      ...message(),
      attachments: [
        { filename: "viewing.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" },
        { filename: "logo.png", content: Buffer.from([137, 80, 78, 71]), contentType: "image/png" },
      ],
      headers: { "List-Unsubscribe": "<https://example.ng/u>" },
    });
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      to: "ada@example.com",
      subject: "Reset your password",
      status: "pending",
      attempts: 0,
      transport: null,
      sentAt: null,
      error: null,
      headers: { "List-Unsubscribe": "<https://example.ng/u>" },
      attachments: [
        { filename: "viewing.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" },
        { filename: "logo.png", contentType: "image/png", content: "iVBORw==", encoding: "base64" },
      ],
    });
    expect(rows[0]?.text).toContain(RESET_LINK);
    expect(rows[0]?.html).toContain("NaijaHomes Realty");
  });

  it("commits and rolls back with the transaction it is given", async () => {
    await db.transaction(async (tx) => {
      await enqueueMail(tx, [message(), { ...message(), to: "bola@example.com" }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { ...message(), to: "lost@example.com" });
        throw new Error("the write failed after queuing its mail");
      }),
    ).rejects.toThrow(/write failed/);
    expect((await outboxRows()).map((r) => r.to).sort()).toEqual([
      "ada@example.com",
      "bola@example.com",
    ]);
  });

  it("queues in the background what a builder answers, and logs a builder's failure", async () => {
    queueMailInBackground(async () => message());
    queueMailInBackground(async () => undefined);
    queueMailInBackground(async () => {
      throw new Error("template exploded");
    });
    await settleQueuedMail();
    expect((await outboxRows()).map((r) => r.to)).toEqual(["ada@example.com"]);
  });
});

describe("log-only transport (SMTP_URL unset)", () => {
  it("is the default, and marks the message sent by the 'outbox' transport", async () => {
    expect(mailTransportFor().name).toBe("outbox");
    await enqueueMail(db, message());
    expect(await deliverAllDueMail({ transport: LOG_ONLY })).toMatchObject({ claimed: 1, sent: 1 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: "sent", transport: "outbox", attempts: 1, error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.leaseUntil).toBeNull();
  });
});

describe("SMTP transport", () => {
  it("delivers to a real SMTP server and records the message as sent", async () => {
    const smtp = await startSmtpTestServer();
    try {
      await enqueueMail(db, message());
      await deliverAllDueMail({
        transport: mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM }),
      });

      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail?.to).toEqual(["ada@example.com"]);
      expect(mail?.from).toBe("no-reply@naijahomes.ng");
      expect(mail?.subject).toBe("Reset your password");
      expect(mail?.decoded).toContain(RESET_LINK);
      // Plain text and HTML alternatives.
      expect(mail?.raw).toMatch(/multipart\/alternative/);
      expect(mail?.raw).toMatch(/text\/plain/);
      expect(mail?.raw).toMatch(/text\/html/);

      const rows = await outboxRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        status: "sent",
        transport: "smtp",
        error: null,
        to: "ada@example.com",
      });
      expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("sends attachments with their content type, and the message's own headers", async () => {
    const smtp = await startSmtpTestServer();
    try {
      await enqueueMail(db, {
        ...message(),
        attachments: [
          {
            filename: "viewing.ics",
            content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
            contentType: "text/calendar",
          },
        ],
        headers: {
          "List-Unsubscribe": "<https://naijahomes.example/unsubscribe?token=abc>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      await deliverAllDueMail({
        transport: mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM }),
      });
      const raw = smtp.messages[0]?.raw ?? "";
      expect(raw).toMatch(/Content-Type: text\/calendar; name=viewing\.ics/);
      // The content went along (nodemailer base64-encodes it).
      expect(raw).toContain(Buffer.from("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n").toString("base64"));
      expect(raw).toMatch(
        /List-Unsubscribe: <https:\/\/naijahomes\.example\/unsubscribe\?token=abc>/,
      );
      expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    } finally {
      await smtp.close();
    }
  });

  it("records the server's refusal and keeps the message for another attempt", async () => {
    const smtp = await startSmtpTestServer({ rejectRecipients: true });
    try {
      await enqueueMail(db, message());
      const report = await deliverAllDueMail({
        transport: mailTransportFor({ smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM }),
      });
      expect(report).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
      expect(smtp.messages).toHaveLength(0);
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null, transport: null });
      expect(row?.error).toMatch(/550|Mailbox unavailable/);
    } finally {
      await smtp.close();
    }
  });

  it("records the error when no server answers", async () => {
    const smtp = await startSmtpTestServer();
    const url = smtp.url;
    await smtp.close();
    await enqueueMail(db, message());
    await deliverAllDueMail({
      transport: mailTransportFor({ smtpUrl: url, from: DEFAULT_MAIL_FROM }),
    });
    const [row] = await outboxRows();
    expect(row?.error).toMatch(/ECONNREFUSED/);
    expect(row?.status).toBe("pending");
  });
});

describe("mail configuration", () => {
  it("reads SMTP_URL and MAIL_FROM, treating empty values as unset", () => {
    expect(parseEnv({}).smtpUrl).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "" }).smtpUrl).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465" }).smtpUrl).toBe(
      "smtps://u:p@mail.example.com:465",
    );
    expect(parseEnv({ MAIL_FROM: '"Sales" <sales@naijahomes.ng>' }).mailFrom).toBe(
      '"Sales" <sales@naijahomes.ng>',
    );
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL/);
  });

  it("sends from the company's no-reply address by default", () => {
    expect(DEFAULT_MAIL_FROM).toBe('"NaijaHomes Realty" <no-reply@naijahomes.ng>');
  });
});
