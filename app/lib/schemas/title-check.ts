import { z } from "zod";
import { lagosToday, parseIsoDate } from "~/lib/appointment-rules";
import {
  TITLE_CHECK_VALUES,
  TITLE_COPY_MESSAGES,
  TITLE_COPY_NOTE_MAX,
  type TitleCheckValue,
} from "~/lib/title-check";
import { optionalLine, optionalText, trimmedText } from "./fields";

// The title check section of the admin property form (issue 46, item 2). Staff only: an owner's
// submission states the document type (the property form's titleDocument) and never a check.
// Kept apart from propertySchema so the owner's form, the CSV import and the office's approval
// of an owner's change, which share that schema, neither see nor clear the office's check.

/** The section's fields, named after their columns (the edit form's version and merge use them). */
export const TITLE_CHECK_FIELDS = [
  "titleCheck",
  "titleCheckedOn",
  "titleCheckedBy",
  "titleLawyer",
] as const;

export type TitleCheckField = (typeof TITLE_CHECK_FIELDS)[number];

export const TITLE_CHECK_LABELS: Readonly<Record<TitleCheckField, string>> = {
  titleCheck: "Highest title check",
  titleCheckedOn: "Checked on",
  titleCheckedBy: "Checked by",
  titleLawyer: "Lawyer (for a lawyer's report)",
};

export const TITLE_CHECK_MESSAGES = {
  check: "Please choose a title check",
  date: "Please enter the day the check was done (not a future day)",
  by: "Please say who did the check",
  lawyer: "Please enter the lawyer's name",
  rent: "A title check is for sale listings only",
} as const;

const NAME_MAX = 120;

export type TitleCheckInput = {
  titleCheck: TitleCheckValue | null;
  titleCheckedOn: string | null;
  titleCheckedBy: string | null;
  titleLawyer: string | null;
};

/** No check: what a rental, or a sale nobody has checked yet, stores. */
export const NO_TITLE_CHECK_INPUT: TitleCheckInput = {
  titleCheck: null,
  titleCheckedOn: null,
  titleCheckedBy: null,
  titleLawyer: null,
};

/**
 * The section as posted. A check needs its day (today or before, Lagos time) and who did it; a
 * lawyer's report needs the lawyer. An empty check clears the rest; a rental cannot carry one.
 */
export function titleCheckSchema(now = new Date()) {
  return z
    .object({
      purpose: trimmedText(),
      titleCheck: trimmedText().pipe(
        z.union([
          z.enum(TITLE_CHECK_VALUES, { message: TITLE_CHECK_MESSAGES.check }),
          z.literal(""),
        ]),
      ),
      titleCheckedOn: trimmedText(),
      titleCheckedBy: optionalLine(NAME_MAX),
      titleLawyer: optionalLine(NAME_MAX),
    })
    .superRefine((input, ctx) => {
      if (input.titleCheck === "") return;
      if (input.purpose === "rent") {
        ctx.addIssue({ code: "custom", path: ["titleCheck"], message: TITLE_CHECK_MESSAGES.rent });
        return;
      }
      const day = input.titleCheckedOn;
      if (!parseIsoDate(day) || day > lagosToday(now)) {
        ctx.addIssue({
          code: "custom",
          path: ["titleCheckedOn"],
          message: TITLE_CHECK_MESSAGES.date,
        });
      }
      if (!input.titleCheckedBy) {
        ctx.addIssue({
          code: "custom",
          path: ["titleCheckedBy"],
          message: TITLE_CHECK_MESSAGES.by,
        });
      }
      if (input.titleCheck === "lawyer-report" && !input.titleLawyer) {
        ctx.addIssue({
          code: "custom",
          path: ["titleLawyer"],
          message: TITLE_CHECK_MESSAGES.lawyer,
        });
      }
    })
    .transform(({ titleCheck, titleCheckedOn, titleCheckedBy, titleLawyer }): TitleCheckInput => {
      if (titleCheck === "") return NO_TITLE_CHECK_INPUT;
      return {
        titleCheck,
        titleCheckedOn,
        titleCheckedBy,
        titleLawyer: titleCheck === "lawyer-report" ? titleLawyer : null,
      };
    });
}

/** The office's answer to a buyer's request for copies. */
export function titleCopyAnswerSchema() {
  return z
    .object({
      answer: trimmedText().pipe(
        z.enum(["sent", "declined"], { message: "Please choose an answer" }),
      ),
      note: optionalText(TITLE_COPY_NOTE_MAX),
    })
    .superRefine((input, ctx) => {
      if (input.answer === "declined" && !input.note) {
        ctx.addIssue({ code: "custom", path: ["note"], message: TITLE_COPY_MESSAGES.noteRequired });
      }
    });
}
