import { requireAdmin } from "~/auth/session.server";
import { PROPERTIES_LIST, propertyFiltersOf } from "~/lib/admin-properties";
import {
  AGENT_CSV_COLUMN,
  csvResponse,
  PROPERTY_CSV_COLUMNS,
  REFERENCE_CODE_CSV_COLUMN,
  toCsv,
} from "~/lib/csv";
import { parseListParams } from "~/lib/list-params";
import { FIELD_OF } from "~/lib/property-import";
import { listPropertiesForExport } from "~/models/admin-property-list.server";
import type { Route } from "./+types/properties-export";

// /admin/properties/export.csv: the listings the list's filters select (its search, purpose,
// type, city, featured, status), every field, as a CSV that Excel opens with ₦ intact and that
// no cell can turn into a formula. The id column makes the file importable back: an imported
// row with an id updates that listing (app/lib/property-import.ts reads the same columns). The
// reference code (NH-LAG-0421) is there for the people reading the file; the import reads no
// value from it: codes are given by the database, so a copied row's new listing gets its own.

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, PROPERTIES_LIST);
  const rows = await listPropertiesForExport(actor, propertyFiltersOf(params));
  const body = toCsv(
    ["id", REFERENCE_CODE_CSV_COLUMN, ...PROPERTY_CSV_COLUMNS, AGENT_CSV_COLUMN, "created_at"],
    rows.map((p) => [
      p.id,
      p.referenceCode,
      ...PROPERTY_CSV_COLUMNS.map((column) => p[FIELD_OF[column]]),
      p.agentEmail,
      p.createdAt,
    ]),
  );
  return csvResponse(body, `properties-${new Date().toISOString().slice(0, 10)}.csv`);
}
