import { createContext, useContext } from "react";

// The stylesheet's text while the server renders a page (entry.server provides it from
// app/http/inline-css.server); "" in the browser, where the <style> is already in the page.
const InlineCssContext = createContext("");

export const InlineCssProvider = InlineCssContext.Provider;

/**
 * The site's stylesheet, inline in the head. `href` and `precedence` make it a React resource:
 * React writes it into the head on the server and, when hydrating, finds it there by its
 * `data-href` and keeps it, without comparing its text (the browser has none to give).
 */
export function InlineStylesheet() {
  return (
    <style href="app-css" precedence="default">
      {useContext(InlineCssContext)}
    </style>
  );
}
