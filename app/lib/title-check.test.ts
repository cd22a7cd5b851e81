import { describe, expect, it } from "vitest";
import { titleCheckSchema } from "./schemas/title-check";
import { describeTitleCheck, landRegistryFor, TITLE_CHECKS, titleCheckRank } from "./title-check";
import { downloadName, sniffTitleDocument } from "./title-document-files";

// The title check's rules (issue 46, item 2): levels in rising order, in plain words; the form's
// checks on a fixed clock; and what a title document upload may be, by its bytes.

// 10:00 in Lagos on Sunday 15 Nov 2026 (09:00 UTC): a fixed clock, no day of the week matters.
const NOW = new Date("2026-11-15T09:00:00Z");

describe("title check levels", () => {
  it("rise from documents sighted to a lawyer's report", () => {
    expect(TITLE_CHECKS.map((c) => c.label)).toEqual([
      "Documents sighted",
      "Registry search",
      "Survey charted",
      "Lawyer's report",
    ]);
    expect(titleCheckRank(null)).toBe(0);
    expect(titleCheckRank("documents-sighted")).toBe(1);
    expect(titleCheckRank("survey-charted")).toBeGreaterThan(titleCheckRank("registry-search"));
    expect(titleCheckRank("lawyer-report")).toBe(4);
  });

  it("say what each level means and what it does not guarantee", () => {
    for (const check of TITLE_CHECKS) {
      expect(check.means.length).toBeGreaterThan(40);
      expect(check.notGuaranteed.length).toBeGreaterThan(40);
    }
    expect(TITLE_CHECKS[2]?.means).toContain("not under government acquisition");
  });

  it("names the registry by the listing's city", () => {
    expect(landRegistryFor("Lagos")).toBe("the Lagos Land Registry (e-GIS)");
    expect(landRegistryFor(" abuja ")).toContain("AGIS");
    expect(landRegistryFor("Enugu")).toBe("the state land registry");
  });

  it("describes the check in one sentence, with the lawyer and the registry where they belong", () => {
    const base = { titleCheckedOn: "2026-11-03", titleCheckedBy: "Ada Obi", titleLawyer: null };
    expect(describeTitleCheck({ ...base, titleCheck: "registry-search", city: "Lagos" })).toBe(
      "Registry search at the Lagos Land Registry (e-GIS) on 3 Nov 2026 by Ada Obi",
    );
    expect(
      describeTitleCheck({
        ...base,
        titleCheck: "lawyer-report",
        titleLawyer: "Barr. Funmi Adeyemi",
        city: "Abuja",
      }),
    ).toBe("Lawyer's report from Barr. Funmi Adeyemi on 3 Nov 2026 by Ada Obi");
    expect(describeTitleCheck({ ...base, titleCheck: null, city: "Lagos" })).toBeNull();
  });
});

describe("the form's title check", () => {
  const parse = (fields: Record<string, string>) =>
    titleCheckSchema(NOW).safeParse({ purpose: "sale", ...fields });
  const errorsOf = (fields: Record<string, string>) => {
    const parsed = parse(fields);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
  };

  it("stores nothing when no check is chosen, whatever else was typed", () => {
    const parsed = parse({ titleCheck: "", titleCheckedBy: "Ada", titleLawyer: "Barr. X" });
    expect(parsed.success && parsed.data).toEqual({
      titleCheck: null,
      titleCheckedOn: null,
      titleCheckedBy: null,
      titleLawyer: null,
    });
  });

  it("needs the day (today at the latest, in Lagos) and who did it", () => {
    expect(errorsOf({ titleCheck: "documents-sighted" })).toEqual([
      "titleCheckedOn",
      "titleCheckedBy",
    ]);
    const today = { titleCheck: "documents-sighted", titleCheckedBy: "Ada Obi" };
    expect(errorsOf({ ...today, titleCheckedOn: "2026-11-15" })).toEqual([]);
    expect(errorsOf({ ...today, titleCheckedOn: "2026-11-16" })).toEqual(["titleCheckedOn"]);
    expect(errorsOf({ ...today, titleCheckedOn: "2026-02-30" })).toEqual(["titleCheckedOn"]);
  });

  it("needs the lawyer for a lawyer's report, and keeps no lawyer for another level", () => {
    const done = { titleCheckedOn: "2026-11-01", titleCheckedBy: "Ada Obi" };
    expect(errorsOf({ ...done, titleCheck: "lawyer-report" })).toEqual(["titleLawyer"]);
    const parsed = parse({ ...done, titleCheck: "survey-charted", titleLawyer: "Barr. X" });
    expect(parsed.success && parsed.data.titleLawyer).toBeNull();
  });

  it("refuses a check on a rental and an unknown level", () => {
    const done = { titleCheckedOn: "2026-11-01", titleCheckedBy: "Ada Obi" };
    expect(errorsOf({ ...done, titleCheck: "registry-search", purpose: "rent" })).toEqual([
      "titleCheck",
    ]);
    expect(errorsOf({ ...done, titleCheck: "verified" })).toEqual(["titleCheck"]);
  });
});

describe("title document files", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("are told by their bytes, not their name", () => {
    expect(sniffTitleDocument(bytes("%PDF-1.7\n..."))?.contentType).toBe("application/pdf");
    expect(sniffTitleDocument(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))?.extension).toBe("jpg");
    expect(
      sniffTitleDocument(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))
        ?.extension,
    ).toBe("png");
    expect(sniffTitleDocument(bytes("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))?.extension).toBe(
      "webp",
    );
    expect(sniffTitleDocument(bytes("<html><script>"))).toBeUndefined();
    expect(sniffTitleDocument(bytes("%PD"))).toBeUndefined();
    expect(sniffTitleDocument(new Uint8Array())).toBeUndefined();
  });

  it("download under a name safe in a header", () => {
    expect(downloadName("C of O.pdf", "pdf")).toBe("C of O.pdf");
    expect(downloadName('a"b\\c/d;\r\n.pdf', "pdf")).toBe("a b c d.pdf");
    expect(downloadName("Ìbàdàn deed.jpeg", "jpg")).toBe("_b_d_n deed.jpg");
    expect(downloadName("", "png")).toBe("title-document.png");
  });
});
