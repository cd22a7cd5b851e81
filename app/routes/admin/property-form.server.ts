import { badRequest } from "~/http/responses.server";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  isMissingRequired,
  PROPERTY_MESSAGES,
  type PropertyInput,
  postedPropertyValues,
  propertySchema,
} from "~/lib/schemas/property";
import { type TitleCheckInput, titleCheckSchema } from "~/lib/schemas/title-check";
import { getFeeTerms } from "~/models/fee-terms.server";

/** The message beside the Agent field when the chosen account is not an active agent. */
export const AGENT_REFUSED = "Please choose an active agent, or the office.";

/** The agent an admin chose on the form ("" is the office); undefined when the form had none. */
export function postedAgentId(form: FormData): string | null | undefined {
  const value = form.get("agentId");
  if (typeof value !== "string") return undefined;
  return value.trim() || null;
}

/** The 400 answer for an agent id that is not an active agent: nothing was written. */
export function agentRefused(form: FormData, title: string) {
  return badRequest({
    error: { title, message: AGENT_REFUSED },
    fields: { agentId: AGENT_REFUSED },
    values: { ...postedPropertyValues(form), agentId: String(form.get("agentId") ?? "") },
  });
}

/**
 * The admin property form's post, checked: the input to store, or the 400 answer that shows
 * the messages beside the fields and keeps what was typed ('Please fill in all required
 * fields' when the title, price or location is missing; a rental's fees over the office's
 * limits are refused with the reason).
 */
export async function readPropertyForm(
  form: FormData,
): Promise<
  | { ok: true; input: PropertyInput; titleCheck: TitleCheckInput }
  | { ok: false; response: ReturnType<typeof badRequest> }
> {
  const posted = Object.fromEntries(form);
  const parsed = propertySchema(await getFeeTerms()).safeParse(posted);
  // The office's title check (issue 46): staff forms only; a form without it posts none.
  const title = titleCheckSchema().safeParse(posted);
  if (parsed.success && title.success) {
    return { ok: true, input: parsed.data, titleCheck: title.data };
  }
  const fields = {
    ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
    ...(title.success ? {} : fieldErrorsOf(title.error)),
  };
  const first = Object.values(fields)[0] ?? PROPERTY_MESSAGES.required.message;
  const error = isMissingRequired(fields)
    ? PROPERTY_MESSAGES.required
    : { title: "Validation Error", message: first };
  return {
    ok: false,
    response: badRequest({ error, fields, values: postedPropertyValues(form) }),
  };
}
