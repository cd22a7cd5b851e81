import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { OWNER_AVAILABILITY_PATH, TO_CONFIRM_PATH } from "~/lib/availability";
import { getOwnerForReminder, getReminderListing } from "~/models/availability.server";
import { getAgentOfListing } from "~/models/listing-agent.server";
import type { Notification } from "~/models/notification.server";
import { getContactDetails } from "~/models/site-content.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import type { MailMessage } from "./mail-message";
import {
  ownerAvailabilityEmail,
  staffAvailabilityReminderEmail,
} from "./templates/availability-reminder";
import { AVAILABILITY_LINK_DAYS, signAvailabilityToken } from "./unsubscribe-token.server";

// The availability reminder (issue 46): queued by the job once per listing and confirmation
// (app/models/availability.server.ts), rendered here when sent, to the listing's agent (else the
// admins) and, for an owner's listing, to the owner with the two signed answer links.

/** The owner's answer link: the page asks once more before anything is written. */
export function ownerAnswerLink(
  input: { propertyId: string; ownerId: string; answer: "available" | "closed"; now?: Date },
  siteUrl: string = getEnv().siteUrl,
): string {
  const now = input.now ?? new Date();
  const token = signAvailabilityToken({
    propertyId: input.propertyId,
    ownerId: input.ownerId,
    expiresAt: new Date(now.getTime() + AVAILABILITY_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  return `${siteUrl}${OWNER_AVAILABILITY_PATH}?token=${encodeURIComponent(token)}&answer=${input.answer}`;
}

export async function renderAvailabilityReminder(
  executor: Executor,
  notification: Extract<Notification, { kind: "availability.reminder" }>,
): Promise<MailMessage[]> {
  const listing = await getReminderListing(
    executor,
    notification.propertyId,
    notification.confirmedAt,
  );
  if (!listing) return [];
  const siteUrl = getEnv().siteUrl;
  const contact = await getContactDetails(executor);
  const shown = {
    title: listing.title,
    code: listing.referenceCode,
    url: `${siteUrl}/property/${listing.id}`,
    dueAt: listing.dueAt,
  };
  const agent = await getAgentOfListing(executor, listing.id);
  const staff = agent ? [agent] : await listAdminsForEmailNotifications(executor);
  const messages: MailMessage[] = staff.map((recipient) => ({
    to: recipient.email,
    ...staffAvailabilityReminderEmail({
      name: recipient.name,
      listing: shown,
      toConfirmUrl: `${siteUrl}${TO_CONFIRM_PATH}`,
      contact,
    }),
  }));
  const owner = listing.ownerId ? await getOwnerForReminder(executor, listing.ownerId) : undefined;
  if (owner) {
    const link = (answer: "available" | "closed") =>
      ownerAnswerLink({ propertyId: listing.id, ownerId: owner.id, answer }, siteUrl);
    messages.push({
      to: owner.email,
      ...ownerAvailabilityEmail({
        firstName: owner.firstName,
        listing: shown,
        yesUrl: link("available"),
        closedUrl: link("closed"),
        contact,
      }),
    });
  }
  return messages;
}
