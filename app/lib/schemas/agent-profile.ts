import { z } from "zod";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import { whatsappDigits } from "~/lib/whatsapp";
import { checkbox, FIELD_MESSAGES, optionalPhone, trimmedText } from "./fields";

// An agent's public profile as the office edits it on the agent's account (/admin/users/:id,
// issue 45 item 3): staff ID, LASRERA and ESVARBON/NIESV numbers, official phone and WhatsApp,
// public e-mail. Every field may be empty; what is entered must look like what it says.

export const AGENT_PROFILE_LIMITS = {
  staffId: 20,
  registration: 40,
  email: 254,
} as const;

export const AGENT_PROFILE_MESSAGES = {
  staffId: "Please enter a staff ID of letters, digits and dashes (at most 20)",
  staffIdTaken: "Another agent already has this staff ID",
  lasreraNumber:
    "Please enter the LASRERA number as written on the permit (letters, digits, / and -)",
  esvarbonNumber:
    "Please enter the ESVARBON/NIESV number as written on the certificate (letters, digits, / and -)",
  officialPhone: FIELD_MESSAGES.phone,
  officialWhatsapp: "Please enter a WhatsApp number with its country code, or a Nigerian number",
  publicEmail: FIELD_MESSAGES.email,
  publicEmailBoth:
    "Leave the public e-mail empty when the sign-in e-mail is used as the public e-mail",
  notAgent: "Only an agent's account has a public profile.",
  saveFailed: "Failed to update the agent profile",
  saved: "Agent profile updated",
} as const;

const STAFF_ID = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
// As regulators print them: "LASRERA/AG/2023/0142", "NIESV-1234".
const REGISTRATION = /^[A-Za-z0-9][A-Za-z0-9/ .-]*$/;

function registration(message: string) {
  return trimmedText().pipe(
    z
      .string()
      .max(AGENT_PROFILE_LIMITS.registration, message)
      .refine((v) => v === "" || REGISTRATION.test(v), message),
  );
}

export function agentProfileSchema() {
  return z
    .object({
      staffId: trimmedText().pipe(
        z
          .string()
          .max(AGENT_PROFILE_LIMITS.staffId, AGENT_PROFILE_MESSAGES.staffId)
          .refine((v) => v === "" || STAFF_ID.test(v), AGENT_PROFILE_MESSAGES.staffId),
      ),
      lasreraNumber: registration(AGENT_PROFILE_MESSAGES.lasreraNumber),
      esvarbonNumber: registration(AGENT_PROFILE_MESSAGES.esvarbonNumber),
      officialPhone: optionalPhone(AGENT_PROFILE_MESSAGES.officialPhone).pipe(
        z.string().max(PHONE_MAX_LENGTH, AGENT_PROFILE_MESSAGES.officialPhone),
      ),
      // A chat link must come of it (wa.me wants the country code).
      officialWhatsapp: trimmedText().pipe(
        z
          .string()
          .refine(
            (v) => v === "" || whatsappDigits(v) !== undefined,
            AGENT_PROFILE_MESSAGES.officialWhatsapp,
          ),
      ),
      publicEmail: trimmedText().pipe(
        z.union(
          [
            z.literal(""),
            z.email(AGENT_PROFILE_MESSAGES.publicEmail).max(AGENT_PROFILE_LIMITS.email),
          ],
          { error: AGENT_PROFILE_MESSAGES.publicEmail },
        ),
      ),
      publicEmailIsSignIn: checkbox(),
    })
    .superRefine((value, ctx) => {
      if (value.publicEmailIsSignIn && value.publicEmail !== "") {
        ctx.addIssue({
          code: "custom",
          path: ["publicEmail"],
          message: AGENT_PROFILE_MESSAGES.publicEmailBoth,
        });
      }
    });
}

export type AgentProfileInput = z.infer<ReturnType<typeof agentProfileSchema>>;

/** The form's fields, as posted (kept on a failed save). */
export const AGENT_PROFILE_FIELDS = [
  "staffId",
  "lasreraNumber",
  "esvarbonNumber",
  "officialPhone",
  "officialWhatsapp",
  "publicEmail",
  "publicEmailIsSignIn",
] as const;

export type AgentProfileValues = Record<(typeof AGENT_PROFILE_FIELDS)[number], string>;
