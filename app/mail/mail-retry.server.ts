// The outbox's retry rules (ADR 11): when a row whose delivery (or rendering) failed is tried
// again, and when it is given up. A failure sets the row's next attempt after an exponential
// backoff of at most MAIL_RETRY_MAX_MS; once the row has had MAIL_MAX_ATTEMPTS attempts and was
// queued MAIL_GIVE_UP_AFTER_MS ago, it is marked 'failed' and logged as an error. Rows that
// wait because the mail server took no session go again sooner, as soon as it answers
// (./mail-resume.server.ts).

/** A message is given up only after this many attempts, and MAIL_GIVE_UP_AFTER_MS after it was queued. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a message is tried: about as long as the uncapped backoff's 8 attempts took before
 * the cap (63.5 min), so capping the wait made no message fail sooner. By time, not by count:
 * the attempts made at once when the server answers again do not use a message's life up.
 */
export const MAIL_GIVE_UP_AFTER_MS = 60 * 60_000;
/** First retry after this; each further one waits twice as long, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
/**
 * The longest wait between two attempts: 30 s, 1, 2, 4 min, then every 5 min. With an hour's cap
 * a message queued during a 19-minute outage waited 13 minutes more after it (issue 44).
 */
export const MAIL_RETRY_MAX_MS = 5 * 60_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

/** When a row that failed again is given up (givesUp) rather than retried. */
export type RetryLimits = { maxAttempts: number; giveUpAfterMs: number };

export function givesUp(attempts: number, ageMs: number, limits: RetryLimits): boolean {
  return attempts >= limits.maxAttempts && ageMs >= limits.giveUpAfterMs;
}

/** The limits a caller set (a test's), the defaults above for the rest. */
export function retryLimitsOf(options: Partial<RetryLimits>): RetryLimits {
  return {
    maxAttempts: options.maxAttempts ?? MAIL_MAX_ATTEMPTS,
    giveUpAfterMs: options.giveUpAfterMs ?? MAIL_GIVE_UP_AFTER_MS,
  };
}
