import { describe, expect, it } from "vitest";
import {
  appointmentTimes,
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  formatIcsDateTime,
  lagosSlotStart,
} from "./ics";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("lagosSlotStart", () => {
  it("turns a Lagos slot into UTC, one hour earlier", () => {
    expect(lagosSlotStart("2026-11-23", "10:00 AM").toISOString()).toBe("2026-11-23T09:00:00.000Z");
    expect(lagosSlotStart("2026-11-23", "04:00 PM").toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(lagosSlotStart("2026-11-23", "12:00 PM").toISOString()).toBe("2026-11-23T11:00:00.000Z");
  });

  it("has no daylight saving shift in July", () => {
    expect(lagosSlotStart("2027-07-05", "09:00 AM").toISOString()).toBe("2027-07-05T08:00:00.000Z");
  });

  it("lasts one hour", () => {
    const { start, end } = appointmentTimes("2026-12-31", "01:00 PM");
    expect(formatIcsDateTime(start)).toBe("20261231T120000Z");
    expect(formatIcsDateTime(end)).toBe("20261231T130000Z");
  });
});

describe("escapeIcsText", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeIcsText("a\\b; c, d\ne\r\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });
});

describe("foldIcsLine", () => {
  it("leaves a 75-octet line alone", () => {
    const line = "X".repeat(75);
    expect(foldIcsLine(line)).toBe(line);
  });

  it("folds longer lines at 75 octets, continuations starting with a space", () => {
    const line = `DESCRIPTION:${"a".repeat(200)}`;
    const folded = foldIcsLine(line).split("\r\n");
    expect(folded.length).toBe(3);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded[0]).toHaveLength(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("never splits a multi-byte character", () => {
    const line = `SUMMARY:${"₦".repeat(60)}`; // 3 octets each
    const folded = foldIcsLine(line).split("\r\n");
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(folded.join("")).not.toContain("\uFFFD");
  });
});

describe("buildIcs", () => {
  const ics = buildIcs({
    uid: "3f1c@naijahomes.ng",
    stamp: new Date("2026-11-22T06:30:15.123Z"),
    ...appointmentTimes("2026-11-23", "10:00 AM"),
    summary: "Property viewing, NaijaHomes Realty",
    location: "Plot 24, Gwarinpa Estate; Abuja",
    description: `Purpose: Buy\nProperty: ${"Four-bedroom duplex with a boys' quarters ".repeat(3)}`,
    status: "TENTATIVE",
  });

  it("is a VCALENDAR with one VEVENT and CRLF line ends only", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    for (const line of ics.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("carries the fields calendars need", () => {
    const unfolded = ics.replace(/\r\n /g, "");
    const lines = unfolded.split("\r\n");
    expect(lines).toContain("METHOD:PUBLISH");
    expect(lines).toContain("UID:3f1c@naijahomes.ng");
    expect(lines).toContain("DTSTAMP:20261122T063015Z");
    expect(lines).toContain("DTSTART:20261123T090000Z");
    expect(lines).toContain("DTEND:20261123T100000Z");
    expect(lines).toContain("SUMMARY:Property viewing\\, NaijaHomes Realty");
    expect(lines).toContain("LOCATION:Plot 24\\, Gwarinpa Estate\\; Abuja");
    expect(lines).toContain("STATUS:TENTATIVE");
    expect(lines.find((l) => l.startsWith("DESCRIPTION:"))).toBe(
      `DESCRIPTION:Purpose: Buy\\nProperty: ${"Four-bedroom duplex with a boys' quarters ".repeat(3)}`,
    );
  });
});
