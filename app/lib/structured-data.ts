import { absoluteUrl, DEFAULT_SHARE_IMAGE } from "./seo";
import {
  COMPANY_DESCRIPTION,
  COMPANY_NAME,
  type ContactDetails,
  SOCIAL_PLATFORM_KEYS,
  type SocialLinks,
} from "./site";

// schema.org JSON-LD blocks for pageMeta's `jsonLd`. Meta functions also run in the browser, so
// these are pure functions of loader data.

type JsonLd = Record<string, unknown>;

const DAYS = ["mo", "tu", "we", "th", "fr", "sa", "su"] as const;
const DAY = "(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?";
const TIME = "(\\d{1,2})(?:[:.](\\d{2}))?\\s*(am|pm)";
const HOURS_LINE = new RegExp(
  `^\\s*${DAY}(?:\\s*(?:-|–|to)\\s*${DAY})?[\\s:,]+${TIME}\\s*(?:-|–|to)\\s*${TIME}\\s*$`,
  "i",
);

function clock(hour: string, minute: string | undefined, half: string) {
  const h = (Number(hour) % 12) + (half.toLowerCase() === "pm" ? 12 : 0);
  return `${String(h).padStart(2, "0")}:${minute ?? "00"}`;
}

function dayCode(day: string) {
  const code = day.slice(0, 2).toLowerCase() as (typeof DAYS)[number];
  return code.charAt(0).toUpperCase() + code.charAt(1);
}

/**
 * The business-hours lines staff keep in contact info ("Monday-Friday 9:00 AM-5:00 PM") as
 * schema.org openingHours ("Mo-Fr 09:00-17:00"); a line written some other way is left out.
 */
export function openingHoursOf(lines: readonly string[]): string[] {
  return lines.flatMap((line) => {
    const m = HOURS_LINE.exec(line);
    if (!m) return [];
    const [, from = "", to, h1 = "", m1, p1 = "", h2 = "", m2, p2 = ""] = m;
    const days = to ? `${dayCode(from)}-${dayCode(to)}` : dayCode(from);
    return [`${days} ${clock(h1, m1, p1)}-${clock(h2, m2, p2)}`];
  });
}

/**
 * The company as a RealEstateAgent (home and contact pages). `address` is the office line from
 * the contact details; the office is in Abuja, FCT.
 */
export function realEstateAgentJsonLd(
  contact: Pick<ContactDetails, "address" | "phones" | "email" | "hours">,
  siteUrl: string,
  social: SocialLinks,
): JsonLd {
  // Every platform but the website, which is the organization's own `url`.
  const sameAs = SOCIAL_PLATFORM_KEYS.filter((network) => network !== "website")
    .map((network) => social[network])
    .filter((link): link is string => typeof link === "string" && /^https?:\/\//.test(link));
  const openingHours = openingHoursOf(contact.hours);
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
      streetAddress: contact.address.replace(/\s*\n\s*/g, ", "),
      addressLocality: "Abuja",
      addressRegion: "FCT",
      addressCountry: "NG",
    },
    areaServed: { "@type": "Country", name: "Nigeria" },
    ...(openingHours.length > 0 ? { openingHours } : {}),
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
