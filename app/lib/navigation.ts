// Navigation lists come from here only: header, mobile menu and footer read the same arrays.

export const MAIN_NAV = [
  { label: "Home", to: "/" },
  { label: "Services", to: "/services" },
  { label: "About", to: "/about" },
  { label: "Team", to: "/team" },
  { label: "Contact", to: "/contact" },
] as const;

export const PROPERTY_NAV = [
  { label: "All Properties", to: "/properties" },
  { label: "Residential", to: "/properties?type=residential" },
  { label: "Commercial", to: "/properties?type=commercial" },
  { label: "New Developments", to: "/properties?type=new-developments" },
] as const;

export const FOOTER_QUICK_LINKS = [
  { label: "Properties", to: "/properties" },
  { label: "Services", to: "/services" },
  { label: "About Us", to: "/about" },
  { label: "Our Team", to: "/team" },
  { label: "Contact", to: "/contact" },
  { label: "Book Appointment", to: "/book-appointment" },
  { label: "List Your Property", to: "/list-your-property" },
  // Issue 45: check a number, account or listing code before paying anyone.
  { label: "Check before you pay", to: "/verify" },
] as const;

/** An owner's My Listings (issue 20): the list, one live listing, one submission. */
export const MY_LISTINGS_PATH = "/dashboard/listings";

export function myListingPath(propertyId: string) {
  return `${MY_LISTINGS_PATH}/${propertyId}`;
}

export function mySubmissionPath(submissionId: string) {
  return `${MY_LISTINGS_PATH}/submissions/${submissionId}`;
}

/** The customer dashboard's sidebar (Sign Out, a POST form, follows these links). */
export const DASHBOARD_NAV = [
  { label: "Dashboard", to: "/dashboard", end: true },
  { label: "My Properties", to: "/dashboard/properties", end: false },
  // An owner's submissions and live listings (issue 20); empty, it says how to list one.
  { label: "My Listings", to: MY_LISTINGS_PATH, end: false },
  { label: "Appointments", to: "/dashboard/appointments", end: false },
  { label: "Inquiries", to: "/dashboard/complaints", end: false },
  { label: "Saved Searches", to: "/dashboard/searches", end: false },
  { label: "Profile", to: "/dashboard/profile", end: false },
] as const;
