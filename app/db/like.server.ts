import { type Column, or, type SQL, sql } from "drizzle-orm";
import { phoneSearchDigits } from "~/lib/phone";

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A case-insensitive "contains" match of `text` in `haystack` (an SQL expression that the
 * table's trigram index covers, written exactly as in the index).
 */
export function containsText(haystack: SQL, text: string): SQL {
  return sql`lower(${haystack}) like '%' || lower(${escapeLike(text)}) || '%'`;
}

/**
 * A search for a phone number however it is typed ("0803 555 1234", "+234-803-555", "803.555")
 * inside a `*phone_normalized` column (E.164, with its trigram index); undefined when `text` is
 * not (part of) a phone number, so a name search is not slowed by it.
 */
export function containsPhone(normalized: SQL | Column, text: string): SQL | undefined {
  const digits = phoneSearchDigits(text);
  return digits ? sql`${normalized} like ${`%${digits}%`}` : undefined;
}

/** `containsText` on `haystack`, or a phone search on the row's normalised numbers. */
export function containsTextOrPhone(haystack: SQL, phones: (SQL | Column)[], text: string): SQL {
  const byText = containsText(haystack, text);
  return or(byText, ...phones.map((phone) => containsPhone(phone, text))) ?? byText;
}
