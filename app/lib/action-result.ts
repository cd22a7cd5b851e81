// What actions and model functions answer: one shape each, used by every screen.
//
// An action answers `ActionResult`: success, or a failure the form shows (a message for the
// whole form, one per field, and what was typed so the form keeps it). Model functions answer
// `Outcome`: success with its data, or a reason the caller turns into a message or a status.
// Nothing here imports server code, so components may use the types and the helpers.

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
};

export type ActionSuccess<Data extends object = object> = { ok: true } & Data;

export type ActionResult<Data extends object = object, Values = Record<string, string>> =
  | ActionSuccess<Data>
  | ActionFailure<Values>;

/** A model function's answer: `{ ok: true, ...data }` or `{ ok: false, reason }`. */
export type Outcome<Data extends object, Reason extends string> =
  | ({ ok: true } & Data)
  | { ok: false; reason: Reason };

/** The failure an action returned, if it returned one (for components reading actionData). */
export function failureOf<Values>(
  result: ActionResult<object, Values> | undefined | null,
): ActionFailure<Values> | undefined {
  return result && result.ok === false ? result : undefined;
}
