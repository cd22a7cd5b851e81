import { randomInt } from "node:crypto";

// Viewing codes (issue 45 item 4): four digits from the system's secure random source, so that
// no code says anything about another (not sequential, not guessable from the booking's id).
// Made when a viewing is confirmed, kept through reschedules.

/** A new viewing code: "0000" to "9999". */
export function newViewingCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, "0");
}
