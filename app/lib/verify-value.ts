// What a visitor typed into /verify's one box, read as the one kind of value it is (issue 45):
// a phone or WhatsApp number (any Nigerian spelling, normalised to E.164), an e-mail address
// (lower case), a bank account number (NUBAN: exactly ten digits) or a listing reference code
// (NH-LAG-0421). The official channels an admin enters are read by the same rules, so a number
// typed "0803 555 1234" on one side and "+234-803-555-1234" on the other match. Pure.

import { normalizePhone } from "~/lib/phone";

export type CheckedValueKind = "phone" | "email" | "account" | "listing_code";

export type CheckedValue = { kind: CheckedValueKind; normalized: string };

/** Longest input read (a pasted message is cut, never parsed as a whole). */
export const CHECK_INPUT_MAX_LENGTH = 120;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** A listing code: agency, state (2-3 letters), number; dashes, spaces or nothing between. */
const LISTING_CODE = /^NH[\s-]*([A-Z]{2,3})[\s-]*(\d{1,6})$/i;

/** Ten digits (spaces or dashes between them allowed), or undefined. */
export function normalizeAccountNumber(input: string): string | undefined {
  const digits = input.trim().replace(/[\s-]/g, "");
  return /^\d{10}$/.test(digits) ? digits : undefined;
}

export function normalizeEmail(input: string): string | undefined {
  const email = input
    .trim()
    .replace(/^mailto:/i, "")
    .toLowerCase();
  return EMAIL.test(email) ? email : undefined;
}

/** "nh lag 421" -> "NH-LAG-0421" (numbers are at least four digits, as codes are printed). */
export function normalizeListingCode(input: string): string | undefined {
  const match = LISTING_CODE.exec(input.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return `NH-${match[1].toUpperCase()}-${match[2].padStart(4, "0")}`;
}

/**
 * The value the visitor typed, or undefined when it is none of the four. Ten bare digits are an
 * account number (NUBAN), never a phone number: a Nigerian phone number is written with its
 * trunk 0 (eleven digits) or with 234.
 */
export function readCheckedValue(input: string): CheckedValue | undefined {
  const text = input.trim().slice(0, CHECK_INPUT_MAX_LENGTH);
  if (!text) return undefined;
  if (text.includes("@")) {
    const email = normalizeEmail(text);
    return email ? { kind: "email", normalized: email } : undefined;
  }
  const code = normalizeListingCode(text);
  if (code) return { kind: "listing_code", normalized: code };
  if (!/^[+(\d]/.test(text)) return undefined;
  const account = /^\+/.test(text) ? undefined : normalizeAccountNumber(text);
  if (account) return { kind: "account", normalized: account };
  const phone = normalizePhone(text);
  return phone ? { kind: "phone", normalized: phone } : undefined;
}

/** "+2348035551234" -> "+234 803 555 1234" (how the answer repeats the number back). */
export function formatCheckedValue(value: CheckedValue): string {
  if (value.kind !== "phone") return value.normalized;
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(value.normalized);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : value.normalized;
}
