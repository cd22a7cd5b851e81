import { Form } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { badRequest, failed, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { formatNumber } from "~/lib/money";
import { type ImportProblem, MAX_IMPORT_ROWS, readPropertyCsv } from "~/lib/property-import";
import { readForm } from "~/lib/read-form.server";
import { COMPANY_NAME } from "~/lib/site";
import { importPropertiesByAdmin } from "~/models/admin-properties.server";
import type { Route } from "./+types/properties-import";

// Import listings from a CSV (the export's or the template's columns). First a dry run: every
// row is checked and each problem listed with its row, column and message; nothing is stored.
// Then, for a file without problems, Import stores all its listings in one transaction.

const LIST = "/admin/properties";

/** A CSV of 2,000 listings with long descriptions stays well under this. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** The file, or the file's text again on the confirm step, and a few small fields. */
const MAX_FORM_BYTES = 2 * MAX_FILE_BYTES + 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

async function csvText(form: FormData): Promise<string | { message: string }> {
  const pasted = form.get("csv");
  if (typeof pasted === "string" && pasted) return pasted;
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { message: "Please choose a CSV file." };
  if (file.size > MAX_FILE_BYTES) return { message: "The file is too large (2 MB at most)." };
  return file.text();
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request, { maxBytes: MAX_FORM_BYTES });
  const back = listReturnPath(form.get("back"), LIST);
  const text = await csvText(form);
  if (typeof text !== "string") {
    return badRequest({ error: { title: "No file", message: text.message } });
  }
  const reading = readPropertyCsv(text);
  if (!reading.ok) {
    return badRequest({
      error: { title: "Nothing imported", message: "Please fix these rows and try again." },
      problems: reading.problems,
      rows: reading.rows,
    });
  }
  if (form.get("intent") !== "import") {
    // The dry run: what would be imported, and the file again for the second step.
    return { ok: true as const, ready: reading.inputs.length, csv: text };
  }
  try {
    const result = await importPropertiesByAdmin(actor, reading.inputs);
    logger.info({ count: result.count }, "Properties imported");
  } catch (error) {
    logger.error({ err: error }, "Importing properties failed");
    return failed(500, {
      error: { title: "Import failed", message: "Nothing was imported. Please try again." },
    });
  }
  throw redirectWithFlash(back, "propertiesImported");
}

export default function ImportPropertiesPage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const pending = useIsPending();
  const ready = actionData && "ready" in actionData ? actionData : undefined;
  const refused = actionData && actionData.ok === false ? actionData : undefined;
  const problems =
    refused && "problems" in refused ? (refused.problems as ImportProblem[]) : undefined;
  return (
    <RecordView list={LIST} listLabel="All properties" title="Import Properties">
      <div className="space-y-5 text-sm text-slate-700">
        <p>
          Upload a CSV with the columns of the{" "}
          <LinkButton to={`${LIST}/template.csv`} reloadDocument variant="link" size="inline">
            template
          </LinkButton>{" "}
          (up to {formatNumber(MAX_IMPORT_ROWS)} listings). Every row is checked first and nothing
          is stored until the whole file is right.
        </p>
        <FormAlert error={refused?.error} />
        {problems?.length ? (
          <div className="max-h-72 overflow-y-auto rounded-md border border-red-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Problems found in the file</caption>
              <thead className="bg-red-50 text-xs uppercase text-red-900">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Column
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Problem
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-red-100">
                {problems.map((p, i) => (
                  <tr key={`${p.row}-${p.column}-${i}`}>
                    <td className="px-3 py-2 tabular-nums">{p.row || "-"}</td>
                    <td className="px-3 py-2 font-mono text-xs">{p.column || "-"}</td>
                    <td className="px-3 py-2">{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {ready ? (
          <Form
            method="post"
            state={state}
            // Multipart like the upload: the file's text is larger than a form's limit.
            encType="multipart/form-data"
            className="space-y-3 rounded-md bg-green-50 p-4"
          >
            <p role="status" className="font-medium text-green-900">
              {formatNumber(ready.ready)} {ready.ready === 1 ? "listing is" : "listings are"} ready
              to import.
            </p>
            <input type="hidden" name="intent" value="import" />
            <input type="hidden" name="back" value={back} />
            <textarea name="csv" defaultValue={ready.csv} hidden readOnly aria-hidden />
            <SubmitButton pending={pending} pendingLabel="Importing...">
              Import {formatNumber(ready.ready)} {ready.ready === 1 ? "listing" : "listings"}
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post" state={state} encType="multipart/form-data" className="space-y-3">
            <input type="hidden" name="intent" value="preview" />
            <input type="hidden" name="back" value={back} />
            <label className="block">
              <span className="mb-1 block font-medium text-slate-700">CSV file</span>
              <input
                type="file"
                name="file"
                accept=".csv,text/csv"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
              />
            </label>
            <SubmitButton pending={pending} pendingLabel="Checking...">
              Check the file
            </SubmitButton>
          </Form>
        )}
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Import failed" />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Import Properties | Admin | ${COMPANY_NAME}` },
];
