import { type SQL, sql } from "drizzle-orm";

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
