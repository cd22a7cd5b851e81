// Viewing codes (issue 45 item 4): the words every place that shows a code uses. Client-safe.

/** What the customer is told beside their code (dashboard, e-mails, calendar file). */
export const VIEWING_CODE_ADVICE =
  "Your agent will say this code when you meet. Never pay anyone before or at a viewing.";

/** What staff are told beside the code on the viewing. */
export const VIEWING_CODE_STAFF_ADVICE =
  "Say this code to the customer when you meet: they have it in their e-mail and dashboard.";

/** How a recorded check reads: matched, did not match, or nothing recorded yet. */
export function codeCheckLabel(matched: boolean | null): string {
  if (matched === null) return "Not recorded";
  return matched ? "Code matched" : "Code did NOT match";
}

/**
 * The code as a line of text (an e-mail, a calendar file): with the warning for the customer,
 * with what to do with it for staff.
 */
export function viewingCodeLine(code: string, audience: "customer" | "staff"): string {
  return audience === "customer"
    ? `Your viewing code: ${code}. ${VIEWING_CODE_ADVICE}`
    : `Viewing code: ${code}. ${VIEWING_CODE_STAFF_ADVICE}`;
}
