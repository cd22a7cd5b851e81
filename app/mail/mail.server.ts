import nodemailer, { type Transporter } from "nodemailer";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { COMPANY_NAME } from "~/lib/site";

// Outgoing e-mail. With SMTP_URL set, messages go through that SMTP server; without it they are
// stored in the mail_outbox table and logged, so a fresh install (and a developer) can still
// follow a password-reset link. Either way every message leaves a row in mail_outbox: what was
// sent, when, and the error if sending failed.

export type MailAttachment = {
  filename: string;
  content: string | Buffer;
  contentType: string;
};

export type MailMessage = {
  to: string;
  subject: string;
  /** Always sent, as the plain-text alternative when `html` is given too. */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

export type MailSettings = {
  /** smtp:// or smtps:// URL; undefined = the outbox transport. */
  smtpUrl: string | undefined;
  from: string;
};

export type SentMail = {
  /** The mail_outbox row; undefined only if recording a sent message failed (logged). */
  outboxId: string | undefined;
  transport: "outbox" | "smtp";
};

export const DEFAULT_MAIL_FROM = `"${COMPANY_NAME}" <no-reply@naijahomes.ng>`;

// Nodemailer waits up to two minutes by default; a visitor waiting on a form should not.
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

export function mailSettingsFromEnv(): MailSettings {
  const env = getEnv();
  return { smtpUrl: env.smtpUrl, from: env.mailFrom ?? DEFAULT_MAIL_FROM };
}

/**
 * Sends one message and records it in mail_outbox. Throws when the message could not be sent
 * (after recording and logging the failure): the caller decides what a visitor sees.
 */
export async function sendMail(
  message: MailMessage,
  settings: MailSettings = mailSettingsFromEnv(),
): Promise<SentMail> {
  if (!settings.smtpUrl) return storeInOutbox(message);
  return sendBySmtp(message, settings.smtpUrl, settings.from);
}

async function storeInOutbox(message: MailMessage): Promise<SentMail> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...outboxFields(message), transport: "outbox" })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox did not store the message");
  // The log line is the delivery on a default install: it carries the whole text (links too).
  logger.info(
    { mail: { id: row.id, to: message.to, subject: message.subject, text: message.text } },
    `E-mail to ${message.to} stored in the outbox (SMTP_URL is not set): ${message.subject}`,
  );
  return { outboxId: row.id, transport: "outbox" };
}

async function sendBySmtp(message: MailMessage, smtpUrl: string, from: string): Promise<SentMail> {
  let failure: unknown;
  try {
    await smtpTransport(smtpUrl).sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.contentType,
      })),
    });
  } catch (error) {
    failure = error;
  }

  const outboxId = await recordSmtpAttempt(message, failure);
  if (failure) {
    logger.error(
      { err: failure, mail: { id: outboxId, to: message.to, subject: message.subject } },
      `Could not send e-mail to ${message.to}: ${message.subject}`,
    );
    throw failure;
  }
  logger.info(
    { mail: { id: outboxId, to: message.to, subject: message.subject } },
    `E-mail sent to ${message.to}: ${message.subject}`,
  );
  return { outboxId, transport: "smtp" };
}

/**
 * The record of an SMTP attempt. A message that did go out is not reported as failed because
 * its record could not be written (a caller retrying would send it twice): that is logged.
 */
async function recordSmtpAttempt(message: MailMessage, failure: unknown) {
  try {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        ...outboxFields(message),
        transport: "smtp",
        sentAt: failure ? null : new Date(),
        error: failure ? describeError(failure) : null,
      })
      .returning({ id: mailOutbox.id });
    return row?.id;
  } catch (error) {
    logger.error(
      { err: error, mail: { to: message.to } },
      "Could not record an e-mail in the outbox",
    );
    return undefined;
  }
}

function outboxFields(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    // The record keeps what was attached, not the bytes.
    attachments: message.attachments?.length
      ? message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType }))
      : null,
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}

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

// ---------------------------------------------------------------------------
// Sending without keeping the visitor waiting. A form that must not reveal whether an e-mail
// address is registered (password reset) cannot wait for an SMTP server either: the delay
// would tell. These sends finish after the response; failures are already logged and recorded
// by sendMail. settleBackgroundMail() waits for the ones still running (tests, shutdown).

const backgroundSends = new Set<Promise<unknown>>();

/**
 * Starts sending and returns at once. `message` may be a function that builds it (a template
 * that reads the database), so that work also happens after the response.
 */
export function sendMailInBackground(
  message: MailMessage | (() => Promise<MailMessage>),
  settings?: MailSettings,
): void {
  const sending = (async () => {
    let built: MailMessage;
    try {
      built = typeof message === "function" ? await message() : message;
    } catch (error) {
      logger.error({ err: error }, "Could not prepare an e-mail");
      return;
    }
    await sendMail(built, settings ?? mailSettingsFromEnv()).catch(() => {
      // Logged and recorded by sendMail; nobody is waiting for the result.
    });
  })().finally(() => backgroundSends.delete(sending));
  backgroundSends.add(sending);
}

export async function settleBackgroundMail(): Promise<void> {
  while (backgroundSends.size > 0) await Promise.allSettled([...backgroundSends]);
}

/**
 * Runs, after the response, work that prepares and queues several messages (one per recipient,
 * read from the database). Tracked like sendMailInBackground; a failure is logged, never thrown.
 */
export function runMailTaskInBackground(task: () => Promise<void>): void {
  const running: Promise<void> = (async () => task())()
    .catch((error: unknown) => {
      logger.error({ err: error }, "Could not prepare e-mails");
    })
    .finally(() => backgroundSends.delete(running));
  backgroundSends.add(running);
}
