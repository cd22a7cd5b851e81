import { count, eq } from "drizzle-orm";
import { appointmentEvents, appointments, mailOutbox } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { SubmissionStatus } from "~/lib/submissions";

// Notifications: what a write tells people about, as a row of the mail outbox inserted in the
// write's own transaction (like its audit row), so the change and its e-mails commit together or
// not at all (ADR 11). The row says what happened (a kind, ids, and the few values that must be
// frozen at that moment); the sender renders the e-mails when it sends them
// (app/mail/notification-mail.server.ts). Models know nothing of mail beyond this.

/**
 * An appointment as it stood when the change was made: the e-mail describes this slot and
 * status even if the booking moves again before it is sent, and `historyLength` (its history
 * entries then) orders the calendar updates it carries.
 */
export type AppointmentMoment = {
  appointmentId: string;
  appointmentDate: string;
  appointmentTime: string;
  status: (typeof appointments.$inferSelect)["status"];
  historyLength: number;
};

export type Notification =
  /** A visitor or customer booked on the site: their confirmation and the admins' notice. */
  | ({ kind: "appointment.booked" } & AppointmentMoment)
  /** Staff booked for a caller: the customer's confirmation. */
  | ({ kind: "appointment.booked-by-staff" } & AppointmentMoment)
  /** The customer moved their booking: the admins' notice. */
  | ({ kind: "appointment.rescheduled-by-customer" } & AppointmentMoment)
  /** Staff moved the booking: the customer's e-mail. */
  | ({ kind: "appointment.rescheduled-by-staff" } & AppointmentMoment)
  /** An admin confirmed, completed or cancelled it: the customer's e-mail. */
  | ({ kind: "appointment.status-set" } & AppointmentMoment)
  /**
   * Staff gave the viewing to another agent (null: the admins): the new party's notice with the
   * calendar file, the old party's word that it is no longer theirs.
   */
  | ({
      kind: "appointment.reassigned";
      fromAgentId: string | null;
      toAgentId: string | null;
    } & AppointmentMoment)
  /** Staff answered an inquiry or complaint: the response, to its sender. */
  | { kind: "inquiry.answered"; inquiryId: string }
  /** A visitor asked about a listing: the message, to the listing's agent (else the admins). */
  | { kind: "inquiry.received"; inquiryId: string }
  /**
   * Staff added an account: the link to choose its password. The token exists nowhere else in
   * clear (the database keeps its hash), as it did in the rendered e-mail before.
   */
  | { kind: "user.invited"; userId: string; token: string }
  /** A customer asked to confirm their address: the link (the token, as above). */
  | { kind: "email.verification-requested"; userId: string; token: string }
  /**
   * An owner's submission moved on (sent, changes requested, approved, declined, withdrawn):
   * the owner's e-mail. The step and the office's message are frozen as they were.
   */
  | {
      kind: "submission.status-set";
      submissionId: string;
      status: SubmissionStatus;
      message: string | null;
    }
  /**
   * An owner's weekly report of their live listings (issue 20) for the week (Monday to Sunday)
   * starting `weekStart`; its figures are read when it is sent.
   */
  | { kind: "owner.weekly-report"; userId: string; weekStart: string }
  /**
   * An owner's listing got an inquiry or a booked viewing (issue 47): the owner's e-mail, with
   * the day (and a viewing's time) frozen, never who asked.
   */
  | {
      kind: "owner.listing-interest";
      propertyId: string;
      ownerId: string;
      event: "inquiry" | "viewing";
      day: string;
      time: string | null;
    }
  /** A message on a submission's thread (issue 47): to the owner, or from them to the office. */
  | { kind: "submission.message"; messageId: string }
  /** A visitor reported a listing, an agent or a checked value (issue 45): to the admins. */
  | { kind: "report.received"; reportId: string }
  /**
   * The office warns someone who enquired about or booked a reported listing (issue 45); the
   * listing's title is frozen as it was reported.
   */
  | {
      kind: "report.listing-warning";
      reportId: string;
      email: string;
      name: string | null;
      title: string;
    }
  /**
   * A listing's availability confirmation runs out soon (issue 46): the reminder to its agent
   * (else the admins) and, for an owner's listing, the owner's e-mail with the answer links.
   * `confirmedAt` is the confirmation reminded of: confirmed again since, nothing is sent.
   */
  | { kind: "availability.reminder"; propertyId: string; confirmedAt: string }
  /**
   * The office answered a buyer's request for copies of a title (issue 46): sent, or declined
   * with its note, frozen as answered.
   */
  | {
      kind: "title-copy.answered";
      requestId: string;
      status: "sent" | "declined";
      note: string | null;
    }
  /** A new lead was given to an agent (issue 47): to them, if their switches allow. */
  | { kind: "lead.assigned"; leadId: string };

export type NotificationKind = Notification["kind"];

export const NOTIFICATION_KINDS = [
  "appointment.booked",
  "appointment.booked-by-staff",
  "appointment.rescheduled-by-customer",
  "appointment.rescheduled-by-staff",
  "appointment.status-set",
  "appointment.reassigned",
  "inquiry.answered",
  "inquiry.received",
  "user.invited",
  "email.verification-requested",
  "submission.status-set",
  "owner.weekly-report",
  "owner.listing-interest",
  "submission.message",
  "report.received",
  "report.listing-warning",
  "availability.reminder",
  "title-copy.answered",
  "lead.assigned",
] as const satisfies readonly NotificationKind[];

/**
 * Puts the notification in the outbox through `tx`, the transaction of the write it tells of;
 * answers its row's id.
 */
export async function notify(tx: Executor, notification: Notification): Promise<string> {
  const { kind, ...payload } = notification;
  const [row] = await tx
    .insert(mailOutbox)
    .values({ kind, payload })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error(`the ${kind} notification was not stored`);
  return row.id;
}

/** Notifies `kind` about the appointment as it stands in `tx`, after the write changed it. */
export async function notifyAppointment<K extends Extract<Notification, AppointmentMoment>["kind"]>(
  tx: Executor,
  kind: K,
  appointmentId: string,
  ...[extra]: K extends "appointment.reassigned"
    ? [extra: { fromAgentId: string | null; toAgentId: string | null }]
    : []
): Promise<void> {
  const [row] = await tx
    .select({
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!row) throw new Error(`appointment ${appointmentId} is gone`);
  const [history] = await tx
    .select({ n: count() })
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, appointmentId));
  await notify(tx, {
    kind,
    appointmentId,
    ...row,
    historyLength: history?.n ?? 0,
    ...extra,
  } as Notification);
}
