import type { Executor } from "~/db/transaction.server";
import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
} from "~/models/notification.server";
import { renderAccountInvite } from "./account-invite.server";
import {
  renderAdminAppointmentNotices,
  renderAppointmentStatusEmail,
  renderBookingConfirmation,
  renderBookingMails,
  renderReassignedMails,
  renderRescheduledByStaffEmail,
} from "./appointment-mail.server";
import { renderAvailabilityReminder } from "./availability-mail.server";
import { renderEmailVerification } from "./email-verification.server";
import { renderFraudReportEmails, renderListingWarningEmail } from "./fraud-report-mail.server";
import { renderInquiryResponseEmail, renderListingInquiryEmail } from "./inquiry-mail.server";
import { renderNewLeadEmail } from "./lead-mail.server";
import type { MailMessage } from "./mail-message";
import { renderListingInterestEmail, renderThreadMessageEmails } from "./owner-loop-mail.server";
import { renderOwnerWeeklyReport } from "./owner-report-mail.server";
import { renderSubmissionStatusEmail } from "./submission-mail.server";
import { renderTitleCopyAnswerEmail } from "./title-copy-mail.server";

// From what happened to the e-mails it causes: the one table of which notification
// (app/models/notification.server.ts, stored by the write) sends which e-mails to whom. The
// sender calls it just before sending (mail-claims.server.ts); each renderer reads what it needs
// through `executor` and the models, and fills in the values the notification froze.

type Renderers = {
  [K in NotificationKind]: (
    executor: Executor,
    notification: Extract<Notification, { kind: K }>,
  ) => Promise<MailMessage[]>;
};

const RENDERERS: Renderers = {
  "appointment.booked": renderBookingMails,
  // Staff bookings are confirmed at once (issue 47): the confirmed e-mail with the viewing code.
  // One queued before that change, still pending, gets the request's acknowledgement it was for.
  "appointment.booked-by-staff": (executor, moment) =>
    moment.status === "confirmed"
      ? renderAppointmentStatusEmail(executor, moment)
      : renderBookingConfirmation(executor, moment),
  "appointment.rescheduled-by-customer": (executor, moment) =>
    renderAdminAppointmentNotices(executor, moment, "rescheduled"),
  "appointment.rescheduled-by-staff": renderRescheduledByStaffEmail,
  "appointment.status-set": renderAppointmentStatusEmail,
  "appointment.reassigned": renderReassignedMails,
  "inquiry.answered": (executor, { inquiryId }) => renderInquiryResponseEmail(executor, inquiryId),
  "inquiry.received": (executor, { inquiryId }) => renderListingInquiryEmail(executor, inquiryId),
  "user.invited": renderAccountInvite,
  "email.verification-requested": renderEmailVerification,
  "submission.status-set": renderSubmissionStatusEmail,
  "owner.weekly-report": renderOwnerWeeklyReport,
  "owner.listing-interest": renderListingInterestEmail,
  "submission.message": renderThreadMessageEmails,
  "report.received": renderFraudReportEmails,
  "report.listing-warning": renderListingWarningEmail,
  "availability.reminder": renderAvailabilityReminder,
  "title-copy.answered": renderTitleCopyAnswerEmail,
  "lead.assigned": (executor, { leadId }) => renderNewLeadEmail(executor, leadId),
};

function isNotificationKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/**
 * The e-mails a stored notification sends, one per recipient (none when there is nobody to tell,
 * e.g. no admin has e-mail notifications on, or a caller booked by staff gave no e-mail address,
 * issue 47). Throws for a kind this version does not know.
 */
export async function renderNotification(
  executor: Executor,
  kind: string,
  payload: Record<string, unknown> | null,
): Promise<MailMessage[]> {
  if (!isNotificationKind(kind)) throw new Error(`unknown notification kind: ${kind}`);
  const notification = { ...payload, kind } as Notification;
  const render = RENDERERS[kind] as (e: Executor, n: Notification) => Promise<MailMessage[]>;
  return (await render(executor, notification)).filter((mail) => mail.to.trim() !== "");
}
