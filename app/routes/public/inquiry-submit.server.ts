import type { RouterContextProvider } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { badRequest, failed, limitAttempt } from "~/http/responses.server";
import type { FormMessage } from "~/lib/action-result";
import { type InquiryField, type InquiryParse, inquiryValuesOf } from "~/lib/schemas/inquiry";
import { logger } from "~/log/logger.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";

// The one flow behind the contact and service inquiry actions: honeypot, validation, rate
// limit, store, and the answer the page shows (ActionResult). Success is `{ ok: true }` (the page
// shows the toast and clears the form); a failure is the form's message, the fields' messages
// and what was typed, with 400, 429 or 500.

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

export async function submitInquiryForm<T>(
  args: ActionArgs,
  form: FormData,
  spec: {
    /** Rate-limit key part, one per form. */
    formName: string;
    fields: readonly InquiryField[];
    parse: (form: FormData) => InquiryParse<T>;
    store: (input: T, userId: string | null) => Promise<unknown>;
    failed: FormMessage;
  },
) {
  const values = inquiryValuesOf(form, spec.fields);
  // A bot is answered like a person; nothing is stored.
  if (isHoneypotTripped(form)) return { ok: true as const };

  const parsed = spec.parse(form);
  if (!parsed.success) return badRequest({ ...parsed.failure, values });

  // Counted only for submissions that would be stored: a visitor correcting typos is not
  // slowed down, and a flood of valid-looking messages is.
  const limited = await limitAttempt(
    rateLimitKey("publicForm", spec.formName, getClientIp(args)),
    RATE_LIMITS.publicForm,
    { values },
  );
  if (limited) return limited;

  try {
    const user = await getSessionUser(args.request);
    await spec.store(parsed.data, user?.id ?? null);
  } catch (error) {
    logger.error({ err: error, form: spec.formName }, "Could not store an inquiry");
    return failed(500, { error: spec.failed, fields: {}, values });
  }
  return { ok: true as const };
}
