// CSV for spreadsheets (RFC 4180): fields quoted when they hold a comma, a quote or a line
// break; CRLF line ends; a UTF-8 byte-order mark so Excel reads ₦ and accented names right.
// A cell that starts like a formula (= + - @, or a tab or carriage return before one) is
// prefixed with an apostrophe, so a listing's text can never run as a formula in the office's
// spreadsheet (CSV injection).

export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r]/;
/** Apostrophes before a formula start: guarded too, so reading back undoes exactly one. */
const GUARDED_START = /^'+[=+\-@\t\r]/;

function needsGuard(text: string) {
  return FORMULA_START.test(text) || GUARDED_START.test(text);
}

/** A cell's text as the export meant it: the apostrophe csvCell put before a formula removed. */
export function unguardCell(text: string): string {
  return text.startsWith("'") && needsGuard(text.slice(1)) ? text.slice(1) : text;
}

/** A value as a cell's text: numbers as written, booleans as yes/no, dates as ISO, nothing as "". */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** One cell as written to the file: cellText, guarded against formulas, quoted when needed. */
export function csvCell(value: unknown): string {
  let text = cellText(value);
  if (typeof value === "string" && needsGuard(text)) text = `'${text}`;
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
  "service_charge_percent",
  "agency_fee",
  "agency_fee_percent",
  "legal_fee",
  "legal_fee_percent",
  "caution_deposit",
  "caution_deposit_percent",
  "rent_advance_months",
  "furnishing",
  "serviced",
  "featured",
  "description",
] as const;

/**
 * The listing's agent, by the e-mail of their account (empty: the office), after the listing
 * columns in the export and the template; the import checks it is an active agent.
 */
export const AGENT_CSV_COLUMN = "agent";

/**
 * The listing's reference code, after the id in the export only: for reading (the office
 * quotes it on the phone); the import reads no value from it, as codes are given by the
 * database and never typed.
 */
export const REFERENCE_CODE_CSV_COLUMN = "reference_code";

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
  "",
  "",
  10,
  "",
  10,
  350000,
  "",
  12,
  "semi-furnished",
  true,
  false,
  "Newly renovated, close to the university.",
];

/**
 * Parses CSV text (RFC 4180: quoted fields with "" for a quote and line breaks inside quotes;
 * CRLF or LF line ends; a leading byte-order mark ignored) into rows of cells. Blank lines are
 * dropped, or kept as `[""]` with `keepBlankLines` (so rows keep the numbers a spreadsheet
 * shows). Throws on an unterminated quoted field.
 */
export function parseCsv(text: string, options: { keepBlankLines?: boolean } = {}): string[][] {
  return Array.from(csvRows(text, options));
}

/** The characters that end a run of plain text outside quotes. */
const CSV_SPECIAL = /[",\r\n]/g;

/**
 * parseCsv's rows one at a time, so a caller can let other work run between them (the import
 * reads 2 MB files on the server's one thread). Runs of plain text are taken as slices, not
 * character by character: a 2,000-row export reads in milliseconds.
 */
export function* csvRows(
  text: string,
  options: { keepBlankLines?: boolean } = {},
): Generator<string[], void, undefined> {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const special = new RegExp(CSV_SPECIAL);
  const kept = (row: string[]) => options.keepBlankLines || row.length > 1 || row[0] !== "";
  let row: string[] = [];
  let cell = "";
  let i = 0;
  while (i < input.length) {
    special.lastIndex = i;
    const match = special.exec(input);
    const at = match ? match.index : input.length;
    cell += input.slice(i, at);
    if (!match) break;
    const char = input[at];
    if (char === '"') {
      if (cell !== "") {
        // A quote inside an unquoted value is part of it.
        cell += '"';
        i = at + 1;
        continue;
      }
      // A quoted value: up to the quote that is not doubled.
      let from = at + 1;
      for (;;) {
        const close = input.indexOf('"', from);
        if (close < 0) throw new Error("unterminated quoted field");
        cell += input.slice(from, close);
        if (input[close + 1] === '"') {
          cell += '"';
          from = close + 2;
          continue;
        }
        i = close + 1;
        break;
      }
      continue;
    }
    row.push(cell);
    cell = "";
    if (char === ",") {
      i = at + 1;
      continue;
    }
    if (kept(row)) yield row;
    row = [];
    i = at + (char === "\r" && input[at + 1] === "\n" ? 2 : 1);
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    if (kept(row)) yield row;
  }
}

/** The encodings a CSV file may come in, as the import reports them. */
export type CsvEncoding = "UTF-8" | "UTF-16" | "Windows-1252";

export type DecodedCsv =
  | { ok: true; text: string; encoding: CsvEncoding }
  | { ok: false; message: string };

/**
 * Windows-1252's characters for the bytes 0x80-0x9F (0 where it defines none); every other byte
 * is the Latin-1 character of the same number. By hand: Node's TextDecoder reads
 * "windows-1252" as plain Latin-1, so € and curly quotes would come out as control characters.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0, 0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161,
  0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/** The text of Windows-1252 bytes, or undefined when a byte stands for no character. */
function decodeWindows1252(bytes: Uint8Array): string | undefined {
  const codes = new Array<number>(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    const code = byte >= 0x80 && byte <= 0x9f ? (WINDOWS_1252_HIGH[byte - 0x80] ?? 0) : byte;
    if (code === 0) return undefined;
    codes[i] = code;
  }
  let text = "";
  for (let i = 0; i < codes.length; i += 8192) {
    text += String.fromCharCode(...codes.slice(i, i + 8192));
  }
  return text;
}

/**
 * A CSV file's bytes as text. UTF-8 (with or without a byte-order mark) and UTF-16 with its
 * mark are read as such. A file that is not valid UTF-8 is what Excel's plain "CSV" writes on
 * Windows: Windows-1252 (Latin-1 with € and curly quotes), read as that. Anything else (a byte
 * Windows-1252 does not define, a NUL of an unmarked UTF-16 file) is refused with a message,
 * never read with replacement characters.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  const refusal = {
    ok: false as const,
    message:
      'The file is not UTF-8 or Windows-1252 (Latin-1) text, so its letters cannot be read reliably. In your spreadsheet, save it as "CSV UTF-8" and try again.',
  };
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const text = new TextDecoder(bytes[0] === 0xff ? "utf-16le" : "utf-16be").decode(bytes);
    return { ok: true, text: text.replace(/^\uFEFF/, ""), encoding: "UTF-16" };
  }
  if (bytes.includes(0)) return refusal;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return { ok: true, text, encoding: "UTF-8" };
  } catch {
    const text = decodeWindows1252(bytes);
    return text === undefined ? refusal : { ok: true, text, encoding: "Windows-1252" };
  }
}
