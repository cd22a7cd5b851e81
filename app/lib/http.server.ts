import { data, redirect } from "react-router";
import type { FlashKey } from "~/auth/flash";
import { flashCookie } from "~/auth/flash.server";
import type { ActionFailure, FormMessage } from "~/lib/action-result";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";

// The answers every route gives in the same way: 400 with the form's errors, 404, 429 with
// Retry-After, and a redirect carrying a toast (Post/Redirect/Get).

export const TOO_MANY_ATTEMPTS: FormMessage = {
  title: "Error",
  message: TOO_MANY_ATTEMPTS_MESSAGE,
};

/** 400: the submission failed validation; the body carries the messages and what was typed. */
export function badRequest<Values>(
  failure: Omit<ActionFailure<Values>, "ok">,
  init?: ResponseInit,
) {
  return data({ ok: false as const, ...failure }, { ...init, status: 400 });
}

/** Any other failed submission (409, 500, ...) in the same shape as badRequest. */
export function failed<Values>(
  status: number,
  failure: Omit<ActionFailure<Values>, "ok">,
  init?: ResponseInit,
) {
  return data({ ok: false as const, ...failure }, { ...init, status });
}

/** 404: an unknown or malformed id, or another user's row. Thrown: the route's 404 page shows. */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** 429 with Retry-After, in the shape of badRequest, keeping what was typed. */
export function tooManyAttempts<Values>(
  retryAfterSeconds: number,
  failure: Omit<ActionFailure<Values>, "ok" | "error"> = {},
) {
  return data(
    { ok: false as const, error: TOO_MANY_ATTEMPTS, fields: {}, ...failure },
    { status: 429, headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
  );
}

/** A redirect that shows one of the catalogue's toasts on the next page. */
export function redirectWithFlash(to: string, key: FlashKey, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", flashCookie(key));
  return redirect(to, { ...init, headers });
}
