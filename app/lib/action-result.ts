// What actions and model functions answer: one shape each, used by every screen.
//
// An action answers `ActionResult`: success, or a failure the form shows (a message for the
// whole form, one per field, and what was typed so the form keeps it). Build failures with
// badRequest / failed / tooManyAttempts (app/http/responses.server.ts); a success that moves on is a
// redirect with a toast (redirectWithFlash), one that stays is `{ ok: true, ...data }`, and the
// page shows its own success message (the spec's words, from the entity's module in
// app/lib/schemas).
//
// Model functions answer `Outcome` when a write can be refused in an expected way: success with
// its data, or a reason the caller turns into a message or a status. Reads answer the row or
// undefined; unexpected failures throw.
//
// Nothing here imports server code, so components may use the types and the helpers.

import type { EditConflict } from "./edit-conflict";

/** A message for the whole form: a toast title and its text (the spec's words). */
export type FormMessage = { title: string; message: string };

/** A notice on the page and as a toast (the dashboard forms; a flash after a redirect looks alike). */
export type ResultToast = { type: "success" | "error"; title: string; description?: string };

/** The first message for each field that failed, by field name. */
export type FieldErrors = Partial<Record<string, string>>;

export type ActionFailure<Values = Record<string, string>> = {
  ok: false;
  /** The form-level message, shown above the form and as a toast. */
  error?: FormMessage;
  fields?: FieldErrors;
  /** What the user typed (never a password), so the form shows it again. */
  values?: Values;
  /** On a screen with several forms: the `intent` that failed, so the right form shows it. */
  intent?: string;
  /** For a page that shows a failure its own way (a dead link, "sign in first"). */
  reason?: string;
  /** A save over a newer version (409): nothing was written; see app/lib/edit-conflict.ts. */
  conflict?: EditConflict;
};

export type ActionSuccess<Data extends object = object> = { ok: true } & Data;

export type ActionResult<Data extends object = object, Values = Record<string, string>> =
  | ActionSuccess<Data>
  | ActionFailure<Values>;

/** A model function's answer: `{ ok: true, ...data }` or `{ ok: false, reason }`. */
export type Outcome<Data extends object, Reason extends string> =
  | ({ ok: true } & Data)
  | { ok: false; reason: Reason };

/**
 * The failure an action returned, if it returned one (for components reading actionData); typed
 * as the action's own failures, so `values` keeps the form's fields.
 */
export function failureOf<Result extends { ok: boolean }>(
  result: Result | undefined | null,
): Extract<Result, { ok: false }> | undefined {
  return result && result.ok === false ? (result as Extract<Result, { ok: false }>) : undefined;
}

/**
 * The notice for an action's answer: its form-level error, or `success` (the page's own words)
 * when it succeeded; undefined before any answer or for a failure without a form-level message.
 */
export function noticeOf(
  result: ActionResult<object, unknown> | undefined | null,
  success: { title: string; description?: string },
): ResultToast | undefined {
  if (!result) return undefined;
  if (result.ok) return { type: "success", ...success };
  return result.error ? errorNotice(result.error) : undefined;
}

/** A form-level error as a notice: its title, its message under it. */
export function errorNotice(error: FormMessage): ResultToast {
  return { type: "error", title: error.title, description: error.message };
}
