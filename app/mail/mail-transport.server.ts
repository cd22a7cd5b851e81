import nodemailer, { type Transporter } from "nodemailer";
import SMTPPool from "nodemailer/lib/smtp-pool/index.js";
import type { OutboxAttachment } from "~/db/schema";
import { getEnv } from "~/env.server";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";

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
  /**
   * Resolves when the mail server takes a session (it greets, answers EHLO and the login);
   * throws when it does not. Absent: nothing to check (the log-only transport cannot fail).
   */
  check?: () => Promise<void>;
};

export const DEFAULT_MAIL_FROM = `"${COMPANY_NAME}" <no-reply@naijahomes.ng>`;

// Nodemailer waits up to two minutes to connect and ten minutes on a silent socket by default;
// the sender's lease must outlast an attempt (SMTP_ATTEMPT_MAX_MS).
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/**
 * Connections kept open to the mail server, per process: the sender sends this many messages at
 * once (MAIL_CONCURRENCY), so none waits in nodemailer's queue for a free connection, and a burst
 * pays the connection and greeting (often 100 ms or more on a real server) once per connection
 * instead of once per message. A connection is replaced after `maxMessages`, as many servers
 * limit messages per session. One retry on a fresh connection when a pooled one closes under a
 * message (the server dropped an idle session just as we used it), not nodemailer's unbounded
 * default: an attempt must end within SMTP_ATTEMPT_MAX_MS. (A server that accepted the message
 * and closed before answering gets it twice: at least once, as ADR 11 says.)
 */
export const SMTP_POOL = { maxConnections: 5, maxMessages: 100, maxRequeues: 1 } as const;

/**
 * The longest one delivery attempt takes in practice when the mail server misbehaves: a
 * connection that never opens or a greeting that never comes (10 s each), then a server that
 * falls silent mid-message (20 s), twice with the one retry on a fresh connection. (A server
 * that answers each command just before the socket timeout could take longer; its lease could
 * then end mid-attempt and another sender send the message too: at least once.)
 */
export const SMTP_ATTEMPT_MAX_MS =
  2 *
  (SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout);

export function mailSettingsFromEnv(): MailSettings {
  const env = getEnv();
  return { smtpUrl: env.smtpUrl, from: env.mailFrom ?? DEFAULT_MAIL_FROM };
}

export function mailTransportFor(settings: MailSettings = mailSettingsFromEnv()): MailTransport {
  if (!settings.smtpUrl) return LOG_TRANSPORT;
  const smtpUrl = settings.smtpUrl;
  return {
    name: "smtp",
    check: () => withPool(smtpUrl, (transporter) => transporter.verify()).then(() => undefined),
    deliver: (mail) =>
      withPool(smtpUrl, (transporter) =>
        transporter.sendMail({
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
        }),
      ).then(() => undefined),
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

/**
 * A pool with nothing to send closes its connections (with QUIT) after this long. Through a
 * burst the connections stay open; after it the mail server is not left holding idle sessions
 * until the socket timeout, and a test's SMTP server can close at once. A message after a quiet
 * spell opens a connection, as every message did before the pool.
 */
export const SMTP_IDLE_CLOSE_MS = 1_000;

type Pool = { transporter: Transporter; sending: number; idleTimer: NodeJS.Timeout | undefined };

// One pool per SMTP URL, while it has work (see SMTP_IDLE_CLOSE_MS).
const pools = new Map<string, Pool>();

function poolFor(smtpUrl: string): Pool {
  let pool = pools.get(smtpUrl);
  if (!pool) {
    // SMTPPool itself, not createTransport({ url, ... }): given a `url`, createTransport keeps
    // only what the URL says and silently drops every other option (the timeouts above were
    // ignored that way). SMTPPool merges both; options in the URL's query (?ignoreTLS=true,
    // ?tls.rejectUnauthorized=false, ?maxConnections=2) win.
    const smtpPool = new SMTPPool({
      url: smtpUrl,
      pool: true,
      ...SMTP_TIMEOUTS,
      ...SMTP_POOL,
    } as SMTPPool.Options);
    pool = { transporter: nodemailer.createTransport(smtpPool), sending: 0, idleTimer: undefined };
    pools.set(smtpUrl, pool);
  }
  return pool;
}

/** Runs `work` (a send, a check) on the URL's pool; the pool closes once idle after it. */
async function withPool<T>(smtpUrl: string, work: (transporter: Transporter) => Promise<T>) {
  const pool = poolFor(smtpUrl);
  clearTimeout(pool.idleTimer);
  pool.sending += 1;
  try {
    return await work(pool.transporter);
  } finally {
    pool.sending -= 1;
    if (pool.sending === 0) {
      pool.idleTimer = setTimeout(() => {
        // Nothing was sent through it since: a send clears this timer before it starts.
        if (pools.get(smtpUrl) === pool) pools.delete(smtpUrl);
        pool.transporter.close();
      }, SMTP_IDLE_CLOSE_MS);
      pool.idleTimer.unref();
    }
  }
}

/**
 * Closes every pool's connections (a message being sent finishes first): the server's stop
 * calls it after the sender stopped. A later message opens a new pool.
 */
export function closeMailTransports() {
  for (const pool of pools.values()) {
    clearTimeout(pool.idleTimer);
    pool.transporter.close();
  }
  pools.clear();
}

/**
 * Error codes that say the mail server took no session at all: no connection, no greeting (or
 * one refusing service, "421"), TLS or the login failed, the connection dropped. While these are
 * the errors no message can go, and once a message or a check goes through, every message that
 * waits on one of them can. Refusals of one message (a bounced recipient, refused content:
 * EENVELOPE, EMESSAGE) are that message's own. Nodemailer's codes, and Node's own for a
 * transport that passes socket errors through.
 */
export const SERVER_UNAVAILABLE_CODES = [
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "ETLS",
  "EPROTOCOL",
  "EAUTH",
  "ENOAUTH",
  "EOAUTH2",
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
] as const;

/** The error as stored on the row: `CODE: message` when it has a code (see SERVER_UNAVAILABLE_CODES). */
export function describeMailError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}
