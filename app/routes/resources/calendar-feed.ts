import { getEnv } from "~/env.server";
import { isTimeSlot } from "~/lib/appointment-rules";
import { appointmentTimes, buildIcsCalendar, type IcsEvent } from "~/lib/ics";
import { COMPANY_NAME } from "~/lib/site";
import { viewingCodeLine } from "~/lib/viewing-code";
import { type FeedAppointment, readCalendarFeed } from "~/models/calendar-feed.server";
import { getContactDetails } from "~/models/site-content.server";
import type { Route } from "./+types/calendar-feed";

// /calendar/<token>.ics: an admin's secret calendar address (app/models/calendar-feed.server.ts),
// the confirmed appointments for a phone's calendar to subscribe to, and the pending ones marked
// "PENDING: " and tentative (issue 47), so a viewing still to confirm is in the day's plan. Calendar apps send no
// cookies: the token is the key. A dead or reset address is a plain 404.

const FEED_FILE = /^([A-Za-z0-9_-]+)\.ics$/;

/** How a viewing still to be confirmed begins its title in the calendar. */
export const PENDING_PREFIX = "PENDING: ";

/** SEQUENCE grows with every change of a booking, so subscribed calendars update it. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

export async function loader({ params }: Route.LoaderArgs) {
  const token = FEED_FILE.exec(params.file ?? "")?.[1];
  const feed = token ? await readCalendarFeed(token) : undefined;
  if (!feed) throw new Response("Not Found", { status: 404 });
  const { address } = await getContactDetails();
  const body = buildIcsCalendar(
    feed.flatMap((appointment) => eventOf(appointment, address)),
    { name: `${COMPANY_NAME} viewings` },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="viewings.ics"',
      // Customers' names and phone numbers: never kept by a shared cache.
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}

function eventOf(appointment: FeedAppointment, officeAddress: string): IcsEvent[] {
  if (!isTimeSlot(appointment.appointmentTime)) return [];
  const siteUrl = getEnv().siteUrl;
  const pending = appointment.status === "pending";
  const what = appointment.propertyTitle
    ? `${appointment.propertyTitle} (${appointment.propertyCode})`
    : (appointment.propertyType ?? "Appointment");
  return [
    {
      uid: `${appointment.id}@${new URL(siteUrl).host}`,
      stamp: appointment.updatedAt,
      sequence: Math.max(0, Math.floor((appointment.updatedAt.getTime() - SEQUENCE_EPOCH) / 1000)),
      ...appointmentTimes(appointment.appointmentDate, appointment.appointmentTime),
      summary: `${pending ? PENDING_PREFIX : ""}${appointment.fullName}: ${what}`,
      location: appointment.propertyLocation?.trim() || officeAddress,
      description: [
        `${appointment.fullName}, ${appointment.phone}, ${appointment.email}`,
        appointment.propertyTitle ? `Property: ${appointment.propertyTitle}` : undefined,
        appointment.propertyCode ? `Listing code: ${appointment.propertyCode}` : undefined,
        appointment.propertyType ? `Property type: ${appointment.propertyType}` : undefined,
        appointment.message?.trim() ? `Message: ${appointment.message.trim()}` : undefined,
        appointment.viewingCode ? viewingCodeLine(appointment.viewingCode, "staff") : undefined,
      ]
        .filter(Boolean)
        .join("\n"),
      status: pending ? "TENTATIVE" : "CONFIRMED",
      url: `${siteUrl}/admin/appointments/${appointment.id}`,
    },
  ];
}
