import { addDays, lagosToday } from "~/lib/appointment-rules";
import type { TitleCheckInput } from "~/lib/schemas/title-check";
import { TITLE_CHECK_VALUES } from "~/lib/title-check";

// The demo's title checks (issue 46): most sale listings with a stated title carry a check, at
// each level in turn, done on a day in the last four months by a named member of the office (a
// lawyer's report names its lawyer); every fourth is left unchecked, so both states show.

const CHECKERS = ["Ada Obi (legal desk)", "Tunde Bakare", "Ngozi Eze (legal desk)"];
const LAWYERS = ["Barr. Funmi Adeyemi, Adeyemi & Co.", "Barr. Ibrahim Musa, Musa Chambers"];

type Listing = { purpose: "sale" | "rent"; titleDocument: string | null };

/** The check the demo gives the `index`-th listing (none for rentals and untitled sales). */
export function demoTitleCheck(listing: Listing, index: number, now: Date): TitleCheckInput | null {
  if (listing.purpose !== "sale" || !listing.titleDocument || index % 4 === 3) return null;
  const level = TITLE_CHECK_VALUES[index % TITLE_CHECK_VALUES.length] ?? "documents-sighted";
  return {
    titleCheck: level,
    titleCheckedOn: addDays(lagosToday(now), -(5 + ((index * 17) % 115))),
    titleCheckedBy: CHECKERS[index % CHECKERS.length] ?? "The office",
    titleLawyer: level === "lawyer-report" ? (LAWYERS[index % LAWYERS.length] ?? null) : null,
  };
}
