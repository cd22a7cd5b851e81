import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, parseCsv, toCsv } from "./csv";

describe("csv", () => {
  it("quotes what needs quoting and writes values plainly", () => {
    expect(csvCell("Lekki, Lagos")).toBe('"Lekki, Lagos"');
    expect(csvCell('The "Palm" villa')).toBe('"The ""Palm"" villa"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(185_000_000)).toBe("185000000");
    expect(csvCell(true)).toBe("yes");
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23T10:00:00.000Z");
  });

  it("never lets a text cell start a formula", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+2348031234567")).toBe("'+2348031234567");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
    // Numbers stay numbers.
    expect(csvCell(-5)).toBe("-5");
  });

  it("starts with a byte-order mark and ends rows with CRLF", () => {
    const file = toCsv(["title", "price"], [["Villa ₦", 1]]);
    expect(file.startsWith(CSV_BOM)).toBe(true);
    expect(file.slice(1)).toBe("title,price\r\nVilla ₦,1\r\n");
  });
});

describe("parseCsv", () => {
  it("reads what toCsv writes, quotes, commas and line breaks included", () => {
    const rows = [
      ["title", "note"],
      ['The "Palm", Lekki', "two\nlines"],
      ["plain", ""],
    ];
    expect(parseCsv(toCsv(rows[0] ?? [], rows.slice(1)))).toEqual(rows);
  });

  it("takes LF line ends, skips blank lines and refuses an unterminated quote", () => {
    expect(parseCsv("a,b\n\n1,2\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(() => parseCsv('a,"b\n1,2')).toThrow();
  });
});
