import { requireAdmin } from "~/auth/session.server";
import {
  AGENT_CSV_COLUMN,
  csvResponse,
  PROPERTY_CSV_COLUMNS,
  PROPERTY_CSV_EXAMPLE,
  toCsv,
} from "~/lib/csv";
import type { Route } from "./+types/properties-template";

// /admin/properties/template.csv: the export's columns with one example row, for preparing
// listings in a spreadsheet.

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return csvResponse(
    // The agent column empty: the example listing stays with the office.
    toCsv(["id", ...PROPERTY_CSV_COLUMNS, AGENT_CSV_COLUMN], [["", ...PROPERTY_CSV_EXAMPLE, ""]]),
    "properties-template.csv",
  );
}
