import { badRequest } from "~/http/responses.server";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  isMissingRequired,
  PROPERTY_MESSAGES,
  type PropertyInput,
  postedPropertyValues,
  propertySchema,
} from "~/lib/schemas/property";

/**
 * The admin property form's post, checked: the input to store, or the 400 answer that shows
 * the messages beside the fields and keeps what was typed ('Please fill in all required
 * fields' when the title, price or location is missing).
 */
export function readPropertyForm(
  form: FormData,
): { ok: true; input: PropertyInput } | { ok: false; response: ReturnType<typeof badRequest> } {
  const parsed = propertySchema().safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  const fields = fieldErrorsOf(parsed.error);
  const first = Object.values(fields)[0] ?? PROPERTY_MESSAGES.required.message;
  const error = isMissingRequired(fields)
    ? PROPERTY_MESSAGES.required
    : { title: "Validation Error", message: first };
  return {
    ok: false,
    response: badRequest({ error, fields, values: postedPropertyValues(form) }),
  };
}
