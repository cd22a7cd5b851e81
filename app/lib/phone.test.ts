import { describe, expect, it } from "vitest";
import { normalizePhone, phoneSearchDigits } from "./phone";

// The one reading of a phone number (issue 47): every spelling staff and customers use for one
// Nigerian number is one number, and a search typed in any of them looks for the same digits.

describe("normalizePhone", () => {
  it.each([
    "0803 555 1234",
    "08035551234",
    "0803-555-1234",
    "0803.555.1234",
    "(0803) 555 1234",
    "803 555 1234",
    "8035551234",
    "+234 803 555 1234",
    "+234 (0) 803 555 1234",
    "234 803 555 1234",
    "2348035551234",
    "002348035551234",
    " 0803 555 1234 ",
  ])("reads %j as +2348035551234", (spelling) => {
    expect(normalizePhone(spelling)).toBe("+2348035551234");
  });

  it("keeps land lines and foreign numbers, in E.164", () => {
    expect(normalizePhone("01 234 5678")).toBe("+23412345678");
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("0044 20 7946 0958")).toBe("+442079460958");
  });

  it("refuses what is not a number", () => {
    expect(normalizePhone("")).toBeUndefined();
    expect(normalizePhone("call me")).toBeUndefined();
    expect(normalizePhone("0803 555 12a4")).toBeUndefined();
    expect(normalizePhone("0803555")).toBeUndefined(); // too short
    expect(normalizePhone("5035551234")).toBeUndefined(); // ten digits, not a mobile prefix
    expect(normalizePhone("+1 234 567 890 123 456")).toBeUndefined(); // 16 digits
  });
});

describe("phoneSearchDigits", () => {
  it.each([
    ["0803 555 1234", "8035551234"],
    ["08035551234", "8035551234"],
    ["803-555-1234", "8035551234"],
    ["+234 803 555 1234", "2348035551234"],
    ["234 (0) 803 555 1234", "2348035551234"],
    ["0803 555", "803555"],
    ["555.1234", "5551234"],
    ["+44 20 7946", "44207946"],
  ])("looks for %j as %j", (query, digits) => {
    expect(phoneSearchDigits(query)).toBe(digits);
  });

  it("leaves names, e-mails, short numbers and codes to the text search", () => {
    expect(phoneSearchDigits("Ada Obi")).toBeUndefined();
    expect(phoneSearchDigits("ada@example.com")).toBeUndefined();
    expect(phoneSearchDigits("0803")).toBeUndefined();
    expect(phoneSearchDigits("2024")).toBeUndefined();
    expect(phoneSearchDigits("NH-LAG-0421")).toBeUndefined();
  });
});
