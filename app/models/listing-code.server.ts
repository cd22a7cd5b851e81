import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { listingCodes, properties } from "~/db/schema";
import { normalizeListingCode } from "~/lib/listing-code";
import { isOffered } from "~/lib/property-options";

// A listing reference code (issue 45) as a visitor types it, in the search box or as /r/CODE:
// the live listing it opens, or the plain answer that it is no longer on offer (unpublished,
// sold or let, in the trash, purged: listing_codes keeps every code given) or was never ours.

export type ListingCodeLookup =
  | { kind: "live"; code: string; propertyId: string }
  | { kind: "gone"; code: string }
  | { kind: "unknown"; code: string };

/**
 * What `text` names, or undefined when it does not read as a code at all (then it is ordinary
 * search text). Unknown codes come back as written (NH-LAG-0421) for the page to name.
 */
export async function findListingByCode(text: string): Promise<ListingCodeLookup | undefined> {
  const code = normalizeListingCode(text);
  if (!code) return undefined;
  const [row] = await db
    .select({
      propertyId: properties.id,
      status: properties.status,
      deletedAt: properties.deletedAt,
    })
    .from(listingCodes)
    .leftJoin(properties, eq(properties.id, listingCodes.propertyId))
    .where(eq(listingCodes.code, code))
    .limit(1);
  if (!row) return { kind: "unknown", code };
  const { propertyId, status, deletedAt } = row;
  if (propertyId && status && isOffered({ status, deletedAt })) {
    return { kind: "live", code, propertyId };
  }
  return { kind: "gone", code };
}
