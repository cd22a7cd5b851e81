import { parseIsoDate, slotMinutes, type TimeSlot } from "~/lib/appointment-rules";

// iCalendar (RFC 5545) files for appointment e-mails: one VEVENT that a phone's calendar adds
// with a tap. Pure, so the rules that calendar apps are strict about (CRLF line ends, lines of
// at most 75 octets, escaped text) are tested on their own.

/** Lagos is UTC+1 all year (no daylight saving time). */
export const LAGOS_UTC_OFFSET_MINUTES = 60;

export const APPOINTMENT_DURATION_MINUTES = 60;

export type IcsStatus = "TENTATIVE" | "CONFIRMED" | "CANCELLED";

export type IcsEvent = {
  /** Globally unique and stable for the appointment, e.g. `<id>@naijahomes.ng`. */
  uid: string;
  /** When this version of the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  status: IcsStatus;
  /** Raised on every change of the same event, so calendars replace the older copy. */
  sequence?: number;
  url?: string;
  organizer?: { name: string; email: string };
};

const PRODUCT_ID = "-//NaijaHomes Realty//Appointments//EN";
const MAX_LINE_OCTETS = 75;

/** The UTC instant a Lagos slot starts: "2026-11-23" + "10:00 AM" is 09:00Z. */
export function lagosSlotStart(date: string, slot: TimeSlot): Date {
  const day = parseIsoDate(date);
  if (!day) throw new Error(`not a date: ${date}`);
  return new Date(day.getTime() + (slotMinutes(slot) - LAGOS_UTC_OFFSET_MINUTES) * 60_000);
}

/** 20261123T090000Z */
export function formatIcsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Splits a content line into lines of at most 75 octets (UTF-8), each continuation starting with
 * one space, never inside a multi-byte character.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with a space, which counts towards their 75 octets.
    const limit = lines.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n ");
}

/** A whole VCALENDAR with one VEVENT, CRLF line ends, ready to attach as text/calendar. */
export function buildIcs(event: IcsEvent): string {
  return buildIcsCalendar([event]);
}

/**
 * A VCALENDAR with any number of VEVENTs (a subscribed feed: `name` is what calendar apps call
 * it), CRLF line ends, lines folded.
 */
export function buildIcsCalendar(events: readonly IcsEvent[], options: { name?: string } = {}) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(options.name ? [`X-WR-CALNAME:${escapeIcsText(options.name)}`] : []),
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

function eventLines(event: IcsEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${formatIcsDateTime(event.stamp)}`,
    `DTSTART:${formatIcsDateTime(event.start)}`,
    `DTEND:${formatIcsDateTime(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `STATUS:${event.status}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [`ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`]
      : []),
    "END:VEVENT",
  ];
}

/** A parameter value: quoted, since names may hold commas or colons (quotes are not allowed). */
function quoteParam(value: string): string {
  return `"${value.replace(/"/g, "'")}"`;
}

/** The event of an appointment slot: one hour from the slot's start in Lagos. */
export function appointmentTimes(date: string, slot: TimeSlot): { start: Date; end: Date } {
  const start = lagosSlotStart(date, slot);
  return { start, end: new Date(start.getTime() + APPOINTMENT_DURATION_MINUTES * 60_000) };
}
