import { describe, expect, it } from "vitest";
import { listingCodePath, normalizeListingCode } from "./listing-code";

// A listing's reference code as people type it, read out or paste it from a message.

describe("normalizeListingCode", () => {
  it.each([
    ["NH-LAG-0421", "NH-LAG-0421"],
    ["nh-lag-0421", "NH-LAG-0421"],
    ["NHLAG0421", "NH-LAG-0421"],
    ["nhlag421", "NH-LAG-0421"],
    ["nh lag 421", "NH-LAG-0421"],
    ["  NH - LAG - 0421  ", "NH-LAG-0421"],
    ["NH/LAG/0421", "NH-LAG-0421"],
    ["NH.LAG.0421", "NH-LAG-0421"],
    ["NH–LAG–0421", "NH-LAG-0421"],
    ["ＮＨ-ＬＡＧ-０４２１", "NH-LAG-0421"],
    ["NH-FCT-7", "NH-FCT-0007"],
    ["NH-RIV-12345", "NH-RIV-12345"],
    ["NH-LAG-000421", "NH-LAG-0421"],
  ])("reads %j as %s", (typed, code) => {
    expect(normalizeListingCode(typed)).toBe(code);
  });

  it.each([
    ["Lekki duplex"],
    [""],
    ["NH"],
    ["NH-LAG"],
    ["LAG-0421"],
    ["NH-LA-0421"],
    ["NH-LAGOS-0421"],
    ["NH-LAG-0000"],
    ["NH-LAG-04a21"],
    ["3 bedroom NH-LAG-0421"],
    ["NH-LAG-1234567890"],
    [`NH-LAG-${"0".repeat(50)}1`],
  ])("is not a code: %j", (typed) => {
    expect(normalizeListingCode(typed)).toBeUndefined();
  });

  it("links a code under /r/", () => {
    expect(listingCodePath("NH-LAG-0421")).toBe("/r/NH-LAG-0421");
  });
});
