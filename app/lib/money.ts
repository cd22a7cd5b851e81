const naira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  maximumFractionDigits: 0,
});

const plainNumber = new Intl.NumberFormat("en-NG");

/** A count or area as the site shows it: 12,500. One shared formatter (toLocaleString builds one per call). */
export function formatNumber(value: number) {
  return plainNumber.format(value);
}

/** Floor area for cards and detail pages: '2,400 sqft', or 'N/A' when unknown. */
export function formatArea(sqft: number | null) {
  return sqft ? `${formatNumber(sqft)} sqft` : "N/A";
}

/** Whole naira as the site shows it: ₦45,000,000. */
export function formatNaira(amount: number) {
  return naira.format(amount);
}

export type RentPeriod = "month" | "year";

/** The price line of a card or detail page: '₦2,500,000/year' for rent, 'Price on request' when unknown. */
export function formatPrice(
  price: number | null,
  purpose: "sale" | "rent",
  rentPeriod: RentPeriod | null,
) {
  if (price === null) return "Price on request";
  const amount = formatNaira(price);
  return purpose === "rent" ? `${amount}/${rentPeriod ?? "month"}` : amount;
}
