import { and, eq, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/log/logger.server";
import { type DeliverOptions, deliverAllDueMail } from "./mail-delivery.server";
import { resumeMailIfServerAnswers } from "./mail-resume.server";

// The sender: renders and delivers the outbox's pending rows (ADR 11), in these parts:
//   ./mail-claims.server.ts    rendering the due notifications, claiming due rows with a lease
//   ./mail-delivery.server.ts  a pass: sending the claimed rows, MAIL_CONCURRENCY at once
//   ./mail-retry.server.ts     when a failed row is tried again, and when it is given up
//   ./mail-resume.server.ts    mail that waits on a mail server that took no session goes out
//                              as soon as it answers again (issue 44)
//   this module                the server's sender that runs the passes, and pruning

/** How often a running sender looks for due rows it was not told about. */
export const MAIL_POLL_MS = 5_000;
/** How often the server's sender asks the mail server whether it takes mail again, while mail waits on it. */
export const MAIL_CHECK_MS = 30_000;

// ---------------------------------------------------------------------------
// The server's sender: started by startApp, stopped by stopApp (server/app.ts). It runs a pass
// at start (mail left pending by a crash or a stop goes out now), every MAIL_POLL_MS, and at
// once when kicked after a commit that queued mail. Every MAIL_CHECK_MS, while mail waits for a
// retry because the mail server took no session, it checks the server and, when it answers,
// makes that mail due and runs a pass. Kept on globalThis so a module reloaded by the dev
// server kicks the same sender.

type SenderState = {
  options: DeliverOptions & { pollMs: number; checkMs: number };
  timer: NodeJS.Timeout | undefined;
  checkTimer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  checking: boolean;
  again: boolean;
  stopped: boolean;
};

const SENDER_KEY = Symbol.for("naija-homes.mail-sender");
type GlobalWithSender = typeof globalThis & { [SENDER_KEY]?: SenderState };

function currentSender(): SenderState | undefined {
  return (globalThis as GlobalWithSender)[SENDER_KEY];
}

export function startMailSender(
  options: DeliverOptions & { pollMs?: number; checkMs?: number } = {},
): void {
  if (currentSender()) return;
  const state: SenderState = {
    options: {
      ...options,
      pollMs: options.pollMs ?? MAIL_POLL_MS,
      checkMs: options.checkMs ?? MAIL_CHECK_MS,
    },
    timer: undefined,
    checkTimer: undefined,
    running: undefined,
    checking: false,
    again: false,
    stopped: false,
  };
  (globalThis as GlobalWithSender)[SENDER_KEY] = state;
  schedule(state, 0);
  state.checkTimer = setInterval(() => checkMailServer(state), state.options.checkMs);
  state.checkTimer.unref();
}

/**
 * One check at a time. The stop does not wait for it (a server that never answers holds a
 * check for its timeouts): a check that ends after the stop changes nothing.
 */
function checkMailServer(state: SenderState) {
  if (state.checking || state.stopped) return;
  state.checking = true;
  resumeMailIfServerAnswers(state.options, () => state.stopped)
    .then((resumed) => {
      if (resumed > 0) kick(state);
    })
    .catch((error: unknown) => {
      if (!state.stopped) logger.warn({ err: error }, "Checking the mail server failed");
    })
    .finally(() => {
      state.checking = false;
    });
}

function schedule(state: SenderState, ms: number) {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => runPasses(state), ms);
  state.timer.unref();
}

function runPasses(state: SenderState) {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    do {
      state.again = false;
      await deliverAllDueMail(state.options, () => state.stopped);
    } while (state.again && !state.stopped);
  })()
    .catch((error: unknown) => {
      logger.error({ err: error }, "The mail sender's pass failed; it will try again");
    })
    .finally(() => {
      state.running = undefined;
      schedule(state, state.options.pollMs);
    });
}

/**
 * Tells this process's sender that mail was queued: call after the transaction that queued it
 * committed. Without a running sender (tests, command-line tasks) it does nothing: the rows
 * wait in the outbox for a server.
 */
export function kickMailSender(): void {
  const state = currentSender();
  if (state) kick(state);
}

function kick(state: SenderState) {
  if (state.stopped) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}

/**
 * Stops the sender after the messages it is sending; the rows it had claimed and not started go
 * back to the outbox for the next start (or another instance).
 */
export async function stopMailSender(): Promise<void> {
  const state = currentSender();
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  clearInterval(state.checkTimer);
  await state.running;
  (globalThis as GlobalWithSender)[SENDER_KEY] = undefined;
}

// ---------------------------------------------------------------------------------------------
// Pruning. A delivered row is only a record once sent (what went to whom, for a support
// question); a failed one is kept longer, for someone to look into. The server prunes with its
// other periodic upkeep (server/app.ts); pending rows are never touched.

/** Days a delivered message stays in the outbox. */
export const SENT_MAIL_KEEP_DAYS = 30;
/** Days a message that could not be delivered stays in the outbox. */
export const FAILED_MAIL_KEEP_DAYS = 90;

/** Deletes delivered and failed messages past their keeping time; answers how many. */
export async function pruneMailOutbox(now: Date = new Date()): Promise<number> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, daysBefore(SENT_MAIL_KEEP_DAYS))),
        and(
          eq(mailOutbox.status, "failed"),
          lt(mailOutbox.createdAt, daysBefore(FAILED_MAIL_KEEP_DAYS)),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}
