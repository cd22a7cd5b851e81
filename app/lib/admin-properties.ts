import type { ListConfig, ListParams } from "~/lib/list-params";
import {
  LISTING_STATUSES,
  type ListingStatusValue,
  PROPERTY_TYPES,
  valuesOf,
} from "~/lib/property-options";
import { ADMIN_CITIES } from "~/lib/schemas/property";

// The admin catalogue's constants, client-safe (the list screen and the model share them).

/** Days a deleted listing waits in the trash, restorable, before it is purged. */
export const TRASH_DAYS = 30;

export type AdminPropertySort = "created" | "price" | "title";

export const BULK_ACTIONS = ["feature", "unfeature", "sold", "let", "available", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export type AdminPropertyFilter = "purpose" | "type" | "city" | "featured" | "status" | "view";

export const PROPERTIES_LIST: ListConfig<AdminPropertySort, AdminPropertyFilter> = {
  sorts: ["created", "price", "title"],
  defaultSort: "created",
  defaultDirection: "desc",
  filters: {
    purpose: { kind: "choice", values: ["sale", "rent"] },
    type: { kind: "choice", values: valuesOf(PROPERTY_TYPES) },
    city: { kind: "choice", values: ADMIN_CITIES },
    featured: { kind: "choice", values: ["yes", "no"] },
    status: { kind: "choice", values: valuesOf(LISTING_STATUSES) },
    view: { kind: "choice", values: ["trash"] },
  },
  pageSize: 20,
};

/** Photos one upload may bring (the server checks it again). */
export const MAX_PHOTOS_PER_UPLOAD = 10;

/** What the list's URL asks the model for (the list, its export). */
export function propertyFiltersOf(params: ListParams<AdminPropertySort, AdminPropertyFilter>) {
  const { purpose, type, city, featured, status, view } = params.filters;
  return {
    q: params.q,
    purpose: purpose as "sale" | "rent" | undefined,
    propertyType: type,
    city,
    featured: featured === undefined ? undefined : featured === "yes",
    status: status as ListingStatusValue | undefined,
    trash: view === "trash",
  };
}
