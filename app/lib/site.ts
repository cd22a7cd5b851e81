// Company facts used when the database has no override (the spec's defaults).

export const COMPANY_NAME = "NaijaHomes Realty";
/** The name people say, and the NH of every listing code. */
export const COMPANY_SHORT_NAME = "NaijaHomes";
export const COMPANY_TAGLINE = "Homes, land and commercial property across Nigeria";
export const COMPANY_DESCRIPTION =
  "NaijaHomes Realty helps families and businesses buy, rent and manage property across Nigeria, " +
  "from Abuja and Lagos to Port Harcourt, with honest advice and verified listings.";

export const DEFAULT_CONTACT = {
  address: "Plot 24, Gwarinpa Estate, 1st Avenue, Abuja, FCT",
  phones: ["+234 803 123 4567", "+234 809 876 5432"],
  email: "info@naijahomes.ng",
  hours: ["Monday-Friday 9:00 AM-5:00 PM", "Saturday 10:00 AM-2:00 PM"],
} as const;

/** The demo seed's WhatsApp number (an install without one shows no chat links). */
export const DEMO_WHATSAPP = "+234 803 123 4567";

/**
 * Where the office is (the default address, Gwarinpa Estate, Abuja), for the map on /contact.
 * An OpenStreetMap embed needs no API key.
 */
export const OFFICE_LOCATION = { latitude: 9.1075, longitude: 7.4079 } as const;

export const DEFAULT_SOCIAL_LINKS = {
  facebook: "https://facebook.com/naijahomesrealty",
  instagram: "https://instagram.com/naijahomesrealty",
  twitter: "https://twitter.com/naijahomesng",
  linkedin: "https://linkedin.com/company/naijahomes-realty",
  website: "https://naijahomes.ng",
} as const;

/** The platforms of the social-links record (one column each), in display order. */
export const SOCIAL_PLATFORM_KEYS = [
  "facebook",
  "instagram",
  "twitter",
  "linkedin",
  "tiktok",
  "youtube",
  "whatsappChannel",
  "website",
] as const;

export type SocialPlatformKey = (typeof SOCIAL_PLATFORM_KEYS)[number];

export type SocialLinks = { [K in SocialPlatformKey]?: string | null };

/** The office's contact details as staff saved them (app/models/site-content.server.ts reads them). */
export type ContactDetails = {
  address: string;
  phones: string[];
  /** The main e-mail address (the first): e-mail footers, JSON-LD, mailto links. */
  email: string;
  emails: string[];
  hours: string[];
  /** The number for WhatsApp chats, as staff typed it; null when there is none. */
  whatsapp: string | null;
};

/** A tel: link for a phone number as people write it ("+234 803 123 4567"). */
export function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
