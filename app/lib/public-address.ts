// Where a listing is, as the public site tells it (issue 46, item 5). The rule in TypeScript;
// the queries use the same rule in SQL (app/models/public-address.server.ts), and a test keeps
// the two in step.

export type AddressParts = { address: string; area: string; addressPublic: boolean };

/**
 * The full address only when the office chose to show it; otherwise the area the office typed
 * ("Lekki Phase 1, near Admiralty Mall"), or, left empty, the address's last part after a comma
 * ("12 Admiralty Way, Lekki Phase 1" -> "Lekki Phase 1"). A one-part address (a street alone)
 * shows nothing: the city is shown beside it anyway.
 */
export function publicAddressOf({ address, area, addressPublic }: AddressParts) {
  if (addressPublic) return address;
  if (area.trim()) return area.trim();
  const comma = address.lastIndexOf(",");
  return comma >= 0 ? address.slice(comma + 1).trim() : "";
}
