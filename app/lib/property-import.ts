import {
  AGENT_CSV_COLUMN,
  csvRows,
  PROPERTY_CSV_COLUMNS,
  REFERENCE_CODE_CSV_COLUMN,
  unguardCell,
} from "~/lib/csv";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import { isUuid } from "~/lib/ids";
import type { FeeLimits } from "~/lib/listing-fees";
import { formatNaira, formatNumber, parseNaira } from "~/lib/money";
import {
  CITIES,
  FURNISHING,
  LISTING_STATUSES,
  LISTING_TYPES,
  PROPERTY_FIELD_LABELS,
  PROPERTY_TYPES,
  PURPOSES,
  RENT_PERIODS,
  TITLE_DOCUMENTS,
} from "~/lib/property-options";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  type PROPERTY_FIELDS,
  PROPERTY_LIMITS,
  type PropertyFormValues,
  type PropertyInput,
  propertySchema,
} from "~/lib/schemas/property";
import { finishInSlices, finishNow, type Steps } from "~/lib/time-slices";

// Reading a CSV of listings for the import (the export's and the template's columns). Values are
// read as people type them in a spreadsheet: labels as the admin shows them in any case ("For
// Sale", "Under Offer", "C of O"), naira with or without ₦, commas and spaces, rent periods in
// words ("yearly", "per annum", "monthly"), yes/no switches. Each row is then checked with the
// admin form's own schema. Every refusal names the spreadsheet row, the column, the value and
// what is allowed. Nothing is stored here: the model (admin-property-import.server.ts) decides
// per row whether it adds, updates or leaves a listing, and stores all or nothing.

/** The most listings one file may bring. */
export const MAX_IMPORT_ROWS = 2000;

export type PropertyColumn = (typeof PROPERTY_CSV_COLUMNS)[number];
export type PropertyField = (typeof PROPERTY_FIELDS)[number];

/** CSV column → the form field (and stored column) it fills. */
export const FIELD_OF: Record<PropertyColumn, PropertyField> = {
  title: "title",
  purpose: "purpose",
  price: "price",
  rent_period: "rentPeriod",
  property_type: "propertyType",
  category: "category",
  new_development: "isNewDevelopment",
  city: "city",
  address: "address",
  beds: "beds",
  baths: "baths",
  toilets: "toilets",
  parking_spaces: "parkingSpaces",
  sqft: "sqft",
  status: "status",
  title_document: "titleDocument",
  service_charge: "serviceCharge",
  service_charge_percent: "serviceChargePercent",
  agency_fee: "agencyFee",
  agency_fee_percent: "agencyFeePercent",
  legal_fee: "legalFee",
  legal_fee_percent: "legalFeePercent",
  caution_deposit: "cautionDeposit",
  caution_deposit_percent: "cautionDepositPercent",
  rent_advance_months: "rentAdvanceMonths",
  furnishing: "furnishing",
  serviced: "serviced",
  featured: "featured",
  description: "description",
};

export const COLUMN_OF = Object.fromEntries(
  Object.entries(FIELD_OF).map(([column, field]) => [field, column]),
) as Record<PropertyField, PropertyColumn>;

/** Columns a new listing cannot do without (an update keeps what the file leaves out). */
export const REQUIRED_COLUMNS: readonly PropertyColumn[] = [
  "title",
  "purpose",
  "price",
  "city",
  "property_type",
  "category",
];

/** Columns the export writes that the import reads no value from. */
const EXPORT_ONLY_COLUMNS = new Set(["created_at", REFERENCE_CODE_CSV_COLUMN]);

export type ImportProblem = { row: number; column: string; value: string; message: string };

/** One listing of the file. */
export type ImportRow = {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  /** The listing it updates; null adds a new listing. */
  id: string | null;
  /** The file's cells as written (a formula guard removed), for the columns the file has. */
  cells: Partial<Record<PropertyColumn, string>>;
  /** The same as the form would post them (labels as values, switches as "on" or ""). */
  values: PropertyFormValues;
  /**
   * The agent column's cell, trimmed: an active agent's e-mail, or empty for the office;
   * undefined when the file has no agent column (an update then keeps the listing's agent).
   */
  agent?: string;
};

export type ImportSheet = {
  rows: ImportRow[];
  /** The listing columns the file has; the others are left as they are on an update. */
  columns: PropertyColumn[];
  /** Header names the import does not know (shown, so a misspelt column is noticed). */
  ignored: string[];
};

export type SheetReading =
  | { ok: true; sheet: ImportSheet }
  | { ok: false; problems: ImportProblem[]; rows: number };

// ---------------------------------------------------------------------------------------------
// Values as people type them

/** "For Sale", "for-sale", "FOR SALE" and "forsale" alike: lower case, letters and digits only. */
function squash(text: string) {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]/g, "");
}

type Option = { readonly value: string; readonly label: string };

/** An option list's values and labels (and a few words people use) → the stored value. */
function matcher(options: readonly Option[], extra: Record<string, string> = {}) {
  const known = new Map<string, string>();
  for (const option of options) {
    known.set(squash(option.value), option.value);
    known.set(squash(option.label), option.value);
  }
  for (const [word, value] of Object.entries(extra)) known.set(squash(word), value);
  return (text: string) => known.get(squash(text));
}

const RENT_PERIOD_WORDS: Record<string, "year" | "month"> = Object.fromEntries([
  ...[
    "year",
    "years",
    "per year",
    "a year",
    "/year",
    "yearly",
    "annual",
    "annually",
    "per annum",
    "p.a.",
    "pa",
    "yr",
    "per yr",
  ].map((w) => [w, "year" as const]),
  ...[
    "month",
    "months",
    "per month",
    "a month",
    "/month",
    "monthly",
    "p.m.",
    "pm",
    "mo",
    "mth",
  ].map((w) => [w, "month" as const]),
]);

const CHOICES = {
  purpose: matcher(PURPOSES),
  property_type: matcher(PROPERTY_TYPES),
  category: matcher(LISTING_TYPES.filter((t) => t.value !== "new-developments")),
  status: matcher(LISTING_STATUSES),
  title_document: matcher(TITLE_DOCUMENTS, {
    "c of o": "c-of-o",
    cofo: "c-of-o",
    // The label before issue 46, in older exports.
    "registered survey": "registered-survey",
  }),
  furnishing: matcher(FURNISHING),
  rent_period: matcher([], RENT_PERIOD_WORDS),
  city: matcher(CITIES.map((city) => ({ value: city, label: city }))),
} satisfies Partial<Record<PropertyColumn, (text: string) => string | undefined>>;

const SWITCH_COLUMNS = new Set<PropertyColumn>(["new_development", "featured", "serviced"]);
const NAIRA_COLUMNS = new Set<PropertyColumn>([
  "price",
  "service_charge",
  "agency_fee",
  "legal_fee",
  "caution_deposit",
]);
const COUNT_COLUMNS = new Set<PropertyColumn>([
  "beds",
  "baths",
  "toilets",
  "parking_spaces",
  "sqft",
]);

const YES = new Set(["yes", "y", "true", "1", "on"]);
const NO = new Set(["no", "n", "false", "0", "off", ""]);

function labels(options: readonly Option[]) {
  return options.map((o) => o.label).join(", ");
}

const counted = (max: number) => `a whole number up to ${formatNumber(max)}, or empty`;

const RENT_PERCENT = "a percentage of a year's rent, e.g. 10 or 7.5%, or empty";
const RENTAL_NAIRA = "a rental's fee in whole naira, e.g. 350000 or ₦350,000, or empty";

/** What each column takes, as the refusals say it. */
export const ALLOWED: Record<PropertyColumn | "id", string> = {
  id: "an id from this site's export (that listing is updated), or empty to add a new listing",
  title: `one line of up to ${PROPERTY_LIMITS.title} characters`,
  purpose: "For Sale or For Rent",
  price: "whole naira, e.g. 45000000, 45,000,000 or ₦45,000,000",
  rent_period: "yearly (per year, per annum), monthly (per month), or empty",
  property_type: labels(PROPERTY_TYPES),
  category: "Residential or Commercial",
  new_development: "yes or no (empty is no)",
  city: CITIES.join(", "),
  address: `one line of up to ${PROPERTY_LIMITS.address} characters, or empty`,
  beds: counted(100),
  baths: counted(100),
  toilets: counted(100),
  parking_spaces: counted(1000),
  sqft: counted(10_000_000),
  status: `${labels(LISTING_STATUSES)} (empty is Available)`,
  title_document: `${labels(TITLE_DOCUMENTS)}, or empty`,
  service_charge: "whole naira a year, e.g. 450000 or ₦450,000, or empty",
  service_charge_percent: `${RENT_PERCENT}; a rental's, instead of service_charge`,
  agency_fee: `${RENTAL_NAIRA}, instead of agency_fee_percent`,
  agency_fee_percent: `${RENT_PERCENT}, instead of agency_fee`,
  legal_fee: `${RENTAL_NAIRA}, instead of legal_fee_percent`,
  legal_fee_percent: `${RENT_PERCENT}, instead of legal_fee`,
  caution_deposit: `${RENTAL_NAIRA}, instead of caution_deposit_percent`,
  caution_deposit_percent: `${RENT_PERCENT}, instead of caution_deposit`,
  rent_advance_months: "a rental's months of rent asked in advance, 1 to 60, or empty",
  furnishing: `${labels(FURNISHING)}, or empty`,
  serviced: "yes or no (empty is no)",
  featured: "yes or no (empty is no)",
  description: `up to ${formatNumber(PROPERTY_LIMITS.description)} characters, or empty`,
};

/** A refusal that says what the column takes. */
function refusal(row: number, column: PropertyColumn | "id", value: string, reason: string) {
  return { row, column, value, message: `${reason}. Allowed: ${ALLOWED[column]}.` };
}

/**
 * One cell as the form would post it: a label as its value, naira as digits, yes/no as "on"
 * or "". Answers `{ reason }` when the cell cannot be read as anything the column takes.
 */
export function formValueOf(column: PropertyColumn, text: string): string | { reason: string } {
  const value = text.trim();
  if (SWITCH_COLUMNS.has(column)) {
    const word = value.toLowerCase();
    if (YES.has(word)) return "on";
    if (NO.has(word)) return "";
    return { reason: "Not yes or no" };
  }
  if (NAIRA_COLUMNS.has(column)) {
    const amount = parseNaira(value);
    if (amount === undefined) return { reason: "Not an amount in whole naira" };
    return amount === null ? "" : String(amount);
  }
  if (COUNT_COLUMNS.has(column)) {
    // "1,400" as a spreadsheet formats it; the schema checks the rest.
    return /^\d{1,3}(,\d{3})+$/.test(value) ? value.replace(/,/g, "") : value;
  }
  if (column in CHOICES) {
    if (value === "") return "";
    const chosen = CHOICES[column as keyof typeof CHOICES](value);
    if (chosen === undefined) {
      return { reason: column === "city" ? "Not one of the cities" : "Not one of the choices" };
    }
    return chosen;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// The file

/** "Property Type", "property-type" and "PROPERTY_TYPE" all name property_type. */
function columnName(header: string) {
  return header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function problemsOnly(problems: ImportProblem[], rows: number): SheetReading {
  return { ok: false, problems, rows };
}

/** Reads the file's rows and each cell's value; a row's listing is checked by checkImportRow. */
export function readPropertyCsv(text: string): SheetReading {
  return finishNow(readingSteps(text));
}

/** readPropertyCsv in slices, letting the server answer other requests between them. */
export function readPropertyCsvInSlices(text: string): Promise<SheetReading> {
  return finishInSlices(readingSteps(text));
}

/** A line break in a cell as LF, however the file (or a browser posting it back) wrote it. */
function oneLineEnd(text: string) {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

function* readingSteps(text: string): Steps<SheetReading> {
  const table: string[][] = [];
  try {
    for (const cells of csvRows(text, { keepBlankLines: true })) {
      table.push(cells);
      yield;
    }
  } catch {
    return problemsOnly(
      [
        {
          row: 0,
          column: "",
          value: "",
          message: "The file is not a valid CSV: a quote is opened and never closed.",
        },
      ],
      0,
    );
  }
  const [header = [], ...lines] = table;
  const separator = header.length === 1 ? /[;\t]/.exec(header[0] ?? "")?.[0] : undefined;
  if (separator) {
    // A spreadsheet set to another locale, or "Unicode text": one column that holds them all.
    return problemsOnly(
      [
        {
          row: 1,
          column: "",
          value: (header[0] ?? "").slice(0, 60),
          message: `The columns are separated by ${separator === ";" ? "semicolons" : "tabs"}. Allowed: commas; in your spreadsheet, save the file as "CSV UTF-8 (Comma delimited)".`,
        },
      ],
      lines.length,
    );
  }
  const names = header.map(columnName);
  const known = new Set<string>(["id", ...PROPERTY_CSV_COLUMNS, AGENT_CSV_COLUMN]);
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (name && known.has(name) && seen.has(name)) {
      problems.push({
        row: 1,
        column: name,
        value: name,
        message: "This column appears twice in the header. Allowed: each column once.",
      });
    }
    seen.add(name);
  }
  const columns = PROPERTY_CSV_COLUMNS.filter((c) => names.includes(c));
  const ignored = header.filter(
    (name, i) =>
      name.trim() && !known.has(names[i] ?? "") && !EXPORT_ONLY_COLUMNS.has(names[i] ?? ""),
  );
  const idAt = names.indexOf("id");
  const agentAt = names.indexOf(AGENT_CSV_COLUMN);

  // Row numbers as the spreadsheet shows them: the header is row 1, blank lines count.
  const records = lines
    .map((cells, index) => ({ cells, row: index + 2 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (records.length === 0) {
    problems.push({ row: 2, column: "", value: "", message: "The file has no listings." });
  }
  if (records.length > MAX_IMPORT_ROWS) {
    problems.push({
      row: 0,
      column: "",
      value: "",
      message: `The file has ${formatNumber(records.length)} listings: please import at most ${formatNumber(MAX_IMPORT_ROWS)} at once.`,
    });
  }
  const hasNewRows = records.some(({ cells }) => idAt < 0 || !cells[idAt]?.trim());
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (hasNewRows && missing.length) {
    problems.push({
      row: 1,
      column: missing.join(", "),
      value: "",
      message:
        "These columns are missing from the header, and rows without an id add new listings, which need them.",
    });
  }
  if (problems.length) return problemsOnly(problems, records.length);

  const rows: ImportRow[] = [];
  const rowOfId = new Map<string, number>();
  for (const { cells, row } of records) {
    yield;
    const extra = cells.slice(header.length).filter((cell) => cell.trim() !== "");
    if (extra.length) {
      problems.push({
        row,
        column: "",
        value: extra.join(", "),
        message: `This row has more cells than the header has columns (${header.length}). Allowed: one cell per column; a comma inside a value needs quotes around the value.`,
      });
      continue;
    }
    const rawId = idAt < 0 ? "" : (cells[idAt] ?? "").trim();
    let id: string | null = null;
    if (rawId) {
      if (!isUuid(rawId)) {
        problems.push(refusal(row, "id", rawId, "Not a listing id"));
      } else {
        id = rawId.toLowerCase();
        const earlier = rowOfId.get(id);
        if (earlier !== undefined) {
          problems.push({
            row,
            column: "id",
            value: rawId,
            message: `This listing is on row ${earlier} too. Allowed: each listing once in a file.`,
          });
        } else rowOfId.set(id, row);
      }
    }
    const found: ImportRow = { row, id, cells: {}, values: {} };
    if (agentAt >= 0) found.agent = unguardCell(cells[agentAt] ?? "").trim();
    names.forEach((name, i) => {
      if (!(PROPERTY_CSV_COLUMNS as readonly string[]).includes(name)) return;
      const column = name as PropertyColumn;
      // Line ends as LF: the confirm step posts the file's text back from a form field, and a
      // browser sends every line end of a field as CRLF, so a stored description's LF would
      // otherwise read differently on the check and on the import.
      const cell = oneLineEnd(unguardCell(cells[i] ?? ""));
      found.cells[column] = cell;
      const value = formValueOf(column, cell);
      if (typeof value === "string") found.values[FIELD_OF[column]] = value;
      else problems.push(refusal(row, column, cell.trim(), value.reason));
    });
    rows.push(found);
  }
  if (problems.length) return problemsOnly(problems, records.length);
  return { ok: true, sheet: { rows, columns, ignored } };
}

/**
 * The admin form's schema, built once: zod compiles a schema on its first use, which costs
 * several milliseconds, so a schema built per row made a 2,000-row check take seconds.
 */
let schema: { limits: FeeLimits; schema: ReturnType<typeof propertySchema> } | undefined;
function importSchema(limits: FeeLimits) {
  if (schema?.limits !== limits) schema = { limits, schema: propertySchema(limits) };
  return schema.schema;
}

/** A new listing's values where the file has no column for them. */
const NEW_LISTING: PropertyFormValues = { status: "available" };

/**
 * The listing a row describes, checked with the admin form's schema. `base` is the listing as
 * stored (an update: the columns the file leaves out keep their values), or undefined for a
 * new listing. An empty status on a new listing means Available.
 */
export function checkImportRow(
  row: ImportRow,
  base?: PropertyFormValues,
  limits: FeeLimits = DEFAULT_FEE_TERMS,
): { ok: true; input: PropertyInput } | { ok: false; problems: ImportProblem[] } {
  const values: PropertyFormValues = { ...(base ?? NEW_LISTING), ...row.values };
  if (!base && !values.status) values.status = "available";
  const parsed = importSchema(limits).safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const problems = Object.entries(fieldErrorsOf(parsed.error)).map(([field, message]) => {
    const column = COLUMN_OF[field as PropertyField] ?? field;
    const value = (row.cells[column as PropertyColumn] ?? "").trim();
    return column in ALLOWED
      ? refusal(row.row, column as PropertyColumn, value, message ?? "Not allowed")
      : { row: row.row, column, value, message: message ?? "Not allowed" };
  });
  return { ok: false, problems };
}

// ---------------------------------------------------------------------------------------------
// The preview: fields and values as the property form shows them

/** Each field's label on the property form, and the listing's agent (the CSV's agent column). */
export const FIELD_LABELS: Record<PropertyField | "agent", string> = {
  ...PROPERTY_FIELD_LABELS,
  agent: "Agent",
};

const OPTIONS_OF: Partial<Record<PropertyField, readonly Option[]>> = {
  purpose: PURPOSES,
  rentPeriod: RENT_PERIODS,
  propertyType: PROPERTY_TYPES,
  category: LISTING_TYPES,
  status: LISTING_STATUSES,
  titleDocument: TITLE_DOCUMENTS,
  furnishing: FURNISHING,
};

const NAIRA_FIELDS = new Set<string>([...NAIRA_COLUMNS].map((column) => FIELD_OF[column]));

/** A stored value as the admin shows it: ₦45,000,000, "For Sale", "Yes"; nothing as "(empty)". */
export function displayValue(field: PropertyField | "agent", value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (NAIRA_FIELDS.has(field) && typeof value === "number") {
    return formatNaira(value);
  }
  if (typeof value === "number") return formatNumber(value);
  const option = field === "agent" ? undefined : OPTIONS_OF[field]?.find((o) => o.value === value);
  return option ? option.label : String(value);
}
