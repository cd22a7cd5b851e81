import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { shortId } from "~/lib/appointment-format";
import { isTimeSlot } from "~/lib/appointment-rules";
import { appointmentTimes, buildIcs, type IcsStatus } from "~/lib/ics";
import { logger } from "~/lib/logger.server";
import { COMPANY_NAME } from "~/lib/site";
import { type AppointmentForMail, getAppointmentForMail } from "~/models/appointment.server";
import { getContactDetails } from "~/models/site-content.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import { enqueueMail, type MailAttachment } from "./mail.server";
import {
  type AdminSetStatus,
  adminAppointmentNoticeEmail,
  appointmentRescheduledEmail,
  appointmentStatusEmail,
  bookingConfirmationEmail,
  purposeLabel,
} from "./templates/appointment";

// The e-mails around an appointment. Each is composed and put in the outbox through `tx`, the
// transaction of the write that causes it (createAppointment, rescheduleAppointmentForUser,
// setAppointmentStatusByAdmin take these as their InTransaction hook), so the e-mail exists
// exactly when the change does; the sender delivers it (ADR 11). The caller kicks the sender
// after the commit.

/** A new booking: the customer's confirmation and the admins' notice. */
export async function queueBookingMails(tx: Executor, appointmentId: string): Promise<void> {
  await queueBookingConfirmation(tx, appointmentId);
  await queueAdminAppointmentNotices(tx, appointmentId, "booked");
}

/** To the customer: the booking as received, with an .ics calendar file. */
export async function queueBookingConfirmation(tx: Executor, appointmentId: string): Promise<void> {
  const appointment = await loadAppointment(tx, appointmentId);
  if (!appointment) return;
  const contact = await getContactDetails(tx);
  const email = bookingConfirmationEmail({
    appointment,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  await enqueueMail(tx, {
    to: appointment.email,
    ...email,
    attachments: [calendarFile(appointment, contact.address, "TENTATIVE")],
  });
}

/** To every active admin with e-mail notifications on: a booking was made or moved. */
export async function queueAdminAppointmentNotices(
  tx: Executor,
  appointmentId: string,
  kind: "booked" | "rescheduled",
): Promise<void> {
  const appointment = await loadAppointment(tx, appointmentId);
  const admins = await listAdminsForEmailNotifications(tx);
  if (!appointment || admins.length === 0) return;
  const contact = await getContactDetails(tx);
  const email = adminAppointmentNoticeEmail({
    appointment,
    kind,
    adminUrl: `${getEnv().siteUrl}/admin/dashboard`,
    contact,
  });
  // One message per admin, so no admin's address is shown to the others and one bad address
  // does not stop the rest.
  await enqueueMail(
    tx,
    admins.map((admin) => ({ to: admin.email, ...email })),
  );
}

/** To the customer after an admin confirmed, completed or cancelled the appointment. */
export async function queueAppointmentStatusEmail(
  tx: Executor,
  appointmentId: string,
): Promise<void> {
  const appointment = await loadAppointment(tx, appointmentId);
  if (!appointment) return;
  const status = appointment.status;
  if (status === "pending") {
    logger.warn({ appointmentId }, "No status e-mail for a pending appointment");
    return;
  }
  const contact = await getContactDetails(tx);
  const email = appointmentStatusEmail({
    appointment,
    status,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  const attachments =
    status === "completed" ? [] : [calendarFile(appointment, contact.address, icsStatus(status))];
  await enqueueMail(tx, { to: appointment.email, ...email, attachments });
}

/** To the customer after staff moved their appointment, with the calendar file updated. */
export async function queueRescheduledByStaffEmail(
  tx: Executor,
  appointmentId: string,
): Promise<void> {
  const appointment = await loadAppointment(tx, appointmentId);
  if (!appointment) return;
  const confirmed = appointment.status === "confirmed";
  const contact = await getContactDetails(tx);
  const email = appointmentRescheduledEmail({
    appointment,
    confirmed,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  await enqueueMail(tx, {
    to: appointment.email,
    ...email,
    attachments: [
      calendarFile(appointment, contact.address, confirmed ? "CONFIRMED" : "TENTATIVE"),
    ],
  });
}

async function loadAppointment(tx: Executor, id: string): Promise<AppointmentForMail | undefined> {
  const appointment = await getAppointmentForMail(id, tx);
  if (!appointment) logger.warn({ appointmentId: id }, "No e-mail: unknown appointment");
  return appointment;
}

function customerUrl(appointment: AppointmentForMail): string | undefined {
  return appointment.userId
    ? `${getEnv().siteUrl}/dashboard/appointments/${appointment.id}`
    : undefined;
}

function icsStatus(status: AdminSetStatus): IcsStatus {
  return status === "cancelled" ? "CANCELLED" : "CONFIRMED";
}

/** The .ics file of the appointment; SEQUENCE follows its history so calendars update it. */
export function calendarFile(
  appointment: AppointmentForMail,
  officeAddress: string,
  status: IcsStatus,
  now: Date = new Date(),
): MailAttachment {
  if (!isTimeSlot(appointment.appointmentTime)) {
    throw new Error(`appointment ${appointment.id} has no valid slot`);
  }
  const siteUrl = getEnv().siteUrl;
  const purpose = purposeLabel(appointment.purpose);
  const description = [
    `Appointment with ${COMPANY_NAME} for ${appointment.fullName}.`,
    purpose ? `Purpose: ${purpose}` : undefined,
    appointment.propertyTitle ? `Property: ${appointment.propertyTitle}` : undefined,
    appointment.propertyType ? `Property type: ${appointment.propertyType}` : undefined,
    appointment.propertyLocation ? `Location: ${appointment.propertyLocation}` : undefined,
    `Reference: ${shortId(appointment.id)}`,
  ]
    .filter(Boolean)
    .join("\n");
  const content = buildIcs({
    uid: `${appointment.id}@${new URL(siteUrl).host}`,
    stamp: now,
    ...appointmentTimes(appointment.appointmentDate, appointment.appointmentTime),
    summary: appointment.propertyTitle
      ? `Viewing: ${appointment.propertyTitle} (${COMPANY_NAME})`
      : `Appointment with ${COMPANY_NAME}`,
    location: officeAddress,
    description,
    status,
    sequence: Math.max(0, appointment.eventCount - 1),
    url: siteUrl,
  });
  return {
    filename: "appointment.ics",
    content,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
  };
}
