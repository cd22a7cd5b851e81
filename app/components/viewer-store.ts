import { useSyncExternalStore } from "react";

// What a cached public page does not know about the visitor (ADR 19): who is signed in (the
// header) and which properties they saved (the hearts). A page from the page cache asks GET
// /api/me once after it loads; the answer lives here for the life of the document, with every
// heart the visitor toggled since. Pages rendered for the visitor (after a toast, client
// navigation's data requests) carry the same facts in their loader data, which wins.

export const ME_PATH = "/api/me";

/** The signed-in visitor as /api/me and the public layout's loader answer it (null: signed out). */
export type Viewer = { id: string; name: string; isAdmin: boolean } | null;

/** GET /api/me. */
export type MeAnswer = { user: Viewer; favorites: string[] };

/**
 * Who the public layout was rendered for: a copy the page cache shares (the visitor's account and
 * hearts then come from /api/me), or this visitor (their account, null when signed out).
 */
export type LayoutAccount = { shared: "guest" | "member" } | { viewer: Viewer };

type State = {
  /** The last answer of /api/me; null before it came (or after the visitor changed). */
  me: { user: Viewer; favorites: ReadonlySet<string> } | null;
  /** Hearts toggled on this page since, by property id. */
  toggled: ReadonlyMap<string, boolean>;
};

const EMPTY: State = { me: null, toggled: new Map() };
let state: State = EMPTY;
const listeners = new Set<() => void>();

function update(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * One fact from the store, as a value compared with Object.is: a component re-renders only when
 * its own fact changed. The store is read with useSyncExternalStore, whose updates React renders
 * at once, synchronously; /api/me's answer for a signed-out visitor then changes no fact any
 * heart or header shows, and renders nothing (it re-rendered every heart on the page). The
 * server and the first render see nothing known.
 */
function useViewerFact<T>(select: (state: State) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(EMPTY),
  );
}

function viewerOf(account: LayoutAccount | undefined, { me }: State): Viewer | "pending" {
  if (!account) return null;
  if ("viewer" in account) return account.viewer;
  if (me) return me.user;
  return account.shared === "member" ? "pending" : null;
}

/**
 * The visitor as known on this page: from the page's own render, else from /api/me, else (a
 * shared copy before /api/me answered) "pending" on the member copy and null on the guest one.
 */
export function useViewer(account: LayoutAccount | undefined): Viewer | "pending" {
  return useViewerFact((current) => viewerOf(account, current));
}

/** The account /api/me answered for: its id, null when signed out, undefined before it answered. */
export function answeredUserId(): string | null | undefined {
  return state.me ? (state.me.user?.id ?? null) : undefined;
}

/**
 * A page rendered for this visitor (client navigation, a toast) says who it is itself; while it
 * shows, an answer of /api/me about anyone else (signed in or out since) is dropped, now or when
 * it comes. Watched, not read in a render: the layout that asks does not re-render (synchronously,
 * header and footer included) when /api/me answers. Returns the unsubscribe.
 */
export function dropOtherViewers(own: Viewer): () => void {
  const check = () => {
    const answered = answeredUserId();
    if (answered !== undefined && answered !== (own?.id ?? null)) forgetViewer();
  };
  check();
  return subscribe(check);
}

/**
 * What this page's store knows of one property's heart: the visitor's own toggle here
 * (undefined: none), and whether /api/me listed it as saved.
 */
export function useSavedInStore(propertyId: string) {
  const toggled = useViewerFact(({ toggled }) => toggled.get(propertyId));
  const listed = useViewerFact(({ me }) => me?.favorites.has(propertyId) ?? false);
  return { toggled, listed };
}

/**
 * Asks /api/me for the visitor's account and saved properties. `viewed`: the property page being
 * shown, recorded in the visitor's "Recently Viewed" (the cached page's loader did not run).
 */
export async function loadViewer(viewed?: string) {
  const query = viewed ? `?${new URLSearchParams({ viewed })}` : "";
  try {
    const response = await fetch(`${ME_PATH}${query}`, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const answer = (await response.json()) as MeAnswer;
    update({ me: { user: answer.user, favorites: new Set(answer.favorites) }, toggled: new Map() });
  } catch {
    // Offline or refused: the page stays as it was rendered (signed out hearts, neutral header).
  }
}

/** Signed in or out on this page (client navigation): what /api/me said is someone else's now. */
export function forgetViewer() {
  if (state !== EMPTY) update(EMPTY);
}

/** A heart the visitor toggled: every button for that property shows it. */
export function noteFavorite(propertyId: string, saved: boolean) {
  if (state.toggled.get(propertyId) === saved) return;
  update({ ...state, toggled: new Map(state.toggled).set(propertyId, saved) });
}
