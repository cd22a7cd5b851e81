import { createContext, RouterContextProvider } from "react-router";

// Values the Express server knows about a request and the routes cannot see on `Request`.
// server/app.ts fills them in getLoadContext; loaders, actions and entry.server read them.

/** The TCP peer address of the request ("" when unknown, e.g. a loader called from a test). */
export const socketAddressContext = createContext<string>("");

/** The Content-Security-Policy nonce of this response ("" when no policy was set). */
export const cspNonceContext = createContext<string>("");

export type RequestContextValues = { socketAddress: string | undefined; cspNonce: string };

/** The load context for one request, as server/app.ts passes it to React Router. */
export function createRequestContext(values: RequestContextValues): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(socketAddressContext, values.socketAddress ?? "");
  context.set(cspNonceContext, values.cspNonce);
  return context;
}
