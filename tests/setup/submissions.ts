import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { PropertyInput } from "~/lib/schemas/property";
import { checkSubmission, type SubmissionValues } from "~/lib/schemas/submission";

/** An owner's form filled in full: a two-bedroom flat to rent in Yaba, ready to send. */
export const FLAT: SubmissionValues = {
  title: "Two-bedroom flat in Yaba",
  purpose: "rent",
  price: "2,500,000",
  propertyType: "apartment",
  category: "residential",
  city: "Lagos",
  address: "4 Herbert Macaulay Way",
  beds: "2",
  baths: "2",
  description: "Quiet street, close to the university.",
  availableFrom: "2026-12-01",
  contactMethod: "whatsapp",
  contactPhone: "0803 123 4567",
};

/** The listing fields an owner's values give once checked (what the office's form starts from). */
export function inputOf(values: SubmissionValues): PropertyInput {
  const checked = checkSubmission(values);
  if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
  return checked.property;
}

/** The statuses the owner was e-mailed about for one submission (the outbox), in order. */
export async function submissionMails(submissionId: string) {
  const rows = await db
    .select({ kind: mailOutbox.kind, payload: mailOutbox.payload })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "submission.status-set"));
  return rows.filter((r) => r.payload?.submissionId === submissionId).map((r) => r.payload?.status);
}
