import { data, type HeadersArgs, redirect } from "react-router";
import { flashCookie } from "~/http/flash.server";
import type { ActionFailure, FieldErrors, FormMessage } from "~/lib/action-result";
import { type EditConflict, VERSION_FIELD } from "~/lib/edit-conflict";
import type { FlashKey } from "~/lib/flash";
import {
  consumeRateLimit,
  RATE_LIMITS,
  type RateLimitRule,
  rateLimitKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/rate-limit/rate-limit.server";

// The answers every route gives in the same way: 400 with the form's errors, 404, 429 with
// Retry-After, and a redirect carrying a toast (Post/Redirect/Get). The bodies are
// ActionFailure (app/lib/action-result.ts).

/** What a failure carries (ActionFailure without `ok`). */
type Failure = Omit<ActionFailure<unknown>, "ok">;

/**
 * The body the helpers answer: an ActionFailure whose `values`, `intent` and `reason` keep the
 * types the action gave them, so a page reading actionData sees its own fields (and can tell
 * one form's failure from another's by `intent`).
 */
type FailureBody<F> = {
  ok: false;
  error?: FormMessage;
  fields?: FieldErrors;
  values?: F extends { values: infer V } ? V : undefined;
  intent?: F extends { intent: infer I } ? I : undefined;
  reason?: F extends { reason: infer R } ? R : undefined;
  conflict?: EditConflict;
};

function bodyOf<F extends Failure>(failure: F): FailureBody<F> {
  return { ok: false, ...failure } as FailureBody<F>;
}

export const TOO_MANY_ATTEMPTS: FormMessage = {
  title: "Error",
  message: TOO_MANY_ATTEMPTS_MESSAGE,
};

/** 400: the submission failed validation; the body carries the messages and what was typed. */
export function badRequest<const F extends Failure>(failure: F, init?: ResponseInit) {
  return data(bodyOf(failure), { ...init, status: 400 });
}

/** Any other failed submission (401, 409, 500, ...) in the same shape as badRequest. */
export function failed<const F extends Failure>(status: number, failure: F, init?: ResponseInit) {
  return data(bodyOf(failure), { ...init, status });
}

/**
 * The version a form was opened at (its hidden field), if it sent one: the record's digest, without
 * the base the form's token carries too (app/http/edit-merge.server.ts reads both).
 */
export function postedVersion(form: FormData): string | undefined {
  const value = form.get(VERSION_FIELD);
  if (typeof value !== "string" || !value.trim()) return undefined;
  return value.trim().split(".")[0] || undefined;
}

/** 400 for a post whose `intent` names none of the forms the action serves. */
export function unknownIntent() {
  return badRequest({ error: { title: "Error", message: "Unknown action." } });
}

/** 404: an unknown or malformed id, or another user's row. Thrown: the route's 404 page shows. */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** What tooManyAttempts keeps: what was typed, the intent, and the form's own title. */
export type TooManyAttempts = Omit<Failure, "error"> & { title?: string };

/**
 * 429 with Retry-After, in the shape of badRequest, keeping what was typed. The message is always
 * TOO_MANY_ATTEMPTS_MESSAGE; `title` keeps the title a form already uses for it.
 */
export function tooManyAttempts<const F extends TooManyAttempts>(
  retryAfterSeconds: number,
  { title, ...failure }: F = {} as F,
) {
  const error: FormMessage = title ? { ...TOO_MANY_ATTEMPTS, title } : TOO_MANY_ATTEMPTS;
  return data(bodyOf({ error, fields: {}, ...failure }), {
    status: 429,
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

/**
 * Counts one attempt against `key` (rateLimitKey) under `rule`; over the limit, answers the 429
 * to return (tooManyAttempts with `failure`), else undefined:
 *
 *   const limited = await limitAttempt(rateLimitKey("signUp", ip), RATE_LIMITS.signUp, { values });
 *   if (limited) return limited;
 */
export async function limitAttempt<const F extends TooManyAttempts>(
  key: string,
  rule: RateLimitRule,
  failure?: F,
) {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(key, rule);
  return allowed ? undefined : tooManyAttempts(retryAfterSeconds, failure);
}

/**
 * The limits of a sign-in attempt (the customer form, or the admin login with "adminLogin"):
 * first the client address's, whatever the e-mail (password spraying), then the address and
 * e-mail's. Answers the 429 to return, or undefined.
 */
export async function limitSignIn(
  ip: string,
  values: { email: string },
  rule: "signIn" | "adminLogin" = "signIn",
) {
  return (
    (await limitAttempt(rateLimitKey("signInPerAddress", ip), RATE_LIMITS.signInPerAddress, {
      values,
    })) ?? (await limitAttempt(rateLimitKey(rule, ip, values.email), RATE_LIMITS[rule], { values }))
  );
}

/**
 * The `headers` export of every route whose action or loader can answer 429:
 *
 *   export const headers = retryAfterHeaders;
 *
 * React Router builds a page's (and a data request's) headers from the routes' `headers`
 * exports and keeps only the cookies of what the handlers answered, so without it the
 * Retry-After of tooManyAttempts would be lost (app/http/responses.server.test.ts checks the routes).
 */
export function retryAfterHeaders({ actionHeaders, loaderHeaders, parentHeaders }: HeadersArgs) {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A redirect that shows one of the catalogue's toasts on the next page (`init.headers` kept). */
export function redirectWithFlash(to: string, key: FlashKey, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashCookie(key));
  return redirect(to, { ...init, headers });
}
