import { z } from "zod";
import { readCheckedValue } from "~/lib/verify-value";
import {
  FIELD_MESSAGES,
  fieldErrorsOf,
  optionalLine,
  optionalPhone,
  optionalText,
  requiredLine,
  trimmedText,
} from "./fields";

// Issue 45: the fraud report form (on every property page, on /verify, on an agent's profile)
// and the official channels an admin enters (/admin/channels). Schemas, labels and the words
// the pages show, in one place; safe to import on both sides.

/** The agency's name as /verify's answers say it ("This is not a NaijaHomes number"). */
export const BRAND = "NaijaHomes";

/** /verify's words for what is not ours, and what to do. */
export const VERIFY_WORDS = {
  notOurs: (noun: string) => `This is not a ${BRAND} ${noun}.`,
  impostor: (noun: string) => `This ${noun} is known to impersonate ${BRAND}.`,
  advice: "Do not pay or send documents. Report it",
  unreadable:
    "Please enter a phone or WhatsApp number, an e-mail address, a 10-digit account number or a listing code (e.g. NH-LAG-0421).",
} as const;

/** How far back "everyone who enquired about or booked it" reaches (a reported listing's warning). */
export const WARN_WINDOW_DAYS = 60;

export const REPORT_REASONS = [
  { value: "money_before_viewing", label: "Asked for money before a viewing" },
  { value: "different_property", label: "A different property was shown" },
  { value: "not_available", label: "Not available" },
  { value: "used_our_name", label: "Someone used our name" },
  { value: "wrong_details", label: "Wrong price or details" },
  { value: "other", label: "Other" },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]["value"];

export const REPORT_STATUSES = [
  { value: "new", label: "New" },
  { value: "looking", label: "Looking into it" },
  { value: "resolved", label: "Resolved" },
  { value: "not_a_problem", label: "Not a problem" },
] as const;

export type ReportStatus = (typeof REPORT_STATUSES)[number]["value"];

export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

export function reportStatusLabel(status: string): string {
  return REPORT_STATUSES.find((s) => s.value === status)?.label ?? status;
}

/** What a report is about, as the list and the report's page name it. */
export function reportSubjectText(report: {
  propertyId: string | null;
  agentId: string | null;
  checkedValue: string | null;
  subjectTitle: string | null;
}) {
  if (report.checkedValue) return `Checked value ${report.checkedValue}`;
  if (report.agentId) return `Agent ${report.subjectTitle ?? ""}`.trim();
  return `Listing ${report.subjectTitle ? `"${report.subjectTitle}"` : "(removed)"}`;
}

export const REPORT_LIMITS = { name: 120, email: 254, phone: 30, message: 3000 };

export const REPORT_MESSAGES = {
  reasonMissing: "Please choose what happened",
  sent: {
    title: "Report sent",
    message:
      "Thank you. Our office reads every report and will look into it. If you gave a phone number or e-mail, we may contact you.",
  },
  failed: { title: "Error", message: "Failed to send your report. Please try again later." },
  subjectMissing: "This report is not about anything we can find. Please start again.",
} as const;

/** What a report is about: a listing, an agent, or a value checked on /verify. */
export type ReportSubject =
  | { kind: "listing"; id: string }
  | { kind: "agent"; id: string }
  | { kind: "value"; value: string };

/** The hidden fields that carry a subject through the form. */
export function reportSubjectFields(subject: ReportSubject): Record<string, string> {
  if (subject.kind === "value") return { about: "value", value: subject.value };
  return { about: subject.kind, id: subject.id };
}

/** The subject a posted report names, or undefined when it names none. */
export function readReportSubject(form: FormData): ReportSubject | undefined {
  const about = form.get("about");
  const id = String(form.get("id") ?? "").trim();
  const value = String(form.get("value") ?? "").trim();
  if ((about === "listing" || about === "agent") && id) return { kind: about, id };
  if (about === "value" && readCheckedValue(value)) return { kind: "value", value };
  return undefined;
}

export function reportSchema() {
  return z.object({
    reason: z.enum(
      REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]],
      REPORT_MESSAGES.reasonMissing,
    ),
    name: optionalLine(REPORT_LIMITS.name),
    phone: optionalPhone(),
    email: trimmedText().pipe(
      z
        .string()
        .max(REPORT_LIMITS.email, FIELD_MESSAGES.email)
        .refine((v) => v === "" || z.email().safeParse(v).success, FIELD_MESSAGES.email),
    ),
    message: optionalText(REPORT_LIMITS.message),
  });
}

export type ReportInput = z.infer<ReturnType<typeof reportSchema>>;

export const REPORT_FIELDS = ["reason", "name", "phone", "email", "message"] as const;

export type ReportValues = Partial<Record<(typeof REPORT_FIELDS)[number], string>>;

// ---------------------------------------------------------------------------------------------
// Official channels (/admin/channels).

export const CHANNEL_KINDS = [
  { value: "phone", label: "Phone lines", valueLabel: "Phone number" },
  { value: "whatsapp", label: "WhatsApp lines", valueLabel: "WhatsApp number" },
  { value: "email", label: "E-mail addresses", valueLabel: "E-mail address" },
  { value: "bank_account", label: "Bank accounts", valueLabel: "Account number (NUBAN)" },
  { value: "impostor", label: "Known impostors", valueLabel: "Number, account or e-mail" },
] as const;

export type ChannelKind = (typeof CHANNEL_KINDS)[number]["value"];

export const CHANNEL_LIMITS = { value: 120, label: 120, bank: 80, usedFor: 300 };

export const CHANNEL_MESSAGES = {
  valueMissing: "Please enter the number, account or address",
  phoneInvalid: "Please enter a phone number, e.g. 0803 555 1234 or +234 803 555 1234",
  emailInvalid: FIELD_MESSAGES.email,
  accountInvalid: "Please enter the ten digits of the account number (NUBAN)",
  impostorInvalid: "Please enter a phone number, a ten-digit account number or an e-mail address",
  labelMissing: "Please say whose it is, e.g. NaijaHomes office line",
  bankMissing: "Please enter the bank's name",
  accountNameMissing: "Please enter the account name",
  taken: "This number, account or address is already on the list",
  saved: "Official channels updated",
  failed: { title: "Error", message: "Failed to save. Please try again." },
  confirmDelete: "Remove this entry? /verify will no longer recognise it.",
} as const;

/** The value kind an official channel of this kind must read as (impostors: any but a code). */
const VALUE_KIND: Record<ChannelKind, readonly string[]> = {
  phone: ["phone"],
  whatsapp: ["phone"],
  email: ["email"],
  bank_account: ["account"],
  impostor: ["phone", "email", "account"],
};

const INVALID: Record<ChannelKind, string> = {
  phone: CHANNEL_MESSAGES.phoneInvalid,
  whatsapp: CHANNEL_MESSAGES.phoneInvalid,
  email: CHANNEL_MESSAGES.emailInvalid,
  bank_account: CHANNEL_MESSAGES.accountInvalid,
  impostor: CHANNEL_MESSAGES.impostorInvalid,
};

export type ChannelInput = {
  kind: ChannelKind;
  value: string;
  valueKind: "phone" | "email" | "account";
  normalized: string;
  label: string;
  bankName: string | null;
  accountName: string | null;
  usedFor: string;
};

/** The channel form read: its input, or the fields' messages. */
export function readChannelForm(
  form: FormData,
): { ok: true; input: ChannelInput } | { ok: false; fields: Record<string, string> } {
  const kinds = CHANNEL_KINDS.map((k) => k.value) as [ChannelKind, ...ChannelKind[]];
  const parsed = z
    .object({
      kind: z.enum(kinds),
      value: requiredLine(CHANNEL_MESSAGES.valueMissing, { max: CHANNEL_LIMITS.value }),
      label: optionalLine(CHANNEL_LIMITS.label),
      bankName: optionalLine(CHANNEL_LIMITS.bank),
      accountName: optionalLine(CHANNEL_LIMITS.label),
      usedFor: optionalLine(CHANNEL_LIMITS.usedFor),
    })
    .safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, fields: fieldErrorsOf(parsed.error) as never };
  const { kind, value, label, bankName, accountName, usedFor } = parsed.data;
  const fields: Record<string, string> = {};
  const read = readCheckedValue(value);
  if (!read || !VALUE_KIND[kind].includes(read.kind)) fields.value = INVALID[kind];
  if ((kind === "phone" || kind === "whatsapp" || kind === "email") && !label) {
    fields.label = CHANNEL_MESSAGES.labelMissing;
  }
  if (kind === "bank_account" && !bankName) fields.bankName = CHANNEL_MESSAGES.bankMissing;
  if (kind === "bank_account" && !accountName) {
    fields.accountName = CHANNEL_MESSAGES.accountNameMissing;
  }
  if (Object.keys(fields).length > 0 || !read) return { ok: false, fields };
  return {
    ok: true,
    input: {
      kind,
      value,
      valueKind: read.kind as ChannelInput["valueKind"],
      normalized: read.normalized,
      label,
      bankName: kind === "bank_account" ? bankName : null,
      accountName: kind === "bank_account" ? accountName : null,
      usedFor,
    },
  };
}
