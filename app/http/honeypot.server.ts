import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * True when the hidden honeypot field was filled in, i.e. a bot posted the form. The action should
 * then answer as if it succeeded (so the bot learns nothing) and store nothing.
 */
export function isHoneypotTripped(formData: FormData): boolean {
  return formData
    .getAll(HONEYPOT_FIELD)
    .some((value) => (typeof value === "string" ? value.trim() !== "" : value.size > 0));
}
