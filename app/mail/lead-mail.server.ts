import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { INBOX_SOURCE_LABELS } from "~/lib/lead-inbox";
import { logger } from "~/log/logger.server";
import { getLeadForMail } from "~/models/lead-inbox.server";
import { getContactDetails } from "~/models/site-content.server";
import type { MailMessage } from "./mail-message";
import { newLeadEmail } from "./templates/new-lead";

// A new lead's e-mail (issue 47 item 1): to the agent it was given to, when their notification
// switches (Settings: "Notifications" and "Email notifications") are on and they are active.

export async function renderNewLeadEmail(
  executor: Executor,
  leadId: string,
): Promise<MailMessage[]> {
  const lead = await getLeadForMail(executor, leadId);
  if (!lead) {
    logger.warn({ leadId }, "No e-mail: unknown lead or no agent");
    return [];
  }
  if (!lead.agentActive || !lead.wantsMail) return [];
  const email = newLeadEmail({
    lead,
    sourceLabel: INBOX_SOURCE_LABELS[lead.source],
    listing:
      lead.propertyTitle && lead.propertyCode
        ? { title: lead.propertyTitle, code: lead.propertyCode }
        : null,
    leadUrl: `${getEnv().siteUrl}/admin/leads/${lead.id}`,
    contact: await getContactDetails(executor),
  });
  return [{ to: lead.agentEmail, ...email }];
}
