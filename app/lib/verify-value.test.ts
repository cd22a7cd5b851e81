import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone";
import {
  formatCheckedValue,
  normalizeAccountNumber,
  normalizeEmail,
  readCheckedValue,
} from "./verify-value";

// How /verify reads what a visitor typed (issue 45): every Nigerian spelling of one number is
// one number, ten digits are an account, an e-mail in any case is one address.

describe("readCheckedValue", () => {
  it.each([
    "0803 555 1234",
    "08035551234",
    "+2348035551234",
    "234 803 555 1234",
    "+234 803 555 1234",
    "0803-555-1234",
    "(0803) 555-1234",
    "+234 (0) 803 555 1234",
    "2340803 555 1234",
    "00234 803 555 1234",
    "  0803.555.1234  ",
    "+234-803-555-1234",
  ])("reads %j as the phone number +2348035551234", (typed) => {
    expect(readCheckedValue(typed)).toEqual({ kind: "phone", normalized: "+2348035551234" });
  });

  it("reads a Lagos land line and a foreign number", () => {
    expect(readCheckedValue("01 234 5678")).toEqual({ kind: "phone", normalized: "+23412345678" });
    expect(readCheckedValue("+44 7911 123456")).toEqual({
      kind: "phone",
      normalized: "+447911123456",
    });
  });

  it("reads ten digits as an account number (NUBAN), with spaces or dashes", () => {
    for (const typed of ["0123456789", "0123 456 789", "0123-456-789", " 1023456789 "]) {
      expect(readCheckedValue(typed)?.kind, typed).toBe("account");
    }
    expect(readCheckedValue("0123 456 789")?.normalized).toBe("0123456789");
    // Ten digits after a + are a foreign phone number, never an account.
    expect(readCheckedValue("+1234567890")?.kind).toBe("phone");
  });

  it("reads an e-mail address in lower case, whatever case it was typed in", () => {
    expect(readCheckedValue("  Info@NaijaHomes.NG ")).toEqual({
      kind: "email",
      normalized: "info@naijahomes.ng",
    });
    expect(readCheckedValue("mailto:AGENT@naijahomes.ng")?.normalized).toBe("agent@naijahomes.ng");
  });

  it("recognises listing reference codes in any spelling", () => {
    for (const typed of ["NH-LAG-0421", "nh-lag-0421", "NH LAG 0421", "nhlag0421", "NH-LAG-421"]) {
      expect(readCheckedValue(typed), typed).toEqual({
        kind: "listing_code",
        normalized: "NH-LAG-0421",
      });
    }
    expect(readCheckedValue("NH-FC-12")?.normalized).toBe("NH-FC-0012");
  });

  it.each([
    "",
    "   ",
    "hello",
    "0803 555",
    "8035551234 5",
    "080355512345",
    "123456789",
    "12345678901",
    "+234 12",
    "info@",
    "@naijahomes.ng",
    "a b@c.ng",
    "NH-LAGOS-0421",
    "0803 555 1234 or 0809",
  ])("reads %j as nothing it can check", (typed) => {
    expect(readCheckedValue(typed)).toBeUndefined();
  });
});

describe("the normalisers on their own", () => {
  it("normalise phones, accounts and e-mails, or refuse", () => {
    expect(normalizePhone("0803 555 1234")).toBe("+2348035551234");
    expect(normalizePhone("0803 555 12a4")).toBeUndefined();
    expect(normalizePhone("+234 0")).toBeUndefined();
    expect(normalizeAccountNumber("012345678")).toBeUndefined();
    expect(normalizeAccountNumber("01234567890")).toBeUndefined();
    expect(normalizeEmail("Ada.Obi+homes@Example.COM")).toBe("ada.obi+homes@example.com");
    expect(normalizeEmail("not an email")).toBeUndefined();
  });

  it("say a Nigerian mobile number back in groups", () => {
    expect(formatCheckedValue({ kind: "phone", normalized: "+2348035551234" })).toBe(
      "+234 803 555 1234",
    );
    expect(formatCheckedValue({ kind: "account", normalized: "0123456789" })).toBe("0123456789");
  });
});
