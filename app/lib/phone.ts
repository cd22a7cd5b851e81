// One rule for every phone field (booking, contact, service inquiry, profile): Nigerian and
// international numbers, digits with an optional leading +, spaces, dashes and brackets.
//
// And one reading of a number, whatever its spelling (issue 45 for /verify, issue 47 for finding
// people): "0803 555 1234", "+234-803-555-1234", "234 (0) 803.555.1234" and "803 555 1234" are
// all +2348035551234. The database keeps that form beside every phone of a person it stores
// (`*_phone_normalized` columns, written by `naija_phone_e164()` in drizzle/0026), which must read
// numbers exactly as `normalizePhone` does: app/models/phone-search.server.test.ts holds them to it.

export const PHONE_MAX_LENGTH = 30;

export function isPhoneNumber(value: string): boolean {
  return (
    new RegExp(`^\\+?[\\d\\s\\-()]{7,${PHONE_MAX_LENGTH}}$`).test(value) &&
    value.replace(/\D/g, "").length >= 7
  );
}

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
  // A mobile number written without its trunk 0 ("803 555 1234"), as people often type it.
  if (/^[789][01]\d{8}$/.test(digits)) return `+234${digits}`;
  // A national number: the trunk 0 then 7 to 10 digits (mobiles: 0803 555 1234; Lagos land
  // lines: 01 234 5678).
  const national = /^0([1-9]\d{6,9})$/.exec(digits)?.[1];
  return national ? `+234${national}` : undefined;
}

/** Fewer digits than this find too many people to be a search for a number. */
export const MIN_PHONE_SEARCH_DIGITS = 5;

/**
 * The digits a staff search looks for inside stored E.164 numbers, or undefined when the query
 * is not (part of) a phone number. The trunk 0 goes ("0803 555" finds +234803555...), and so does
 * the 0 some write after the country code ("+234 (0) 803"); "+234 803", "234803" and "803" are
 * already part of the stored form.
 */
export function phoneSearchDigits(query: string): string | undefined {
  const compact = query.trim().replace(PHONE_SEPARATORS, "");
  if (!/^(\+|00)?\d+$/.test(compact)) return undefined;
  const digits = compact
    .replace(/^(\+|00)/, "")
    .replace(/^2340/, "234")
    .replace(/^0+/, "");
  return digits.length >= MIN_PHONE_SEARCH_DIGITS ? digits : undefined;
}
