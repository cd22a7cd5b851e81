import nodemailer, { type Transporter } from "nodemailer";
import type { OutboxAttachment } from "~/db/schema";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { COMPANY_NAME } from "~/lib/site";

// How a message from the outbox leaves: through the SMTP server of SMTP_URL, or, with SMTP_URL
// unset, into the log only (the row in mail_outbox is the record; on a fresh install the log
// line is how someone follows a password-reset link).

export type MailSettings = {
  /** smtp:// or smtps:// URL; undefined = the log-only ("outbox") transport. */
  smtpUrl: string | undefined;
  from: string;
};

/** One stored message, as the sender hands it to a transport. */
export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | null;
  headers: Record<string, string> | null;
};

export type MailTransport = {
  name: "outbox" | "smtp";
  /** Resolves once the message is accepted; throws when it was not. */
  deliver: (mail: OutgoingMail) => Promise<void>;
};

export const DEFAULT_MAIL_FROM = `"${COMPANY_NAME}" <no-reply@naijahomes.ng>`;

// Nodemailer waits up to two minutes by default; the sender's lease must outlast one attempt.
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

export function mailSettingsFromEnv(): MailSettings {
  const env = getEnv();
  return { smtpUrl: env.smtpUrl, from: env.mailFrom ?? DEFAULT_MAIL_FROM };
}

export function mailTransportFor(settings: MailSettings = mailSettingsFromEnv()): MailTransport {
  if (!settings.smtpUrl) return LOG_TRANSPORT;
  const smtpUrl = settings.smtpUrl;
  return {
    name: "smtp",
    deliver: async (mail) => {
      await smtpTransport(smtpUrl).sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        headers: mail.headers ?? undefined,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          content: a.encoding === "base64" ? Buffer.from(a.content, "base64") : a.content,
          contentType: a.contentType,
        })),
      });
    },
  };
}

const LOG_TRANSPORT: MailTransport = {
  name: "outbox",
  deliver: async (mail) => {
    // The log line is the delivery on a default install: it carries the whole text (links too).
    logger.info(
      { mail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } },
      `E-mail to ${mail.to} stored in the outbox (SMTP_URL is not set): ${mail.subject}`,
    );
  },
};

// One transporter per SMTP URL, reused across messages (it opens a connection per message).
const transports = new Map<string, Transporter>();

function smtpTransport(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Options in the URL's query (?ignoreTLS=true, ?tls.rejectUnauthorized=false) win.
    transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

export function closeMailTransports() {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

export function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}
