// What a visitor typed into /verify's one box, read as the one kind of value it is (issue 45):
// a phone or WhatsApp number (any Nigerian spelling, normalised to E.164), an e-mail address
// (lower case), a bank account number (NUBAN: exactly ten digits) or a listing reference code
// (NH-LAG-0421). The official channels an admin enters are read by the same rules, so a number
// typed "0803 555 1234" on one side and "+234-803-555-1234" on the other match. Pure.

export type CheckedValueKind = "phone" | "email" | "account" | "listing_code";

export type CheckedValue = { kind: CheckedValueKind; normalized: string };

/** Longest input read (a pasted message is cut, never parsed as a whole). */
export const CHECK_INPUT_MAX_LENGTH = 120;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[a-z]{2,}$/i;

/** A listing code: agency, state (2-3 letters), number; dashes, spaces or nothing between. */
const LISTING_CODE = /^NH[\s-]*([A-Z]{2,3})[\s-]*(\d{1,6})$/i;

/** What may sit between a phone number's digits: spaces, dashes, dots, brackets, slashes. */
const PHONE_SEPARATORS = /[\s\-.()/]/g;

/**
 * A Nigerian number in E.164 (+234 and the number without its trunk 0), or a foreign number
 * written with + or 00. Undefined when the digits cannot be a phone number.
 */
export function normalizePhone(input: string): string | undefined {
  const compact = input.trim().replace(PHONE_SEPARATORS, "");
  if (!/^(\+|00)?\d+$/.test(compact)) return undefined;
  const international = compact.startsWith("+") || compact.startsWith("00");
  const digits = compact.replace(/^(\+|00)/, "");
  if (digits.startsWith("234")) {
    // "+234 (0) 803 ..." and "2340803...": the trunk 0 after the country code is dropped.
    const national = digits.slice(3).replace(/^0/, "");
    return /^[1-9]\d{6,9}$/.test(national) ? `+234${national}` : undefined;
  }
  if (international) {
    // Another country's number, as scammers abroad use: kept as written, in E.164.
    return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
  }
  // A national number: the trunk 0 then 7 to 10 digits (mobiles: 0803 555 1234; Lagos land
  // lines: 01 234 5678).
  const national = /^0([1-9]\d{6,9})$/.exec(digits)?.[1];
  return national ? `+234${national}` : undefined;
}

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
