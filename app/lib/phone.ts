// One rule for every phone field (booking, contact, service inquiry, profile): Nigerian and
// international numbers, digits with an optional leading +, spaces, dashes and brackets.

export const PHONE_MAX_LENGTH = 30;

export function isPhoneNumber(value: string): boolean {
  return (
    new RegExp(`^\\+?[\\d\\s\\-()]{7,${PHONE_MAX_LENGTH}}$`).test(value) &&
    value.replace(/\D/g, "").length >= 7
  );
}
