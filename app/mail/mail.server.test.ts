import { desc } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { startSmtpTestServer } from "../../tests/setup/smtp-test-server";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { emailLayout } from "./email-layout";
import {
  closeMailTransports,
  DEFAULT_MAIL_FROM,
  sendMail,
  sendMailInBackground,
  settleBackgroundMail,
} from "./mail.server";

await setupTestDatabase();
afterAll(() => closeMailTransports());

const RESET_LINK = "http://localhost:3000/reset-password?token=AbCdEf0123456789xyzLONGtoken";
const OUTBOX = { smtpUrl: undefined, from: DEFAULT_MAIL_FROM };

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

describe("outbox transport (SMTP_URL unset)", () => {
  it("stores exactly one row with the message", async () => {
    const sent = await sendMail(
      {
        ...message(),
        attachments: [
          { filename: "viewing.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" },
        ],
      },
      OUTBOX,
    );

    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      id: sent.outboxId,
      to: "ada@example.com",
      subject: "Reset your password",
      transport: "outbox",
      sentAt: null,
      error: null,
      attachments: [{ filename: "viewing.ics", contentType: "text/calendar" }],
    });
    expect(row?.text).toContain(RESET_LINK);
    expect(row?.html).toContain("NaijaHomes Realty");
  });

  it("is the default when SMTP_URL is not configured", async () => {
    const sent = await sendMail(message());
    expect(sent.transport).toBe("outbox");
    expect(await outboxRows()).toHaveLength(1);
  });
});

describe("SMTP transport", () => {
  it("delivers to a real SMTP server and records the message as sent", async () => {
    const smtp = await startSmtpTestServer();
    try {
      const sent = await sendMail(message(), { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM });
      expect(sent.transport).toBe("smtp");

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
      expect(rows[0]).toMatchObject({ transport: "smtp", error: null, to: "ada@example.com" });
      expect(rows[0]?.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("sends attachments with their content type", async () => {
    const smtp = await startSmtpTestServer();
    try {
      await sendMail(
        {
          ...message(),
          attachments: [
            {
              filename: "viewing.ics",
              content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n",
              contentType: "text/calendar",
            },
          ],
        },
        { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM },
      );
      expect(smtp.messages[0]?.raw).toMatch(/Content-Type: text\/calendar; name=viewing\.ics/);
    } finally {
      await smtp.close();
    }
  });

  it("records the error and rethrows when the server refuses the message", async () => {
    const smtp = await startSmtpTestServer({ rejectRecipients: true });
    try {
      await expect(
        sendMail(message(), { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM }),
      ).rejects.toThrow(/550/);
      expect(smtp.messages).toHaveLength(0);

      const rows = await outboxRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ transport: "smtp", sentAt: null });
      expect(rows[0]?.error).toMatch(/550|Mailbox unavailable/);
    } finally {
      await smtp.close();
    }
  });

  it("records the error when no server answers", async () => {
    const smtp = await startSmtpTestServer();
    const url = smtp.url;
    await smtp.close();
    await expect(sendMail(message(), { smtpUrl: url, from: DEFAULT_MAIL_FROM })).rejects.toThrow();
    const rows = await outboxRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.error).toMatch(/ECONNREFUSED/);
  });
});

describe("background sending", () => {
  it("keeps a failure from the caller but still records it", async () => {
    const smtp = await startSmtpTestServer({ rejectRecipients: true });
    try {
      expect(() =>
        sendMailInBackground(message(), { smtpUrl: smtp.url, from: DEFAULT_MAIL_FROM }),
      ).not.toThrow();
      await settleBackgroundMail();
      const rows = await outboxRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.error).toBeTruthy();
    } finally {
      await smtp.close();
    }
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
