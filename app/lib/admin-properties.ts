// The admin catalogue's constants, client-safe (the list screen and the model share them).

/** Days a deleted listing waits in the trash, restorable, before it is purged. */
export const TRASH_DAYS = 30;

export type AdminPropertySort = "created" | "price" | "title";

export const BULK_ACTIONS = ["feature", "unfeature", "sold", "let", "available", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
