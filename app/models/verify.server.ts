import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { verifyChecks } from "~/db/schema";
import { VERIFY_WORDS } from "~/lib/schemas/trust";
import { type CheckedValue, formatCheckedValue, readCheckedValue } from "~/lib/verify-value";
import { findMatch, type Matcher, VERIFY_MATCHERS } from "./verify-matchers.server";

// "Check before you pay" (issue 45, /verify): a value read, matched against the agency's own
// channels (./verify-matchers.server.ts), the answer in plain words, and the check recorded for
// the office (how often each value was checked, and the last answer).

export type VerifyAnswer =
  | {
      verdict: "ours";
      value: CheckedValue;
      shown: string;
      headline: string;
      usedFor: string | null;
    }
  | { verdict: "not_ours" | "impostor"; value: CheckedValue; shown: string; headline: string };

/** What a value is called in the answers. */
const NOUNS: Record<CheckedValue["kind"], string> = {
  phone: "number",
  email: "e-mail address",
  account: "account",
  listing_code: "listing code",
};

/**
 * The answer for `value`, and the check counted: one row per value (its kind and normalised
 * spelling), the count going up and the last answer kept.
 */
export async function checkValue(
  value: CheckedValue,
  matchers: readonly Matcher[] = VERIFY_MATCHERS,
): Promise<VerifyAnswer> {
  const match = await findMatch(db, value, matchers);
  const verdict = match?.verdict ?? "not_ours";
  await db
    .insert(verifyChecks)
    .values({ valueKind: value.kind, normalized: value.normalized, verdict })
    .onConflictDoUpdate({
      target: [verifyChecks.valueKind, verifyChecks.normalized],
      set: {
        verdict,
        checkCount: sql`${verifyChecks.checkCount} + 1`,
        lastCheckedAt: sql`now()`,
      },
    });
  const shown = formatCheckedValue(value);
  const noun = NOUNS[value.kind];
  if (match?.verdict === "ours") {
    return { verdict: "ours", value, shown, headline: match.whose, usedFor: match.usedFor };
  }
  if (match?.verdict === "impostor") {
    return { verdict: "impostor", value, shown, headline: VERIFY_WORDS.impostor(noun) };
  }
  return { verdict: "not_ours", value, shown, headline: VERIFY_WORDS.notOurs(noun) };
}

/** What the visitor typed read, then checked; undefined when it is none of the four kinds. */
export async function checkTypedValue(input: string): Promise<VerifyAnswer | undefined> {
  const value = readCheckedValue(input);
  return value ? checkValue(value) : undefined;
}
