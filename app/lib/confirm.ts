import type { ActionFailure } from "~/lib/action-result";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

// The confirm step of a destructive form post ("Cancel this appointment?"), the server's half.
// With JavaScript, ConfirmForm (app/components/ui/confirm-form.tsx) asks in the page and posts
// `confirmed=yes`. Without JavaScript the first post arrives without it: the action answers
// askToConfirm(...) (status 200, nothing written) and the page then shows the question with a
// second form that carries `confirmed=yes`. Client-safe: no server imports.
//
//   if (!isConfirmed(form)) return askToConfirm(form, "Delete this property?");
//   ... do it ...

export const CONFIRM_FIELD = "confirmed";
export const CONFIRM_VALUE = "yes";

/** What the action asks: the question and the fields of the form it is about. */
export type ConfirmQuestion = {
  question: string;
  /** The submitted form's fields (intent, ids), so the page shows the question on that form. */
  fields: Record<string, string>;
};

/** The answer of an action that needs a confirmation first: a failure with nothing written. */
export type ConfirmationRequest = ActionFailure<never> & { confirm: ConfirmQuestion };

/** True when the post says the user has answered yes. */
export function isConfirmed(form: FormData): boolean {
  return form.get(CONFIRM_FIELD) === CONFIRM_VALUE;
}

/**
 * The action's answer to an unconfirmed destructive post. It echoes the form's text fields
 * (not the honeypot nor `confirmed`), which for these forms are hidden ones such as `intent`
 * and an id, so the page can ask again on the right row. Return it as is: status 200.
 */
export function askToConfirm(form: FormData, question: string): ConfirmationRequest {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== CONFIRM_FIELD && name !== HONEYPOT_FIELD) {
      fields[name] = value;
    }
  }
  return { ok: false, confirm: { question, fields } };
}

/**
 * The action's confirmation request if it is about the form with these hidden `fields` (every
 * one the same), else undefined. Takes any actionData.
 */
export function confirmationFor(
  actionData: unknown,
  fields: Readonly<Record<string, string>>,
): ConfirmQuestion | undefined {
  if (!actionData || typeof actionData !== "object" || !("confirm" in actionData)) return undefined;
  const confirm = (actionData as { confirm?: unknown }).confirm;
  if (!confirm || typeof confirm !== "object") return undefined;
  const { question, fields: asked } = confirm as Partial<ConfirmQuestion>;
  if (typeof question !== "string" || !asked || typeof asked !== "object") return undefined;
  const matches = Object.entries(fields).every(([name, value]) => asked[name] === value);
  return matches ? { question, fields: asked } : undefined;
}
