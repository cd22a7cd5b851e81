import { requireAdmin } from "~/auth/session.server";
import { PROPERTIES_LIST, propertyFiltersOf } from "~/lib/admin-properties";
import { csvResponse, PROPERTY_CSV_COLUMNS, toCsv } from "~/lib/csv";
import { parseListParams } from "~/lib/list-params";
import { listPropertiesForExport } from "~/models/admin-properties.server";
import type { Route } from "./+types/properties-export";

// /admin/properties/export.csv: the listings the list's filters select (its search, purpose,
// type, city, featured, status), every field, as a CSV that Excel opens with ₦ intact and that
// no cell can turn into a formula.

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, PROPERTIES_LIST);
  const rows = await listPropertiesForExport(actor, propertyFiltersOf(params));
  const body = toCsv(
    ["id", ...PROPERTY_CSV_COLUMNS, "created_at"],
    rows.map((p) => [
      p.id,
      p.title,
      p.purpose,
      p.price,
      p.rentPeriod,
      p.propertyType,
      p.category,
      p.isNewDevelopment,
      p.city,
      p.address,
      p.beds,
      p.baths,
      p.toilets,
      p.parkingSpaces,
      p.sqft,
      p.status,
      p.titleDocument,
      p.serviceCharge,
      p.furnishing,
      p.serviced,
      p.featured,
      p.description,
      p.createdAt,
    ]),
  );
  return csvResponse(body, `properties-${new Date().toISOString().slice(0, 10)}.csv`);
}
