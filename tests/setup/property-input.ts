import { NO_MOVE_IN_ITEMS } from "~/lib/listing-fees";
import type { PropertyInput } from "~/lib/schemas/property";

/**
 * A listing as the admin form would hand it over once validated: a three-bedroom house for
 * sale in Lagos, featured and available, with whatever the test sets on top.
 */
export function propertyInput(fields: Partial<PropertyInput> & Pick<PropertyInput, "title">) {
  return {
    purpose: "sale",
    price: 50_000_000,
    rentPeriod: null,
    propertyType: "house",
    category: "residential",
    isNewDevelopment: false,
    city: "Lagos",
    address: "",
    area: "",
    addressPublic: false,
    description: "",
    beds: 3,
    baths: 2,
    toilets: null,
    parkingSpaces: null,
    sqft: null,
    featured: true,
    status: "available",
    titleDocument: null,
    serviceCharge: null,
    ...NO_MOVE_IN_ITEMS,
    furnishing: null,
    serviced: false,
    ...fields,
  } satisfies PropertyInput;
}
