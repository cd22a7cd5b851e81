import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS } from "./site";
import { openingHoursOf, propertyOfferJsonLd, realEstateAgentJsonLd } from "./structured-data";

const SITE = "https://naijahomes.example";
const contact = {
  address: DEFAULT_CONTACT.address,
  phones: [...DEFAULT_CONTACT.phones],
  email: DEFAULT_CONTACT.email,
  hours: [...DEFAULT_CONTACT.hours],
};

describe("realEstateAgentJsonLd", () => {
  it("describes the company with its contact details, Abuja address, hours and profiles", () => {
    const json = realEstateAgentJsonLd(contact, SITE, DEFAULT_SOCIAL_LINKS);
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      name: "NaijaHomes Realty",
      url: `${SITE}/`,
      telephone: "+234 803 123 4567",
      email: "info@naijahomes.ng",
      address: {
        "@type": "PostalAddress",
        streetAddress: DEFAULT_CONTACT.address,
        addressLocality: "Abuja",
        addressCountry: "NG",
      },
      openingHours: ["Mo-Fr 09:00-17:00", "Sa 10:00-14:00"],
      sameAs: [
        DEFAULT_SOCIAL_LINKS.facebook,
        DEFAULT_SOCIAL_LINKS.instagram,
        DEFAULT_SOCIAL_LINKS.twitter,
        DEFAULT_SOCIAL_LINKS.linkedin,
      ],
    });
    expect(json.logo).toBe(`${SITE}/favicon.svg`);
    expect(json.image).toBe(`${SITE}/og-image.png`);
  });

  it("leaves out missing or non-web social links", () => {
    const json = realEstateAgentJsonLd(contact, SITE, {
      facebook: "https://facebook.com/x",
      instagram: null,
      twitter: "javascript:alert(1)",
    });
    expect(json.sameAs).toEqual(["https://facebook.com/x"]);
    expect("sameAs" in realEstateAgentJsonLd(contact, SITE, {})).toBe(false);
  });
});

describe("openingHoursOf", () => {
  it("reads the business-hours lines staff write, and leaves out the others", () => {
    expect(
      openingHoursOf([
        "Monday-Friday 9:00 AM-5:00 PM",
        "Saturday 10:00 AM - 2:00 PM",
        "Sun: 12pm to 4.30pm",
        "Public holidays: closed",
        "Mon - Fri 8am-12:30pm",
      ]),
    ).toEqual(["Mo-Fr 09:00-17:00", "Sa 10:00-14:00", "Su 12:00-16:30", "Mo-Fr 08:00-12:30"]);
  });

  it("gives no openingHours when no line can be read, and one-line addresses", () => {
    const json = realEstateAgentJsonLd(
      { ...contact, address: "Plot 5\nWuse 2", hours: ["By appointment"] },
      SITE,
      {},
    );
    expect("openingHours" in json).toBe(false);
    expect(json.address).toMatchObject({ streetAddress: "Plot 5, Wuse 2" });
  });
});

const property = {
  id: "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
  title: "4 Bedroom Detached Duplex",
  description: "Detached duplex with a BQ.",
  price: 185_000_000,
  purpose: "sale" as const,
  rentPeriod: null,
  city: "Abuja",
  address: "Gwarinpa Estate",
  propertyType: "duplex",
  beds: 4,
  baths: 5,
  sqft: null,
};

describe("propertyOfferJsonLd", () => {
  it("offers the property for its price in naira, at its address in Nigeria", () => {
    const json = propertyOfferJsonLd(property, SITE, ["/media/a.webp?w=1280"]);
    expect(json).toMatchObject({
      "@type": "Product",
      name: "4 Bedroom Detached Duplex",
      url: `${SITE}/property/${property.id}`,
      image: [`${SITE}/media/a.webp?w=1280`],
      offers: {
        "@type": "Offer",
        price: 185_000_000,
        priceCurrency: "NGN",
        availableAtOrFrom: {
          address: {
            addressLocality: "Abuja",
            streetAddress: "Gwarinpa Estate",
            addressCountry: "NG",
          },
        },
      },
    });
    expect(json.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Bedrooms", value: 4 },
      { "@type": "PropertyValue", name: "Bathrooms", value: 5 },
    ]);
  });

  it("gives a rent its period, and a property without a price no price", () => {
    const rent = propertyOfferJsonLd(
      { ...property, purpose: "rent", rentPeriod: "year", price: 4_500_000 },
      SITE,
      [],
    );
    expect(rent.offers).toMatchObject({
      price: 4_500_000,
      priceCurrency: "NGN",
      priceSpecification: { unitCode: "ANN", price: 4_500_000, priceCurrency: "NGN" },
    });
    const onRequest = propertyOfferJsonLd({ ...property, price: null }, SITE, []);
    expect(onRequest.offers).not.toHaveProperty("price");
  });
});
