import type { ContactDetails } from "~/models/site-content.server";
import { absoluteUrl, DEFAULT_SHARE_IMAGE } from "./seo";
import { COMPANY_DESCRIPTION, COMPANY_NAME, type SocialLinks } from "./site";

// schema.org JSON-LD blocks for pageMeta's `jsonLd`. Meta functions also run in the browser, so
// these are pure functions of loader data.

type JsonLd = Record<string, unknown>;

/** Office hours as schema.org openingHours (the spec's Monday-Friday 9-5, Saturday 10-2). */
export const OPENING_HOURS = ["Mo-Fr 09:00-17:00", "Sa 10:00-14:00"] as const;

/**
 * The company as a RealEstateAgent (home and contact pages). `address` is the office line from
 * the contact details; the office is in Abuja, FCT.
 */
export function realEstateAgentJsonLd(
  contact: ContactDetails,
  siteUrl: string,
  social: SocialLinks,
): JsonLd {
  const sameAs = (["facebook", "instagram", "twitter", "linkedin"] as const)
    .map((network) => social[network])
    .filter((link): link is string => typeof link === "string" && /^https?:\/\//.test(link));
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${absoluteUrl(siteUrl, "/")}#organization`,
    name: COMPANY_NAME,
    description: COMPANY_DESCRIPTION,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    image: absoluteUrl(siteUrl, DEFAULT_SHARE_IMAGE),
    telephone: contact.phones[0],
    email: contact.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address,
      addressLocality: "Abuja",
      addressRegion: "FCT",
      addressCountry: "NG",
    },
    areaServed: { "@type": "Country", name: "Nigeria" },
    openingHours: [...OPENING_HOURS],
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

export type PropertyForJsonLd = {
  id: string;
  title: string;
  description: string;
  price: number | null;
  purpose: "sale" | "rent";
  rentPeriod: "month" | "year" | null;
  city: string;
  address: string;
  propertyType: string;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
};

/**
 * A property page as a schema.org offer: the listing (a Product, so search engines accept the
 * Offer's price) with its price in naira, address and photos. A property without a price
 * ("price on request") has no Offer price.
 */
export function propertyOfferJsonLd(
  property: PropertyForJsonLd,
  siteUrl: string,
  images: string[],
): JsonLd {
  const url = absoluteUrl(siteUrl, `/property/${property.id}`);
  const address = {
    "@type": "PostalAddress",
    ...(property.address ? { streetAddress: property.address } : {}),
    addressLocality: property.city,
    addressCountry: "NG",
  };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#listing`,
    name: property.title,
    description: property.description,
    url,
    image: images.map((image) => absoluteUrl(siteUrl, image)),
    category: property.propertyType,
    additionalProperty: [
      ["Bedrooms", property.beds],
      ["Bathrooms", property.baths],
      ["Floor area (sqft)", property.sqft],
    ]
      .filter(([, value]) => value !== null)
      .map(([name, value]) => ({ "@type": "PropertyValue", name, value })),
    offers: {
      "@type": "Offer",
      url,
      businessFunction: `http://purl.org/goodrelations/v1#${property.purpose === "rent" ? "LeaseOut" : "Sell"}`,
      ...(property.price !== null
        ? {
            price: property.price,
            priceCurrency: "NGN",
            ...(property.purpose === "rent" && property.rentPeriod
              ? {
                  priceSpecification: {
                    "@type": "UnitPriceSpecification",
                    price: property.price,
                    priceCurrency: "NGN",
                    unitCode: property.rentPeriod === "month" ? "MON" : "ANN",
                  },
                }
              : {}),
          }
        : { priceCurrency: "NGN" }),
      availability: "https://schema.org/InStock",
      availableAtOrFrom: { "@type": "Place", address },
      seller: { "@type": "RealEstateAgent", name: COMPANY_NAME, url: absoluteUrl(siteUrl, "/") },
    },
  };
}
