import { and, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { type CompareProperty, MAX_COMPARE } from "~/lib/compare";
import { isUuid } from "~/lib/ids";
import { listingSummaryColumns, ON_SITE } from "~/models/property.server";

/**
 * The properties of a comparison, in the order asked. Only listings a visitor may open (the
 * property page's rule: on the site, sold and let included); unknown, malformed and trashed
 * ids are simply missing from the answer. At most MAX_COMPARE.
 */
export async function listPropertiesToCompare(ids: readonly string[]): Promise<CompareProperty[]> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))].slice(
    0,
    MAX_COMPARE,
  );
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      ...listingSummaryColumns,
      toilets: properties.toilets,
      titleDocument: properties.titleDocument,
      serviceCharge: properties.serviceCharge,
      furnishing: properties.furnishing,
    })
    .from(properties)
    .where(and(ON_SITE, inArray(properties.id, wanted)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
