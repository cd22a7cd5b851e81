import { requireAdmin } from "~/auth/session.server";
import { csvResponse, PROPERTY_CSV_COLUMNS, PROPERTY_CSV_EXAMPLE, toCsv } from "~/lib/csv";
import type { Route } from "./+types/properties-template";

// /admin/properties/template.csv: the export's columns with one example row, for preparing
// listings in a spreadsheet.

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return csvResponse(
    toCsv(["id", ...PROPERTY_CSV_COLUMNS], [["", ...PROPERTY_CSV_EXAMPLE]]),
    "properties-template.csv",
  );
}
