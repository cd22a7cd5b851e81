import { parseThreadMessage, THREAD_INTENT, THREAD_MESSAGES } from "~/lib/submission-thread";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import { badRequest, failed, limitAttempt, notFound, redirectWithFlash } from "./responses.server";

// A message posted on a submission's thread (issue 47), by the owner (their submission's or
// listing's page) or the office (the admin submission page): read, rate limited per address as
// the public forms are, stored by `post` (the model, with the poster's scope), then back to the
// page. A refusal keeps what was typed beside the field.

type Args = Parameters<typeof getClientIp>[0];
type Posted = { ok: true } | { ok: false; reason: "not-found" | "not-sent" };

export async function postThreadMessage(
  args: Args,
  form: FormData,
  post: (body: string) => Promise<Posted>,
  backTo: string,
) {
  const intent = THREAD_INTENT;
  const parsed = parseThreadMessage(form.get("body"));
  const values = { body: parsed.body };
  if (!parsed.ok) {
    return badRequest({
      intent,
      error: { title: "Validation Error", message: parsed.message },
      fields: { body: parsed.message },
      values,
    });
  }
  const limited = await limitAttempt(
    rateLimitKey("publicForm", "thread", getClientIp(args)),
    RATE_LIMITS.publicForm,
    { intent, values },
  );
  if (limited) return limited;
  const posted = await post(parsed.body);
  if (!posted.ok && posted.reason === "not-found") notFound();
  if (!posted.ok) {
    const message = THREAD_MESSAGES.notSent;
    return failed(409, {
      intent,
      error: { title: "Could not send", message },
      fields: { body: message },
      values,
    });
  }
  return redirectWithFlash(backTo, "threadMessageSent");
}
