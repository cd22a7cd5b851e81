// A map link for an address (issue 47, item 4): a plain search address that a phone opens in
// its maps app and a computer in the browser. Nothing is loaded from the map's site until tapped.

/** Google Maps' documented search address (https://developers.google.com/maps/documentation/urls). */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`;
}
