import { APPOINTMENT_PURPOSES } from "~/lib/appointment-rules";
import { formatLongDate } from "~/lib/calendar-month";
import { COMPANY_NAME } from "~/lib/site";
import { viewingCodeLine } from "~/lib/viewing-code";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  type RenderedEmail,
} from "../email-layout";

// The appointment e-mails: the customer's confirmation of a booking, the notice to admins of a
// new or moved booking, and the customer's message when an admin confirms, completes or cancels.
// Pure: the caller loads the appointment and the contact details and builds the links.

export type AppointmentEmailDetails = {
  fullName: string;
  email: string;
  phone: string;
  appointmentDate: string;
  appointmentTime: string;
  propertyType: string | null;
  propertyLocation: string | null;
  purpose: string | null;
  message: string | null;
  propertyTitle: string | null;
  propertyCity: string | null;
  /** The listing's reference code (issue 45), with the title. */
  propertyCode?: string | null;
  /** The viewing code once confirmed (issue 45), else null or absent. */
  viewingCode?: string | null;
  /** The listing's full address once the viewing is confirmed (issue 46), else null or absent. */
  propertyAddress?: string | null;
};

export function purposeLabel(purpose: string | null): string | undefined {
  return APPOINTMENT_PURPOSES.find((p) => p.value === purpose)?.label;
}

/** "Monday, 23 November 2026 at 10:00 AM" */
export function whenText(a: Pick<AppointmentEmailDetails, "appointmentDate" | "appointmentTime">) {
  return `${formatLongDate(a.appointmentDate)} at ${a.appointmentTime}`;
}

/** The label/value pairs every appointment e-mail lists; empty values are left out. */
export function appointmentDetails(
  a: AppointmentEmailDetails,
  options: { withContact?: boolean } = {},
): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ["Date", formatLongDate(a.appointmentDate)],
    ["Time", `${a.appointmentTime} (Lagos time)`],
    ...(options.withContact
      ? ([
          ["Name", a.fullName],
          ["Email", a.email],
          ["Phone", a.phone],
        ] as [string, string][])
      : []),
    ["Purpose", purposeLabel(a.purpose)],
    [
      "Property",
      a.propertyTitle ? [a.propertyTitle, a.propertyCity].filter(Boolean).join(", ") : null,
    ],
    ["Listing code", a.propertyTitle ? a.propertyCode : null],
    ["Address", a.propertyTitle ? a.propertyAddress : null],
    ["Property type", a.propertyType],
    ["Location", a.propertyLocation],
    ["Additional information", a.message],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]?.trim()));
}

function detailsText(rows: [string, string][]): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join("\n");
}

function detailsHtml(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#475569;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px">\n${cells}\n</table>`;
}

function compose({
  subject,
  paragraphs,
  closing = [],
  rows,
  link,
  contact,
}: {
  subject: string;
  paragraphs: string[];
  closing?: string[];
  rows: [string, string][];
  link?: { label: string; url: string };
  contact?: EmailContact;
}): RenderedEmail {
  return composeEmail({
    subject,
    contact,
    text: [
      ...paragraphs.flatMap((p) => [p, ""]),
      detailsText(rows),
      ...(link ? ["", `${link.label}: ${link.url}`] : []),
      ...closing.flatMap((p) => ["", p]),
    ],
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      detailsHtml(rows),
      link ? emailButton(link.label, link.url) : "",
      ...closing.map((p) => `<p>${escapeHtml(p)}</p>`),
    ],
  });
}

/** To the customer right after booking; the .ics file goes with it. */
export function bookingConfirmationEmail({
  appointment,
  dashboardUrl,
  contact,
}: {
  appointment: AppointmentEmailDetails;
  /** The booking in the customer's dashboard, when they booked signed in. */
  dashboardUrl?: string;
  contact?: EmailContact;
}): RenderedEmail {
  return compose({
    subject: `Appointment request received: ${whenText(appointment)}`,
    paragraphs: [
      emailGreeting(appointment.fullName),
      `Thank you for booking an appointment with ${COMPANY_NAME}. Your appointment has been scheduled and is pending: we'll contact you to confirm.`,
    ],
    rows: appointmentDetails(appointment),
    link: dashboardUrl ? { label: "View your appointment", url: dashboardUrl } : undefined,
    closing: [
      "The attached calendar file adds the appointment to your calendar.",
      "If you need to change or cancel it, reply to this e-mail or call us.",
    ],
    contact,
  });
}

/** To each admin who opted in, when a booking is made or moved. */
export function adminAppointmentNoticeEmail({
  appointment,
  kind,
  adminUrl,
  contact,
}: {
  appointment: AppointmentEmailDetails;
  kind: "booked" | "rescheduled";
  adminUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const booked = kind === "booked";
  return compose({
    subject: booked
      ? `New appointment: ${appointment.fullName}, ${whenText(appointment)}`
      : `Appointment rescheduled: ${appointment.fullName}, now ${whenText(appointment)}`,
    paragraphs: [
      booked
        ? `${appointment.fullName} has booked an appointment. It is pending until someone confirms it.`
        : `${appointment.fullName} has moved their appointment to a new date and time. It is pending until someone confirms it.`,
    ],
    rows: appointmentDetails(appointment, { withContact: true }),
    link: { label: "Open the admin dashboard", url: adminUrl },
    closing: ["You receive this because e-mail notifications are on in your admin settings."],
    contact,
  });
}

/**
 * When staff give a viewing to someone else: to the party it now belongs to ("given"), with the
 * calendar file beside it, or to the party it was taken from ("taken"). `party` is "agent" when
 * the reader is the agent, "admins" when the admins handle (or handled) it; `other` names the
 * other side ("Ada Agent" or "the admins").
 */
export function appointmentReassignedEmail({
  appointment,
  change,
  party,
  other,
  adminUrl,
  contact,
}: {
  appointment: AppointmentEmailDetails;
  change: "given" | "taken";
  party: "agent" | "admins";
  other: string;
  adminUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const what = appointment.propertyTitle
    ? `The viewing of ${appointment.propertyTitle}${appointment.propertyCode ? ` (${appointment.propertyCode})` : ""} with ${appointment.fullName}`
    : `The appointment with ${appointment.fullName}`;
  const yours = party === "agent" ? "yours" : "the admins'";
  return compose({
    subject:
      change === "given"
        ? `Viewing assigned ${party === "agent" ? "to you" : "to the admins"}: ${appointment.fullName}, ${whenText(appointment)}`
        : `Viewing no longer ${yours}: ${appointment.fullName}, ${whenText(appointment)}`,
    paragraphs: [
      change === "given"
        ? `${what} on ${whenText(appointment)} is now ${yours} (it was with ${other}).`
        : `${what} on ${whenText(appointment)} is no longer ${yours}: it was given to ${other}. There is nothing more to do for it.`,
    ],
    rows: appointmentDetails(appointment, { withContact: change === "given" }),
    link: { label: "Open the appointment", url: adminUrl },
    closing:
      change === "given" && party === "agent"
        ? ["The attached calendar file adds it to your calendar."]
        : [],
    contact,
  });
}

export type AdminSetStatus = "confirmed" | "completed" | "cancelled";

/** To the customer when an admin confirms, completes or cancels their appointment. */
export function appointmentStatusEmail({
  appointment,
  status,
  dashboardUrl,
  contact,
}: {
  appointment: AppointmentEmailDetails;
  status: AdminSetStatus;
  dashboardUrl?: string;
  contact?: EmailContact;
}): RenderedEmail {
  const date = formatLongDate(appointment.appointmentDate);
  const content = {
    confirmed: {
      subject: `Your appointment on ${date} is confirmed`,
      lead: `Good news: your appointment on ${whenText(appointment)} is confirmed. We look forward to seeing you.`,
      closing: ["The attached calendar file updates the appointment in your calendar."],
    },
    completed: {
      subject: `Thank you for meeting ${COMPANY_NAME}`,
      lead: `Thank you for your appointment on ${whenText(appointment)}. We have marked it as completed.`,
      closing: ["If you have any questions about the next steps, reply to this e-mail or call us."],
    },
    cancelled: {
      subject: `Your appointment on ${date} has been cancelled`,
      lead: `Your appointment on ${whenText(appointment)} has been cancelled.`,
      closing: [
        "The attached calendar file removes it from your calendar.",
        "To choose another date, book a new appointment on our website or call us.",
      ],
    },
  }[status];
  const code =
    status === "confirmed" && appointment.viewingCode
      ? [viewingCodeLine(appointment.viewingCode, "customer")]
      : [];
  return compose({
    subject: content.subject,
    paragraphs: [emailGreeting(appointment.fullName), content.lead, ...code],
    rows: appointmentDetails(appointment),
    link: dashboardUrl ? { label: "View your appointment", url: dashboardUrl } : undefined,
    closing: content.closing,
    contact,
  });
}

/** To the customer when staff move their appointment (on the phone with them, say). */
export function appointmentRescheduledEmail({
  appointment,
  confirmed,
  dashboardUrl,
  contact,
}: {
  appointment: AppointmentEmailDetails;
  /** Whether it was (and stays) confirmed; otherwise it is still pending. */
  confirmed: boolean;
  dashboardUrl?: string;
  contact?: EmailContact;
}): RenderedEmail {
  return compose({
    subject: `Your appointment has been moved to ${whenText(appointment)}`,
    paragraphs: [
      emailGreeting(appointment.fullName),
      confirmed
        ? `We have moved your appointment with ${COMPANY_NAME} to ${whenText(appointment)}. It stays confirmed: we look forward to seeing you.`
        : `We have moved your appointment with ${COMPANY_NAME} to ${whenText(appointment)}. It is pending: we'll contact you to confirm.`,
      // A confirmed viewing keeps its code through the move.
      ...(confirmed && appointment.viewingCode
        ? [viewingCodeLine(appointment.viewingCode, "customer")]
        : []),
    ],
    rows: appointmentDetails(appointment),
    link: dashboardUrl ? { label: "View your appointment", url: dashboardUrl } : undefined,
    closing: [
      "The attached calendar file moves the appointment in your calendar.",
      "If the new time does not suit you, reply to this e-mail or call us.",
    ],
    contact,
  });
}
