import { useSyncExternalStore } from "react";
import {
  addToShortlist,
  COMPARE_LIMIT_MESSAGE,
  MAX_COMPARE,
  normalizeShortlist,
  type ShortlistItem,
} from "~/lib/compare";

// The compare shortlist in the browser: localStorage, shared by every tab (the `storage` event),
// read through useSyncExternalStore so the server and the first render see an empty list and the
// toggles and tray fill in once JavaScript runs. Without JavaScript the toggles post to /compare,
// which keeps the list in a cookie instead.

const STORAGE_KEY = "naijahomes.compare";
const EMPTY: ShortlistItem[] = [];

let cached: ShortlistItem[] | undefined;
const listeners = new Set<() => void>();

function readStorage(): ShortlistItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? normalizeShortlist(JSON.parse(raw)) : EMPTY;
  } catch {
    // Storage blocked (private mode, a policy) or a corrupt entry: start empty.
    return EMPTY;
  }
}

function snapshot() {
  cached ??= readStorage();
  return cached;
}

function emit() {
  for (const listener of listeners) listener();
}

function write(list: ShortlistItem[]) {
  cached = list;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Kept for this page only.
  }
  emit();
}

function onStorage(event: StorageEvent) {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  cached = undefined;
  emit();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function useShortlist(): ShortlistItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

// What the last change was, for the tray's live region (and its visible note when the list is full).
export type CompareAnnouncement = { text: string; full: boolean; at: number };
let announcement: CompareAnnouncement | null = null;
const announcementListeners = new Set<() => void>();

function announce(text: string, full = false) {
  announcement = { text, full, at: Date.now() };
  for (const listener of announcementListeners) listener();
}

export function useCompareAnnouncement() {
  return useSyncExternalStore(
    (listener) => {
      announcementListeners.add(listener);
      return () => announcementListeners.delete(listener);
    },
    () => announcement,
    () => null,
  );
}

/** Adds a property; a fifth is refused with the limit explained. Answers what happened. */
export function addToCompare(item: ShortlistItem) {
  const result = addToShortlist(snapshot(), item);
  if (result.change === "added") {
    write(result.list);
    announce(`Added ${item.title} to compare (${result.list.length} of ${MAX_COMPARE}).`);
  } else if (result.change === "full") {
    announce(COMPARE_LIMIT_MESSAGE, true);
  }
  return result.change;
}

export function removeFromCompare(id: string) {
  const list = snapshot();
  const item = list.find((entry) => entry.id === id);
  if (!item) return;
  write(list.filter((entry) => entry.id !== id));
  announce(`Removed ${item.title} from compare.`);
}

/**
 * Makes a comparison opened from a link the shortlist, when the visitor has none yet, so
 * "Add a property" from it builds on it. Never replaces a list the visitor made.
 */
export function adoptShortlistIfEmpty(items: ShortlistItem[]) {
  if (snapshot().length > 0 || items.length === 0) return;
  write(normalizeShortlist(items));
}

export function clearCompare() {
  write(EMPTY);
  announce("The compare list is empty.");
}
