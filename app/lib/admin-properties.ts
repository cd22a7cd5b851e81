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

/** What the trash's bulk bar does (and a bulk delete's Undo). */
export const TRASH_BULK_ACTIONS = ["restore"] as const;

/** Give the selected listings to the agent chosen beside it (or to the office). */
export const ASSIGN_BULK_ACTION = "assign";

/** What the live listings' bulk bar offers. */
export const LIVE_BULK_ACTIONS = [...BULK_ACTIONS, ASSIGN_BULK_ACTION] as const;

export type ListBulkAction =
  | BulkAction
  | (typeof TRASH_BULK_ACTIONS)[number]
  | typeof ASSIGN_BULK_ACTION;

export function isListBulkAction(value: unknown): value is ListBulkAction {
  return [...LIVE_BULK_ACTIONS, ...TRASH_BULK_ACTIONS].some((action) => action === value);
}

/** "1 listing", "20 listings". */
export function listingsCount(n: number): string {
  return `${n.toLocaleString("en-NG")} ${n === 1 ? "listing" : "listings"}`;
}

/**
 * Each bulk action's words: its label in the select, the question it asks with the count
 * ("Move 20 listings to the trash?"), its yes button, and what it reports after
 * ("20 listings moved to the trash").
 */
export const BULK_WORDS: Record<
  ListBulkAction,
  {
    label: string;
    /** `to`: the agent chosen for "assign" (their name, or "the office"). */
    question: (n: number, to?: string) => string;
    yes: string;
    done: (n: number, to?: string) => string;
  }
> = {
  feature: {
    label: "Mark featured",
    question: (n) => `Mark ${listingsCount(n)} featured?`,
    yes: "Yes, mark them",
    done: (n) => `${listingsCount(n)} marked featured`,
  },
  unfeature: {
    label: "Remove featured",
    question: (n) => `Remove ${listingsCount(n)} from featured?`,
    yes: "Yes, remove them",
    done: (n) => `${listingsCount(n)} no longer featured`,
  },
  sold: {
    label: "Mark sold",
    question: (n) => `Mark ${listingsCount(n)} sold?`,
    yes: "Yes, mark them",
    done: (n) => `${listingsCount(n)} marked sold`,
  },
  let: {
    label: "Mark let",
    question: (n) => `Mark ${listingsCount(n)} let?`,
    yes: "Yes, mark them",
    done: (n) => `${listingsCount(n)} marked let`,
  },
  available: {
    label: "Mark available",
    question: (n) => `Mark ${listingsCount(n)} available?`,
    yes: "Yes, mark them",
    done: (n) => `${listingsCount(n)} marked available`,
  },
  delete: {
    label: "Move to trash",
    question: (n) => `Move ${listingsCount(n)} to the trash?`,
    yes: "Yes, move them",
    done: (n) => `${listingsCount(n)} moved to the trash`,
  },
  assign: {
    label: "Assign agent",
    question: (n, to = "the chosen agent") => `Assign ${listingsCount(n)} to ${to}?`,
    yes: "Yes, assign them",
    done: (n, to = "the chosen agent") => `${listingsCount(n)} assigned to ${to}`,
  },
  restore: {
    label: "Restore",
    question: (n) => `Restore ${listingsCount(n)}?`,
    yes: "Yes, restore them",
    done: (n) => `${listingsCount(n)} restored`,
  },
};

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
