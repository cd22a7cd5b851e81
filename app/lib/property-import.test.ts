import { describe, expect, it } from "vitest";
import { PROPERTY_CSV_COLUMNS, PROPERTY_CSV_EXAMPLE, toCsv } from "./csv";
import { parseNaira } from "./money";
import {
  checkImportRow,
  displayValue,
  formValueOf,
  type ImportRow,
  readPropertyCsv,
} from "./property-import";

const HEADER = "id,title,purpose,price,rent_period,property_type,category,city,status";
const ID = "0b6f3f0e-7a53-4c4f-9a55-2f3c1f0b1a11";

function sheetOf(text: string) {
  const reading = readPropertyCsv(text);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.sheet;
}

function problemsOf(text: string) {
  const reading = readPropertyCsv(text);
  if (reading.ok) throw new Error("expected the file to be refused");
  return reading.problems;
}

function listingOf(row: ImportRow | undefined) {
  if (!row) throw new Error("no row");
  const checked = checkImportRow(row);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  return checked.input;
}

describe("parseNaira: amounts as people type them", () => {
  it.each([
    ["45000000", 45_000_000],
    ["45,000,000", 45_000_000],
    ["₦45,000,000", 45_000_000],
    ["₦ 45,000,000", 45_000_000],
    ["N45,000,000", 45_000_000],
    ["NGN 45 000 000", 45_000_000],
    ["#45,000,000", 45_000_000],
    ["45 000 000", 45_000_000],
    ["45\u00a0000\u00a0000", 45_000_000],
    ["45,000,000.00", 45_000_000],
    ["1,000,000,000,000", 1_000_000_000_000],
    ["0", 0],
  ])("%s is ₦%d", (typed, amount) => {
    expect(parseNaira(typed)).toBe(amount);
  });

  it("reads nothing as null and refuses kobo, words, negatives and more than ₦1 trillion", () => {
    expect(parseNaira("  ")).toBeNull();
    for (const typed of ["45,000,000.50", "forty", "-5", "1e6", "45m", "1,000,000,000,001", "₦"]) {
      expect(parseNaira(typed), typed).toBeUndefined();
    }
  });
});

describe("cells read as the admin shows them", () => {
  it.each([
    ["purpose", "For Sale", "sale"],
    ["purpose", "for rent", "rent"],
    ["purpose", "SALE", "sale"],
    ["property_type", "Duplex", "duplex"],
    ["category", "Commercial", "commercial"],
    ["status", "Available", "available"],
    ["status", "Under Offer", "under-offer"],
    ["status", "under offer", "under-offer"],
    ["title_document", "C of O", "c-of-o"],
    ["title_document", "Certificate of Occupancy (C of O)", "c-of-o"],
    ["title_document", "Governor's Consent", "governors-consent"],
    ["title_document", "None yet", "none"],
    ["furnishing", "Semi furnished", "semi-furnished"],
    ["city", "port harcourt", "Port Harcourt"],
    ["rent_period", "yearly", "year"],
    ["rent_period", "Per Annum", "year"],
    ["rent_period", "p.a.", "year"],
    ["rent_period", "per year", "year"],
    ["rent_period", "Monthly", "month"],
    ["rent_period", "per month", "month"],
    ["price", "₦45,000,000", "45000000"],
    ["service_charge", "", ""],
    ["featured", "Yes", "on"],
    ["featured", "TRUE", "on"],
    ["serviced", "no", ""],
    ["serviced", "", ""],
    ["sqft", "1,400", "1400"],
  ] as const)("%s %s", (column, typed, value) => {
    expect(formValueOf(column, typed)).toBe(value);
  });

  it("refuses what no choice matches", () => {
    expect(formValueOf("purpose", "Forsale lease")).toEqual({ reason: "Not one of the choices" });
    expect(formValueOf("city", "Atlantis")).toEqual({ reason: "Not one of the cities" });
    expect(formValueOf("featured", "maybe")).toEqual({ reason: "Not yes or no" });
    expect(formValueOf("price", "call us")).toEqual({ reason: "Not an amount in whole naira" });
    expect(formValueOf("rent_period", "weekly")).toEqual({ reason: "Not one of the choices" });
  });

  it("reads a spreadsheet's row of labels into the listing the form would store", () => {
    const sheet = sheetOf(
      `${HEADER}\r\n,Lekki duplex,For Sale,"₦45,000,000",,Duplex,Residential,lagos,Available\r\n,Yaba flat,For Rent,"2,400,000",Per Annum,Apartment,Residential,Lagos,Under Offer\r\n`,
    );
    expect(sheet.rows.map((r) => r.id)).toEqual([null, null]);
    expect(listingOf(sheet.rows[0])).toMatchObject({
      purpose: "sale",
      price: 45_000_000,
      rentPeriod: null,
      propertyType: "duplex",
      city: "Lagos",
      status: "available",
    });
    expect(listingOf(sheet.rows[1])).toMatchObject({
      purpose: "rent",
      price: 2_400_000,
      rentPeriod: "year",
      status: "under-offer",
    });
  });

  it("takes headers as people write them and lists the columns it does not know", () => {
    const sheet = sheetOf(
      "Title,Purpose,Price,Property Type,Category,City,Agent notes\nA,sale,1,house,residential,Kano,call first",
    );
    expect(sheet.columns).toEqual([
      "title",
      "purpose",
      "price",
      "property_type",
      "category",
      "city",
    ]);
    expect(sheet.ignored).toEqual(["Agent notes"]);
  });

  it("shows stored values as the admin does", () => {
    expect(displayValue("price", 45_000_000)).toBe("₦45,000,000");
    expect(displayValue("purpose", "sale")).toBe("For Sale");
    expect(displayValue("status", "under-offer")).toBe("Under Offer");
    expect(displayValue("featured", true)).toBe("Yes");
    expect(displayValue("rentPeriod", null)).toBe("(empty)");
  });
});

describe("refusals name the row, the column, the value and what is allowed", () => {
  it("for values no column takes, on the spreadsheet's row numbers (blank lines counted)", () => {
    const problems = problemsOf(
      `${HEADER}\n,Good,sale,100,,house,residential,Lagos,\n\n,Bad,Sell,call us,weekly,castle,residential,Atlantis,Gone\n`,
    );
    expect(problems).toEqual([
      {
        row: 4,
        column: "purpose",
        value: "Sell",
        message: "Not one of the choices. Allowed: For Sale or For Rent.",
      },
      {
        row: 4,
        column: "price",
        value: "call us",
        message:
          "Not an amount in whole naira. Allowed: whole naira, e.g. 45000000, 45,000,000 or ₦45,000,000.",
      },
      expect.objectContaining({ row: 4, column: "rent_period", value: "weekly" }),
      expect.objectContaining({ row: 4, column: "property_type", value: "castle" }),
      expect.objectContaining({ row: 4, column: "city", value: "Atlantis" }),
      {
        row: 4,
        column: "status",
        value: "Gone",
        message:
          "Not one of the choices. Allowed: Available, Under Offer, Sold, Let (empty is Available).",
      },
    ]);
    expect(problems[2]?.message).toContain("Allowed: yearly (per year, per annum), monthly");
    expect(problems[4]?.message).toContain("Allowed: Lagos, Abuja, Port Harcourt");
  });

  it("for what the form's schema refuses (a missing title or price)", () => {
    const sheet = sheetOf(`${HEADER}\n,,sale,,,house,residential,Lagos,\n`);
    const checked = checkImportRow(sheet.rows[0] as ImportRow);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems).toEqual([
      {
        row: 2,
        column: "title",
        value: "",
        message: "Please enter a title. Allowed: one line of up to 150 characters.",
      },
      expect.objectContaining({ row: 2, column: "price", value: "" }),
    ]);
  });

  it("for a rental's fees over the office's limits (issue 46), with the reason", () => {
    const header = `${HEADER},address,agency_fee_percent,legal_fee,rent_advance_months`;
    const sheet = sheetOf(
      `${header}\n,Yaba flat,rent,"₦2,400,000",yearly,apartment,residential,Lagos,,"3 Yaba Rd, Yaba",15%,"₦240,000",24\n` +
        `,Ikoyi flat,rent,"₦2,400,000",yearly,apartment,residential,Lagos,,"2 Bourdillon Rd, Ikoyi",10,"₦240,000",24\n`,
    );
    const checked = checkImportRow(sheet.rows[0] as ImportRow);
    expect(checked.ok ? [] : checked.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: "agency_fee_percent",
        value: "15%",
        message: expect.stringMatching(/^An agency fee may be at most 10% of a year's rent/),
      }),
      expect.objectContaining({
        row: 2,
        column: "rent_advance_months",
        value: "24",
        message: expect.stringContaining("at most 12 months' rent in advance"),
      }),
    ]);
    expect(listingOf(sheet.rows[1])).toMatchObject({
      agencyFeePercent: 10,
      legalFee: 240_000,
      rentAdvanceMonths: 24,
    });
  });

  it("for ids that are not listing ids, or name one listing twice", () => {
    const problems = problemsOf(
      `${HEADER}\nNH-123,A,sale,1,,house,residential,Lagos,\n${ID},B,sale,1,,house,residential,Lagos,\n${ID.toUpperCase()},C,sale,1,,house,residential,Lagos,\n`,
    );
    expect(problems).toEqual([
      expect.objectContaining({ row: 2, column: "id", value: "NH-123" }),
      {
        row: 4,
        column: "id",
        value: ID.toUpperCase(),
        message: "This listing is on row 3 too. Allowed: each listing once in a file.",
      },
    ]);
    expect(problems[0]?.message).toContain("Allowed: an id from this site's export");
  });

  it("for a header without the columns new listings need", () => {
    expect(problemsOf("title,price\nA,1")).toEqual([
      expect.objectContaining({ row: 1, column: "purpose, city, property_type, category" }),
    ]);
    // Rows that all update listings may bring only the columns they change.
    expect(sheetOf(`id,price\n${ID},"₦50,000,000"`).rows[0]?.values).toEqual({
      price: "50000000",
    });
  });

  it("for a file whose columns are separated by semicolons or tabs", () => {
    expect(problemsOf("title;purpose;price\nA;sale;1")[0]?.message).toMatch(
      /^The columns are separated by semicolons\. Allowed: commas/,
    );
    expect(problemsOf("title\tpurpose\nA\tsale")[0]?.message).toMatch(/separated by tabs/);
  });

  it("for a broken quote, an empty file and a row with more cells than the header", () => {
    expect(problemsOf(`${HEADER}\n"Unclosed,sale`)[0]?.message).toMatch(/not a valid CSV/);
    expect(problemsOf(HEADER)[0]?.message).toBe("The file has no listings.");
    expect(
      problemsOf(
        "title,purpose,price,property_type,category,city\nA,sale,45,000,000,house,residential,Lagos",
      )[0],
    ).toMatchObject({ row: 2, value: "residential, Lagos" });
  });
});

describe("the export's cells read back as written", () => {
  it("removes the apostrophe the export puts before a formula, and only that one", () => {
    const titles = ["=HYPERLINK(1)", "- bullet", "'=already quoted", "'plain", "+234 803"];
    const file = toCsv(
      ["title", "purpose", "price", "property_type", "category", "city"],
      titles.map((title) => [title, "sale", 1, "house", "residential", "Lagos"]),
    );
    expect(sheetOf(file).rows.map((r) => r.cells.title)).toEqual(titles);
  });

  it("knows every column the export writes", () => {
    const sheet = sheetOf(
      toCsv(
        ["id", ...PROPERTY_CSV_COLUMNS, "created_at"],
        [[ID, ...PROPERTY_CSV_EXAMPLE, "2026-11-23T10:00:00.000Z"]],
      ),
    );
    expect(sheet.columns).toEqual([...PROPERTY_CSV_COLUMNS]);
    expect(sheet.ignored).toEqual([]);
  });
});
