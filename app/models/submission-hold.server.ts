import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { submissionHolds } from "~/db/schema";
import type { SubmissionValues } from "~/lib/schemas/submission";

// What a signed-out visitor typed on "list your property", kept while they sign in; the
// owner's save that uses it removes it (saveOwnerSubmission's holdTokenHash).

/** How long typed values are kept for a visitor who went to sign in. */
const HOLD_HOURS = 24;

export function holdTokenHash(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** Keeps `values` for a signed-out visitor; answers the token their cookie carries. */
export async function holdSubmissionValues(values: SubmissionValues) {
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    // Old holds nobody came back for go as new ones arrive.
    await tx
      .delete(submissionHolds)
      .where(lt(submissionHolds.createdAt, new Date(Date.now() - HOLD_HOURS * 3_600_000)));
    await tx.insert(submissionHolds).values({ tokenHash: holdTokenHash(token), values });
  });
  return token;
}

/** The values kept under this token, if still kept. */
export async function getHeldValues(token: string): Promise<SubmissionValues | undefined> {
  const [row] = await db
    .select({ values: submissionHolds.values, createdAt: submissionHolds.createdAt })
    .from(submissionHolds)
    .where(eq(submissionHolds.tokenHash, holdTokenHash(token)));
  if (!row || row.createdAt.getTime() < Date.now() - HOLD_HOURS * 3_600_000) return undefined;
  return row.values;
}
