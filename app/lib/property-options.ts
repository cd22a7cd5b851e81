// Every list of property choices the site shows (filters, search forms, admin forms) comes from
// here, so a new city or type is added in one place.

export const CITIES = [
  "Lagos",
  "Abuja",
  "Port Harcourt",
  "Ibadan",
  "Kano",
  "Calabar",
  "Enugu",
  "Warri",
  "Katsina",
  "Kaduna",
  "Zaria",
  "Owerri",
] as const;

export const PROPERTY_TYPES = [
  { value: "house", label: "House" },
  { value: "apartment", label: "Apartment" },
  { value: "duplex", label: "Duplex" },
  { value: "bungalow", label: "Bungalow" },
  { value: "terrace", label: "Terrace" },
  { value: "villa", label: "Villa" },
  { value: "land", label: "Land" },
  { value: "office", label: "Office" },
  { value: "shop", label: "Shop" },
  { value: "warehouse", label: "Warehouse" },
] as const;
export type PropertyTypeValue = (typeof PROPERTY_TYPES)[number]["value"];

/** The spec's `type` URL parameter: a category, or new developments. */
export const LISTING_TYPES = [
  { value: "residential", label: "Residential" },
  { value: "commercial", label: "Commercial" },
  { value: "new-developments", label: "New Developments" },
] as const;
export type ListingTypeValue = (typeof LISTING_TYPES)[number]["value"];

export const PURPOSES = [
  { value: "sale", label: "For Sale" },
  { value: "rent", label: "For Rent" },
] as const;
export type PurposeValue = (typeof PURPOSES)[number]["value"];

/** Home-page price ranges, sent to the listing as `price=min-max` (the last one open-ended). */
export const PRICE_RANGES = [
  { value: "0-10000000", label: "Under ₦10M" },
  { value: "10000000-50000000", label: "₦10M - ₦50M" },
  { value: "50000000-100000000", label: "₦50M - ₦100M" },
  { value: "100000000-250000000", label: "₦100M - ₦250M" },
  // The spec accepts only "min-max"; a bound far above any listing keeps this range open-ended.
  { value: "250000000-100000000000", label: "₦250M and above" },
] as const;

export const PRICE_SLIDER = { min: 0, max: 500_000_000, step: 5_000_000 } as const;

export const SORT_OPTIONS = [
  { value: "newest", label: "Newest First" },
  { value: "price-asc", label: "Price Low to High" },
  { value: "price-desc", label: "Price High to Low" },
] as const;
export type SortValue = (typeof SORT_OPTIONS)[number]["value"];

export const BEDROOM_OPTIONS = [1, 2, 3, 4, 5] as const; // 5 shows as 5+
export const BATHROOM_OPTIONS = [1, 2, 3, 4] as const; // 4 shows as 4+

/** Where a listing stands (beside its purpose): sold and let ones leave the public search. */
export const LISTING_STATUSES = [
  { value: "available", label: "Available" },
  { value: "under-offer", label: "Under Offer" },
  { value: "sold", label: "Sold" },
  { value: "let", label: "Let" },
] as const;
export type ListingStatusValue = (typeof LISTING_STATUSES)[number]["value"];

/** The statuses that take a listing off offer (out of the search, its code "no longer on offer"). */
export const CLOSED_STATUSES = ["sold", "let"] as const satisfies readonly ListingStatusValue[];

/** Whether a listing is on offer: not in the trash, not sold or let (as `OFFERED` in SQL). */
export function isOffered(listing: { status: string; deletedAt: Date | null }): boolean {
  return (
    listing.deletedAt === null && !(CLOSED_STATUSES as readonly string[]).includes(listing.status)
  );
}

/** The title documents Nigerian buyers ask about first. */
export const TITLE_DOCUMENTS = [
  { value: "c-of-o", label: "Certificate of Occupancy (C of O)" },
  { value: "governors-consent", label: "Governor's Consent" },
  { value: "deed-of-assignment", label: "Deed of Assignment" },
  { value: "registered-conveyance", label: "Registered Conveyance" },
  // The value predates issue 46; a survey plan, registered or not, is not a title by itself.
  { value: "registered-survey", label: "Survey plan only" },
  { value: "excision", label: "Excision" },
  { value: "gazette", label: "Gazette" },
  { value: "other", label: "Other" },
  { value: "none", label: "None yet" },
] as const;
export type TitleDocumentValue = (typeof TITLE_DOCUMENTS)[number]["value"];

export const FURNISHING = [
  { value: "furnished", label: "Furnished" },
  { value: "semi-furnished", label: "Semi-furnished" },
  { value: "unfurnished", label: "Unfurnished" },
] as const;
export type FurnishingValue = (typeof FURNISHING)[number]["value"];

export const RENT_PERIODS = [
  { value: "year", label: "per year" },
  { value: "month", label: "per month" },
] as const;

/** The values of an options list, for enums and schemas. */
export function valuesOf<const T extends readonly { value: string }[]>(
  options: T,
): { [K in keyof T]: T[K]["value"] } {
  return options.map((o) => o.value) as { [K in keyof T]: T[K]["value"] };
}

export const LISTING_PAGE_SIZE = 6;
export const FEATURED_COUNT = 6;

export function propertyTypeLabel(value: string) {
  return PROPERTY_TYPES.find((t) => t.value === value)?.label ?? value;
}

export function titleDocumentLabel(value: TitleDocumentValue) {
  return TITLE_DOCUMENTS.find((t) => t.value === value)?.label ?? value;
}

export function furnishingLabel(value: FurnishingValue) {
  return FURNISHING.find((f) => f.value === value)?.label ?? value;
}

export function listingStatusLabel(value: ListingStatusValue) {
  return LISTING_STATUSES.find((s) => s.value === value)?.label ?? value;
}

export function purposeLabel(purpose: PurposeValue) {
  return purpose === "rent" ? "For Rent" : "For Sale";
}

/** A rental's move-in fields (issue 46) as the forms label them. */
export const MOVE_IN_LABELS = {
  serviceChargePercent: "Service charge (% of a year's rent)",
  agencyFee: "Agency fee (₦)",
  agencyFeePercent: "Agency fee (% of a year's rent)",
  legalFee: "Legal/agreement fee (₦)",
  legalFeePercent: "Legal/agreement fee (% of a year's rent)",
  cautionDeposit: "Caution deposit (₦)",
  cautionDepositPercent: "Caution deposit (% of a year's rent)",
  rentAdvanceMonths: "Rent in advance (months)",
} as const;

/** Each listing field's label as the property form shows it (the CSV import and the audit log say the same). */
export const PROPERTY_FIELD_LABELS = {
  title: "Title",
  purpose: "Purpose",
  price: "Price (₦)",
  rentPeriod: "Rent is paid",
  propertyType: "Property type",
  category: "Category",
  isNewDevelopment: "New development",
  city: "Location",
  address: "Address",
  area: "Area shown on the site",
  addressPublic: "Show the full address on the site",
  description: "Description",
  beds: "Bedrooms",
  baths: "Bathrooms",
  toilets: "Toilets",
  parkingSpaces: "Parking spaces",
  sqft: "Square feet",
  featured: "Featured",
  status: "Status",
  titleDocument: "Title document",
  serviceCharge: "Service charge per year (₦)",
  ...MOVE_IN_LABELS,
  furnishing: "Furnishing",
  serviced: "Serviced",
} as const;
