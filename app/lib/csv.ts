// CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a quote or a line
// break; CRLF line ends; a UTF-8 byte-order mark so Excel reads ₦ and accented names right.
// A cell that starts like a formula (= + - @, or a tab or carriage return before one) is
// prefixed with an apostrophe, so a listing's text can never run as a formula in the office's
// spreadsheet (CSV injection).

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as text: numbers as written, booleans as yes/no, dates as ISO, nothing as "". */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : typeof value === "boolean"
          ? value
            ? "yes"
            : "no"
          : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header row, then one row per record, with the BOM first. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** A CSV download that no shared cache keeps. */
export function csvResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The admin catalogue's CSV columns (export, template), after the id.

export const PROPERTY_CSV_COLUMNS = [
  "title",
  "purpose",
  "price",
  "rent_period",
  "property_type",
  "category",
  "new_development",
  "city",
  "address",
  "beds",
  "baths",
  "toilets",
  "parking_spaces",
  "sqft",
  "status",
  "title_document",
  "service_charge",
  "furnishing",
  "serviced",
  "featured",
  "description",
] as const;

/** The template's example row. */
export const PROPERTY_CSV_EXAMPLE = [
  "3 Bedroom Flat in Yaba",
  "rent",
  3500000,
  "year",
  "apartment",
  "residential",
  false,
  "Lagos",
  "14 Herbert Macaulay Way, Yaba",
  3,
  3,
  4,
  1,
  1400,
  "available",
  "",
  450000,
  "semi-furnished",
  true,
  false,
  "Newly renovated, close to the university.",
];

/**
 * Parses CSV text (RFC 4180: quoted fields with "" for a quote and line breaks inside quotes;
 * CRLF or LF line ends; a leading byte-order mark ignored) into rows of cells. Blank lines are
 * dropped. Throws on an unterminated quoted field.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== "") rows.push(row);
    row = [];
    cell = "";
  };
  while (i < input.length) {
    const char = input[i];
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      endRow();
      if (char === "\r" && input[i + 1] === "\n") i += 1;
    } else cell += char;
    i += 1;
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (cell !== "" || row.length > 0) endRow();
  return rows;
}
