import appCss from "~/app.css?inline";

// The site's stylesheet, written into the public pages' <head> instead of linked (root.tsx). On a
// slow connection a linked stylesheet costs the first paint a request of its own (a round trip,
// often a new connection) after the HTML; inline, it comes in the HTML's own round trips, and
// gzip takes its 68 KB to about 12. The price is those 12 KB on every public page instead of
// once; a visitor reading a few pages on a phone still comes out ahead, and one who lands from a
// search and leaves (most of them) gains the whole request. Pages rendered per person link it
// instead (root.tsx). Measured by bench/lighthouse and bench/throughput.
export const INLINE_CSS: string = appCss;
