import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, decodeCsvBytes, parseCsv, toCsv, unguardCell } from "./csv";

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

describe("decodeCsvBytes", () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it("reads UTF-8 with or without a byte-order mark", () => {
    expect(decodeCsvBytes(utf8("title\nVilla ₦ Ikoyi"))).toEqual({
      ok: true,
      text: "title\nVilla ₦ Ikoyi",
      encoding: "UTF-8",
    });
    expect(decodeCsvBytes(utf8(`${CSV_BOM}title\nCafé`))).toMatchObject({ text: "title\nCafé" });
  });

  it("reads a Windows-1252 (Latin-1) file's accents and € as they were, and says so", () => {
    // "Résidence Ère, €", as Excel's plain "CSV" writes it on Windows.
    const bytes = Uint8Array.from([
      0x52, 0xe9, 0x73, 0x69, 0x64, 0x65, 0x6e, 0x63, 0x65, 0x20, 0xc8, 0x72, 0x65, 0x2c, 0x20,
      0x80,
    ]);
    expect(decodeCsvBytes(bytes)).toEqual({
      ok: true,
      text: "Résidence Ère, €",
      encoding: "Windows-1252",
    });
  });

  it("reads UTF-16 with its mark", () => {
    const text = "title\nCafé";
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + i * 2] = text.charCodeAt(i);
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, text, encoding: "UTF-16" });
  });

  it("refuses what is neither, with a message saying so, instead of replacement characters", () => {
    // 0x81 is no character in Windows-1252; a NUL is UTF-16 without its mark.
    for (const bytes of [
      Uint8Array.from([0x41, 0x81, 0x42]),
      Uint8Array.from([0x41, 0, 0x42, 0]),
    ]) {
      const decoded = decodeCsvBytes(bytes);
      expect(decoded.ok).toBe(false);
      expect(decoded.ok ? "" : decoded.message).toMatch(/not UTF-8 or Windows-1252 \(Latin-1\)/);
    }
  });
});

describe("unguardCell and kept blank lines", () => {
  it("undoes exactly the apostrophe csvCell adds", () => {
    for (const text of ["=1", "'=1", "''+2", "'plain", "plain", "-", "@x"]) {
      const cell = csvCell(text).replace(/^"|"$/g, "").replace(/""/g, '"');
      expect(unguardCell(cell), text).toBe(text);
    }
  });

  it("keeps blank lines when asked, so rows keep their numbers", () => {
    expect(parseCsv("a\n\nb\n", { keepBlankLines: true })).toEqual([["a"], [""], ["b"]]);
  });
});
