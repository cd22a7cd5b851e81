import { describe, expect, it } from "vitest";
import { listingChatMessage, whatsappChatUrl, whatsappDigits, whatsappShareUrl } from "./whatsapp";

describe("whatsappDigits", () => {
  it("writes Nigerian and international numbers the way wa.me wants them", () => {
    expect(whatsappDigits("+234 803 123 4567")).toBe("2348031234567");
    expect(whatsappDigits("0803 123 4567")).toBe("2348031234567");
    expect(whatsappDigits("(0809) 876-5432")).toBe("2348098765432");
    expect(whatsappDigits("803 123 4567")).toBe("2348031234567");
    expect(whatsappDigits("906-555-1234")).toBe("2349065551234");
    expect(whatsappDigits("2348031234567")).toBe("2348031234567");
    expect(whatsappDigits("0044 20 7946 0958")).toBe("442079460958");
    expect(whatsappDigits("+44 20 7946 0958")).toBe("442079460958");
  });

  it("refuses what cannot be a WhatsApp number", () => {
    expect(whatsappDigits("")).toBeUndefined();
    expect(whatsappDigits("call us")).toBeUndefined();
    expect(whatsappDigits("080 1234")).toBeUndefined(); // local, not Nigerian mobile: no country
    expect(whatsappDigits("+1 234 567 890 123 456")).toBeUndefined(); // 16 digits
    expect(whatsappDigits("+234 803 123 4567?text=hi")).toBeUndefined();
  });
});

describe("links", () => {
  it("opens a chat with the number and the message, encoded", () => {
    const text = listingChatMessage({
      title: "3-bed flat & BQ",
      code: "NH-LAG-0421",
      url: "https://naijahomes.ng/property/abc",
    });
    expect(text).toBe(
      'Hello NaijaHomes Realty, I am interested in "3-bed flat & BQ" (ref. NH-LAG-0421): https://naijahomes.ng/property/abc',
    );
    const url = whatsappChatUrl("+234 803 123 4567", text);
    expect(url).toBe(`https://wa.me/2348031234567?text=${encodeURIComponent(text)}`);
    expect(new URL(url ?? "").searchParams.get("text")).toBe(text);
    expect(whatsappChatUrl("+234 803 123 4567")).toBe("https://wa.me/2348031234567");
    expect(whatsappChatUrl("not a number", text)).toBeUndefined();
  });

  it("shares a text to a contact the visitor picks", () => {
    const url = whatsappShareUrl("Look: https://naijahomes.ng/property/abc");
    expect(url.startsWith("https://wa.me/?text=")).toBe(true);
    expect(new URL(url).searchParams.get("text")).toBe("Look: https://naijahomes.ng/property/abc");
  });
});
