import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { logger } from "~/log/logger.server";
import { deliverAllDueMail } from "./mail-delivery.server";
import { type MailMessage, renderedColumns } from "./mail-message";
import { kickMailSender } from "./mail-sender.server";

// Outgoing e-mail goes through a transactional outbox (ADR 11). A model's write stores what
// happened as a notification row of mail_outbox in its own transaction
// (~/models/notification.server): the booking and its confirmation commit together or not at
// all, and a process killed right after the commit leaves the row in the table. The sender
// (./mail-claims.server) renders each notification into its e-mails
// (./notification-mail.server) and delivers them through SMTP (SMTP_URL) or the log, with
// retries, from whichever instance claims them first. Mail no write of ours causes (below, and
// the backup reports) is queued here already rendered, with enqueueMail.

/**
 * Puts rendered messages in the outbox, pending, using `executor`: pass the write's transaction
 * so they commit with it. Answers the rows' ids. Call kickMailSender() once it committed.
 */
export async function enqueueMail(
  executor: Executor,
  messages: MailMessage | readonly MailMessage[],
): Promise<string[]> {
  const list = Array.isArray(messages) ? messages : [messages as MailMessage];
  if (list.length === 0) return [];
  const rows = await executor
    .insert(mailOutbox)
    .values(list.map(renderedColumns))
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
