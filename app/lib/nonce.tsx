import { createContext, useContext } from "react";

// The CSP nonce of the response being rendered. entry.server provides it; in the browser it is
// "" (browsers hide nonce attributes from scripts, and React leaves them alone when hydrating).
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The nonce for an inline <script> rendered on the server. */
export function useNonce(): string {
  return useContext(NonceContext);
}
