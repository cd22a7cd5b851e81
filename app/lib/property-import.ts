import { parseCsv } from "~/lib/csv";
import { CITIES } from "~/lib/property-options";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { type PropertyInput, propertySchema } from "~/lib/schemas/property";

// Reading a CSV of listings for the import (the export's and the template's columns): every
// row checked with the admin form's own schema, every problem reported with its spreadsheet row
// number, its column and the message, so the office can fix the file and try again. Nothing is
// stored here: the import stores all rows or none.

/** The most listings one file may bring. */
export const MAX_IMPORT_ROWS = 2000;

/** CSV column → the form field it fills. */
const COLUMNS: Record<string, string> = {
  title: "title",
  purpose: "purpose",
  price: "price",
  rent_period: "rentPeriod",
  property_type: "propertyType",
  category: "category",
  new_development: "isNewDevelopment",
  city: "city",
  address: "address",
  description: "description",
  beds: "beds",
  baths: "baths",
  toilets: "toilets",
  parking_spaces: "parkingSpaces",
  sqft: "sqft",
  featured: "featured",
  status: "status",
  title_document: "titleDocument",
  service_charge: "serviceCharge",
  furnishing: "furnishing",
  serviced: "serviced",
};

const REQUIRED = ["title", "purpose", "price", "city", "property_type", "category"];
const SWITCHES = new Set(["isNewDevelopment", "featured", "serviced"]);
const FIELD_COLUMN = Object.fromEntries(Object.entries(COLUMNS).map(([c, f]) => [f, c]));

export type ImportProblem = { row: number; column: string; message: string };

export type ImportReading =
  | { ok: true; inputs: PropertyInput[] }
  | { ok: false; problems: ImportProblem[]; rows: number };

function switchValue(value: string) {
  return /^(yes|true|1|y|on)$/i.test(value.trim()) ? "on" : "";
}

function cityValue(value: string) {
  const wanted = value.trim().toLowerCase();
  return CITIES.find((city) => city.toLowerCase() === wanted) ?? value.trim();
}

export function readPropertyCsv(text: string): ImportReading {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch {
    return {
      ok: false,
      rows: 0,
      problems: [
        { row: 0, column: "", message: "The file is not a valid CSV (a quote is never closed)." },
      ],
    };
  }
  const [header = [], ...rows] = table;
  const columns = header.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length) {
    return {
      ok: false,
      rows: rows.length,
      problems: [
        {
          row: 1,
          column: missing.join(", "),
          message: "These columns are missing from the header.",
        },
      ],
    };
  }
  if (rows.length === 0) {
    return {
      ok: false,
      rows: 0,
      problems: [{ row: 2, column: "", message: "The file has no listings." }],
    };
  }
  if (rows.length > MAX_IMPORT_ROWS) {
    return {
      ok: false,
      rows: rows.length,
      problems: [
        {
          row: 0,
          column: "",
          message: `Please import at most ${MAX_IMPORT_ROWS} listings at once.`,
        },
      ],
    };
  }
  const inputs: PropertyInput[] = [];
  const problems: ImportProblem[] = [];
  rows.forEach((cells, index) => {
    const values: Record<string, string> = {};
    columns.forEach((column, i) => {
      const field = COLUMNS[column];
      if (!field) return;
      const raw = cells[i] ?? "";
      values[field] = SWITCHES.has(field)
        ? switchValue(raw)
        : field === "city"
          ? cityValue(raw)
          : raw;
    });
    values.status ||= "available";
    const parsed = propertySchema().safeParse(values);
    if (parsed.success) inputs.push(parsed.data);
    else {
      for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error))) {
        // Row 1 is the header: the first listing is row 2, as the spreadsheet numbers it.
        problems.push({
          row: index + 2,
          column: FIELD_COLUMN[field] ?? field,
          message: message ?? "",
        });
      }
    }
  });
  return problems.length ? { ok: false, problems, rows: rows.length } : { ok: true, inputs };
}
