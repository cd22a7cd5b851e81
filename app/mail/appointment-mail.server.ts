import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { shortId } from "~/lib/appointment-format";
import { isTimeSlot } from "~/lib/appointment-rules";
import { noFeePromiseText, VERIFY_PATH } from "~/lib/fee-terms";
import { appointmentTimes, buildIcs, type IcsStatus } from "~/lib/ics";
import { COMPANY_NAME } from "~/lib/site";
import { viewingCodeLine } from "~/lib/viewing-code";
import { logger } from "~/log/logger.server";
import { type AppointmentForMail, getAppointmentForMail } from "~/models/appointment.server";
import { getActiveAgent, getAgentOfAppointment } from "~/models/listing-agent.server";
import type { AppointmentMoment } from "~/models/notification.server";
import { getContactDetails } from "~/models/site-content.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import type { MailAttachment, MailMessage } from "./mail-message";
import {
  type AdminSetStatus,
  adminAppointmentNoticeEmail,
  appointmentReassignedEmail,
  appointmentRescheduledEmail,
  appointmentStatusEmail,
  bookingConfirmationEmail,
  purposeLabel,
} from "./templates/appointment";

// The e-mails around an appointment, rendered by the sender from the notification the write
// stored (app/models/notification.server.ts; notification-mail.server.ts picks the renderer by
// kind). The appointment is read as it is now, except what the notification froze: the slot,
// the status and the history length at the moment of the change, so an e-mail describes the
// change it was queued for even when the booking moved again since.

/** A new booking: the customer's confirmation and the admins' notice. */
export async function renderBookingMails(
  executor: Executor,
  moment: AppointmentMoment,
): Promise<MailMessage[]> {
  return [
    ...(await renderBookingConfirmation(executor, moment)),
    ...(await renderAdminAppointmentNotices(executor, moment, "booked")),
  ];
}

/** To the customer: the booking as received, with an .ics calendar file. */
export async function renderBookingConfirmation(
  executor: Executor,
  moment: AppointmentMoment,
): Promise<MailMessage[]> {
  const appointment = await loadAppointment(executor, moment);
  if (!appointment) return [];
  const contact = await getContactDetails(executor);
  const email = bookingConfirmationEmail({
    appointment,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  return [
    {
      to: appointment.email,
      ...email,
      attachments: [calendarFile(appointment, contact.address, "TENTATIVE")],
    },
  ];
}

/**
 * A booking was made or moved: to its agent (issue 21), with the .ics for their calendar, when
 * the viewing has an active one; else to every active admin with e-mail notifications on.
 */
export async function renderAdminAppointmentNotices(
  executor: Executor,
  moment: AppointmentMoment,
  kind: "booked" | "rescheduled",
): Promise<MailMessage[]> {
  const appointment = await loadAppointment(executor, moment);
  if (!appointment) return [];
  const agent = await getAgentOfAppointment(executor, appointment.id);
  if (agent) {
    const contact = await getContactDetails(executor);
    const email = adminAppointmentNoticeEmail({
      appointment,
      kind,
      adminUrl: `${getEnv().siteUrl}/admin/appointments/${appointment.id}`,
      contact,
    });
    return [
      {
        to: agent.email,
        ...email,
        attachments: [calendarFile(appointment, contact.address, "TENTATIVE")],
      },
    ];
  }
  const admins = await listAdminsForEmailNotifications(executor);
  if (!appointment || admins.length === 0) return [];
  const contact = await getContactDetails(executor);
  const email = adminAppointmentNoticeEmail({
    appointment,
    kind,
    adminUrl: `${getEnv().siteUrl}/admin/dashboard`,
    contact,
  });
  // One message per admin, so no admin's address is shown to the others and one bad address
  // does not stop the rest.
  return admins.map((admin) => ({ to: admin.email, ...email }));
}

/**
 * Staff gave the viewing to someone else: the party it now belongs to (its agent, with the
 * calendar file; or every admin with notifications on) and the party it was taken from (the old
 * agent, with a cancelling calendar file that removes it from their calendar; or the admins). An
 * agent deactivated since is not written to; the admins stand in for a new one.
 */
export async function renderReassignedMails(
  executor: Executor,
  moment: AppointmentMoment & { fromAgentId: string | null; toAgentId: string | null },
): Promise<MailMessage[]> {
  const appointment = await loadAppointment(executor, moment);
  if (!appointment) return [];
  const contact = await getContactDetails(executor);
  const adminUrl = `${getEnv().siteUrl}/admin/appointments/${appointment.id}`;
  const newAgent = moment.toAgentId ? await getActiveAgent(executor, moment.toAgentId) : undefined;
  const oldAgent = moment.fromAgentId
    ? await getActiveAgent(executor, moment.fromAgentId)
    : undefined;
  const nameOf = (agent: { name: string; email: string } | undefined) =>
    agent ? agent.name.trim() || agent.email : "the admins";
  const admins = async () => listAdminsForEmailNotifications(executor);
  const mails: MailMessage[] = [];
  const given = (party: "agent" | "admins") =>
    appointmentReassignedEmail({
      appointment,
      change: "given",
      party,
      other: nameOf(oldAgent),
      adminUrl,
      contact,
    });
  if (newAgent) {
    mails.push({
      to: newAgent.email,
      ...given("agent"),
      attachments: [
        calendarFile(appointment, contact.address, icsOf(appointment.status), undefined, "staff"),
      ],
    });
  } else {
    for (const admin of await admins()) mails.push({ to: admin.email, ...given("admins") });
  }
  const taken = (party: "agent" | "admins") =>
    appointmentReassignedEmail({
      appointment,
      change: "taken",
      party,
      other: nameOf(newAgent),
      adminUrl,
      contact,
    });
  if (oldAgent) {
    mails.push({
      to: oldAgent.email,
      ...taken("agent"),
      attachments: [calendarFile(appointment, contact.address, "CANCELLED")],
    });
  } else if (!moment.fromAgentId && newAgent) {
    for (const admin of await admins()) mails.push({ to: admin.email, ...taken("admins") });
  }
  return mails;
}

function icsOf(status: AppointmentForMail["status"]): IcsStatus {
  return status === "confirmed" ? "CONFIRMED" : "TENTATIVE";
}

/** To the customer after an admin confirmed, completed or cancelled the appointment. */
export async function renderAppointmentStatusEmail(
  executor: Executor,
  moment: AppointmentMoment,
): Promise<MailMessage[]> {
  const appointment = await loadAppointment(executor, moment);
  if (!appointment) return [];
  const status = appointment.status;
  if (status === "pending") {
    logger.warn(
      { appointmentId: moment.appointmentId },
      "No status e-mail for a pending appointment",
    );
    return [];
  }
  const contact = await getContactDetails(executor);
  const email = appointmentStatusEmail({
    appointment,
    status,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  const attachments =
    status === "completed" ? [] : [calendarFile(appointment, contact.address, icsStatus(status))];
  return [{ to: appointment.email, ...email, attachments }];
}

/** To the customer after staff moved their appointment, with the calendar file updated. */
export async function renderRescheduledByStaffEmail(
  executor: Executor,
  moment: AppointmentMoment,
): Promise<MailMessage[]> {
  const appointment = await loadAppointment(executor, moment);
  if (!appointment) return [];
  const confirmed = appointment.status === "confirmed";
  const contact = await getContactDetails(executor);
  const email = appointmentRescheduledEmail({
    appointment,
    confirmed,
    dashboardUrl: customerUrl(appointment),
    contact,
  });
  return [
    {
      to: appointment.email,
      ...email,
      attachments: [
        calendarFile(appointment, contact.address, confirmed ? "CONFIRMED" : "TENTATIVE"),
      ],
    },
  ];
}

/** The appointment as it is now, with the slot, status and history length of the moment. */
async function loadAppointment(
  executor: Executor,
  moment: AppointmentMoment,
): Promise<AppointmentForMail | undefined> {
  const appointment = await getAppointmentForMail(moment.appointmentId, executor);
  if (!appointment) {
    logger.warn({ appointmentId: moment.appointmentId }, "No e-mail: unknown appointment");
    return undefined;
  }
  return {
    ...appointment,
    appointmentDate: moment.appointmentDate,
    appointmentTime: moment.appointmentTime,
    status: moment.status,
    eventCount: moment.historyLength,
  };
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
  /** Who the file is for: the viewing code's line reads differently for staff (issue 45). */
  audience: "customer" | "staff" = "customer",
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
    appointment.propertyCode ? `Listing code: ${appointment.propertyCode}` : undefined,
    appointment.propertyType ? `Property type: ${appointment.propertyType}` : undefined,
    appointment.propertyLocation ? `Location: ${appointment.propertyLocation}` : undefined,
    `Reference: ${shortId(appointment.id)}`,
    "",
    noFeePromiseText(`${siteUrl}${VERIFY_PATH}`),
    status === "CONFIRMED" && appointment.viewingCode
      ? viewingCodeLine(appointment.viewingCode, audience)
      : undefined,
  ]
    .filter(Boolean)
    .join("\n");
  const content = buildIcs({
    uid: `${appointment.id}@${new URL(siteUrl).host}`,
    stamp: now,
    ...appointmentTimes(appointment.appointmentDate, appointment.appointmentTime),
    summary: appointment.propertyTitle
      ? `Viewing: ${appointment.propertyTitle} (${appointment.propertyCode}, ${COMPANY_NAME})`
      : `Appointment with ${COMPANY_NAME}`,
    // The viewing's place once confirmed (the full address comes with the confirmation,
    // issue 46); before that, and for an appointment at the office, the office.
    location:
      status === "CONFIRMED" && appointment.propertyAddress
        ? [appointment.propertyAddress, appointment.propertyCity].filter(Boolean).join(", ")
        : officeAddress,
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
