// The thread between an owner and the office on a submission (issue 47): its limits and words,
// shared by the owner's pages, the admin submission page and their actions. Pure.

export const THREAD_INTENT = "message";

export const THREAD_MESSAGE_MAX = 2000;

export const THREAD_MESSAGES = {
  empty: "Please write a message",
  tooLong: `Please keep your message under ${THREAD_MESSAGE_MAX} characters`,
  notSent: "Send the submission first: our office reads messages once it is sent.",
} as const;

/** The posted message, trimmed; or why it cannot be sent. */
export function parseThreadMessage(
  value: FormDataEntryValue | null,
): { ok: true; body: string } | { ok: false; message: string; body: string } {
  const body = typeof value === "string" ? value.trim() : "";
  if (!body) return { ok: false, message: THREAD_MESSAGES.empty, body };
  if (body.length > THREAD_MESSAGE_MAX)
    return { ok: false, message: THREAD_MESSAGES.tooLong, body };
  return { ok: true, body };
}
