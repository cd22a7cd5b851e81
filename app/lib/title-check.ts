import { formatDay } from "./dates";

// A sale listing's title check (issue 46, item 2; DESIGN.md "Trust and fraud"): the highest check
// the office has done on the title document, with its date and who did it. The levels rise in
// the order Nigerian conveyancing does them; each says in plain words what it means and what it
// does not guarantee, because a buyer reads "verified" as more than any single check proves.

export const TITLE_CHECKS = [
  {
    value: "documents-sighted",
    label: "Documents sighted",
    means:
      "Our staff have seen the original title document and the seller's identification, and they match.",
    notGuaranteed:
      "Sighting a document does not prove it is genuine or that it is registered at the land registry.",
  },
  {
    value: "registry-search",
    label: "Registry search",
    means:
      "A search at the land registry found the title registered in the seller's name, with no caveat or encumbrance recorded.",
    notGuaranteed:
      "A search shows the registry's record on that day; it does not check the land on the ground or the survey.",
  },
  {
    value: "survey-charted",
    label: "Survey charted",
    means:
      "The survey plan was charted by the Surveyor-General's office: the land is where the plan says and is not under government acquisition.",
    notGuaranteed:
      "Charting does not check who owns the land, or disputes and family claims not on record.",
  },
  {
    value: "lawyer-report",
    label: "Lawyer's report",
    means:
      "A lawyer searched the registry, had the survey charted and reported on the title in writing.",
    notGuaranteed:
      "A report is the lawyer's opinion on the day; your own lawyer should still review it before you pay.",
  },
] as const;

export type TitleCheckValue = (typeof TITLE_CHECKS)[number]["value"];

export const TITLE_CHECK_VALUES = TITLE_CHECKS.map((c) => c.value) as [
  TitleCheckValue,
  ...TitleCheckValue[],
];

/** What a listing without any check says: nothing has been checked by the office. */
export const NO_TITLE_CHECK =
  "The office has not checked this title yet. Ask for a check, and have your own lawyer search it before you pay anything.";

export function isTitleCheck(value: unknown): value is TitleCheckValue {
  return TITLE_CHECK_VALUES.includes(value as TitleCheckValue);
}

/** 1 for the lowest level (documents sighted) up to 4 (a lawyer's report); 0 for none. */
export function titleCheckRank(value: TitleCheckValue | null | undefined): number {
  return value ? TITLE_CHECK_VALUES.indexOf(value) + 1 : 0;
}

export function titleCheckOf(value: TitleCheckValue) {
  const found = TITLE_CHECKS.find((c) => c.value === value);
  if (!found) throw new Error(`unknown title check ${value}`);
  return found;
}

/** The registry a search is made at, by the listing's city (Lagos: e-GIS since 2024). */
export function landRegistryFor(city: string): string {
  const place = city.trim().toLowerCase();
  if (place === "lagos") return "the Lagos Land Registry (e-GIS)";
  if (place === "abuja") return "AGIS, the Abuja Geographic Information Systems";
  return "the state land registry";
}

export type TitleCheckFacts = {
  titleCheck: TitleCheckValue | null;
  /** YYYY-MM-DD. */
  titleCheckedOn: string | null;
  titleCheckedBy: string | null;
  titleLawyer: string | null;
  city: string;
};

/**
 * The listing's check in one plain sentence, e.g. "Registry search at the Lagos Land Registry
 * (e-GIS) on 3 Nov 2026 by Ada Obi"; null when nothing was checked.
 */
export function describeTitleCheck(facts: TitleCheckFacts): string | null {
  const { titleCheck, titleCheckedOn, titleCheckedBy, titleLawyer } = facts;
  if (!titleCheck || !titleCheckedOn) return null;
  const check = titleCheckOf(titleCheck);
  const where = titleCheck === "registry-search" ? ` at ${landRegistryFor(facts.city)}` : "";
  const lawyer = titleCheck === "lawyer-report" && titleLawyer ? ` from ${titleLawyer}` : "";
  const by = titleCheckedBy ? ` by ${titleCheckedBy}` : "";
  return `${check.label}${lawyer}${where} on ${formatDay(titleCheckedOn)}${by}`;
}

// Copies of the title documents a signed-in buyer asks for (the office answers each, logged).

export const TITLE_COPY_STATUSES = [
  { value: "requested", label: "Waiting for the office" },
  { value: "sent", label: "Sent" },
  { value: "declined", label: "Declined" },
] as const;

export type TitleCopyStatus = (typeof TITLE_COPY_STATUSES)[number]["value"];

export function titleCopyStatusLabel(status: TitleCopyStatus) {
  return TITLE_COPY_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export const TITLE_COPY_MESSAGES = {
  requested:
    "Your request for copies of the title documents was sent. The office will answer by e-mail.",
  alreadyWaiting: "You already asked for copies of this title; the office will answer soon.",
  notForSale: "Copies of title documents are only available for properties for sale.",
  answered: "The buyer has been told.",
  noteRequired: "Please say why the copies are declined.",
  alreadyAnswered: "This request has already been answered.",
} as const;

/** Longest note the office writes when it answers a request. */
export const TITLE_COPY_NOTE_MAX = 1000;
