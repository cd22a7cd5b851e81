import { db } from "~/db/client.server";
import { mailOutbox, type OutboxAttachment } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { logger } from "~/lib/logger.server";
import { deliverAllDueMail, kickMailSender } from "./mail-sender.server";

// Outgoing e-mail goes through a transactional outbox (ADR 11). The e-mails a write causes are
// inserted into mail_outbox, status 'pending', by enqueueMail in the SAME transaction as the
// write (a model's InTransaction hook, ~/db/transaction.server): the booking and its
// confirmation commit together or not at all, and a process killed right after the commit
// leaves the message in the table. The sender (./mail-sender.server) delivers pending rows
// through SMTP (SMTP_URL) or the log, with retries, from whichever instance claims them first.

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
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

function outboxAttachment(attachment: MailAttachment): OutboxAttachment {
  const { filename, contentType, content } = attachment;
  return typeof content === "string"
    ? { filename, contentType, content }
    : { filename, contentType, content: content.toString("base64"), encoding: "base64" };
}

/**
 * Puts messages in the outbox, pending, using `executor`: pass the write's transaction so they
 * commit with it. Answers the rows' ids. Call kickMailSender() once the transaction committed.
 */
export async function enqueueMail(
  executor: Executor,
  messages: MailMessage | readonly MailMessage[],
): Promise<string[]> {
  const list = Array.isArray(messages) ? messages : [messages as MailMessage];
  if (list.length === 0) return [];
  const rows = await executor
    .insert(mailOutbox)
    .values(
      list.map((message) => ({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: message.attachments?.length ? message.attachments.map(outboxAttachment) : null,
        headers: message.headers && Object.keys(message.headers).length ? message.headers : null,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------
// Mail that no write of ours causes. better-auth asks for the password-reset e-mail after it
// stored the token itself, outside any transaction we hold; the form must not reveal whether
// the address is registered, so even composing that message happens after the response. It is
// queued on its own: the message exists from then on (a crash in the milliseconds before is the
// only loss, and the visitor can ask again). settleBackgroundMail() waits for these.

const backgroundTasks = new Set<Promise<unknown>>();

/** Composes after the response and queues what `build` answers (nothing for undefined). */
export function queueMailInBackground(
  build: () => Promise<MailMessage | readonly MailMessage[] | undefined>,
): void {
  const task: Promise<void> = (async () => {
    const messages = await build();
    if (!messages) return;
    await enqueueMail(db, messages);
    kickMailSender();
  })()
    .catch((error: unknown) => {
      logger.error({ err: error }, "Could not queue an e-mail");
    })
    .finally(() => backgroundTasks.delete(task));
  backgroundTasks.add(task);
}

/** Waits for mail still being composed in the background (the server's stop waits for it). */
export async function settleQueuedMail(): Promise<void> {
  while (backgroundTasks.size > 0) await Promise.allSettled([...backgroundTasks]);
}

/**
 * Waits for background composing, then delivers everything due now with the configured
 * transport, in this process: what a running server's sender does on its own within moments.
 * Tests call it before reading what was sent.
 */
export async function settleBackgroundMail(): Promise<void> {
  await settleQueuedMail();
  await deliverAllDueMail();
}
