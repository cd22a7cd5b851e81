// Control characters in posted text. A NUL cannot be stored in a PostgreSQL text column (the
// query fails), and the others are invisible, break logs and e-mail headers, or pass for
// something else. Tab, line feed and carriage return are kept: a textarea sends CR LF.

// \p{Cc}: U+0000-U+001F, DEL and U+0080-U+009F.
const CONTROL_EXCEPT_WHITESPACE = /(?![\t\n\r])\p{Cc}/gu;
const ANY_CONTROL = /\p{Cc}/u;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** The text without control characters other than tab, line feed and carriage return. */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_EXCEPT_WHITESPACE, "");
}

/** True when the text has any control character, line breaks and tabs included. */
export function hasControlCharacters(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** True when the text has a line break (CR, LF or a Unicode line or paragraph separator). */
export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}
