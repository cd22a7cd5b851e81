import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MapLink, PhoneLinks } from "./contact-links";

// Tap to reach (issue 47, item 4): what staff tap beside a person's number and an address.

function linksIn(html: string) {
  return [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*class="([^"]+)"/g)].map((m) => ({
    href: (m[1] ?? "").replaceAll("&amp;", "&"),
    className: m[2] ?? "",
  }));
}

describe("PhoneLinks", () => {
  it("calls the number in international form and opens WhatsApp naming the person and listing", () => {
    const html = renderToStaticMarkup(
      <PhoneLinks phone="0803 555 1234" name="Chidi Okeke" listingCode="NH-LAG-0421" />,
    );
    const [call, chat] = linksIn(html);
    expect(call?.href).toBe("tel:+2348035551234");
    expect(chat?.href).toBe(
      `https://wa.me/2348035551234?text=${encodeURIComponent(
        "Hello Chidi, this is NaijaHomes Realty about the listing ref. NH-LAG-0421.",
      )}`,
    );
    expect(html).toContain("0803 555 1234");
    // Tall enough for a thumb on a phone (44 px).
    expect(call?.className).toContain("min-h-11");
    expect(chat?.className).toContain("min-h-11");
  });

  it("greets without a listing, and offers no WhatsApp for what is not a number", () => {
    const [, chat] = linksIn(renderToStaticMarkup(<PhoneLinks phone="+234 803 555 1234" />));
    expect(chat?.href).toBe(
      `https://wa.me/2348035551234?text=${encodeURIComponent("Hello, this is NaijaHomes Realty.")}`,
    );
    const odd = linksIn(renderToStaticMarkup(<PhoneLinks phone="ext. 12" name="Ada" />));
    expect(odd).toHaveLength(1);
    expect(odd[0]?.href).toBe("tel:12");
  });
});

describe("MapLink", () => {
  it("searches the address on a map, nothing loaded until tapped", () => {
    const html = renderToStaticMarkup(<MapLink address="4 Herbert Macaulay Way, Lagos" />);
    const [map] = linksIn(html);
    expect(map?.href).toBe(
      "https://www.google.com/maps/search/?api=1&query=4%20Herbert%20Macaulay%20Way%2C%20Lagos",
    );
    expect(map?.className).toContain("min-h-11");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<iframe");
  });
});
