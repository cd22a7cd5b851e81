import { createContext, RouterContextProvider } from "react-router";

// Values the Express server knows about a request and the routes cannot see on `Request`.
// server/app.ts fills them in getLoadContext; loaders, actions and entry.server read them.

/** The TCP peer address of the request ("" when unknown, e.g. a loader called from a test). */
export const socketAddressContext = createContext<string>("");

/** The Content-Security-Policy nonce of this response ("" when no policy was set). */
export const cspNonceContext = createContext<string>("");

/**
 * What a page's loader asks to be repeated when the page cache later serves the page without
 * running it (app/cache/): today, counting a view of a listing.
 */
export type PageNotes = { propertyView?: string };

/** This request's page notes (a fresh object per request; see PageNotes). */
export const pageNotesContext = createContext<PageNotes | null>(null);

export type RequestContextValues = {
  socketAddress: string | undefined;
  cspNonce: string;
  pageNotes?: PageNotes;
};

/** The load context for one request, as server/app.ts passes it to React Router. */
export function createRequestContext(values: RequestContextValues): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(socketAddressContext, values.socketAddress ?? "");
  context.set(cspNonceContext, values.cspNonce);
  context.set(pageNotesContext, values.pageNotes ?? {});
  return context;
}
