import { useEffect, useState } from "react";
import { data, Form } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import {
  createdCount,
  ImportPlanView,
  type ImportPreview,
  ImportProblems,
  importSummary,
  looksLikeAnother,
  PREVIEW_ROWS,
  updatedCount,
} from "~/components/admin/import-preview";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { importKeyOf, oneAtATime } from "~/http/one-at-a-time.server";
import { readForm } from "~/http/read-form.server";
import { failed, redirectWithFlash } from "~/http/responses.server";
import type { FormMessage } from "~/lib/action-result";
import { type CsvEncoding, decodeCsvBytes } from "~/lib/csv";
import { listReturnPath } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import {
  displayValue,
  FIELD_LABELS,
  type ImportProblem,
  MAX_IMPORT_ROWS,
  readPropertyCsvInSlices,
} from "~/lib/property-import";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  getPropertyImportPlan,
  type ImportOutcome,
  type ImportPlan,
  importPropertiesByAdmin,
  looksLikeExisting,
} from "~/models/admin-property-import.server";
import type { Route } from "./+types/properties-import";

// Import listings from a CSV (the export's or the template's columns). A row with a listing's
// id updates that listing, a row without one adds a listing. First the check: every row read,
// each problem listed with its row, column, value and what is allowed, or else what the import
// will do ("3 new, 1 updated, 70 unchanged", with the changed fields of each updated listing);
// nothing is stored. A new row that looks like a live listing (or like an earlier row of the
// file) is shown with a link to it and skipped unless its "Add anyway" box is ticked. Then
// Import applies exactly that, in one transaction. One check or import at a time per person.

const LIST = "/admin/properties";

/** A CSV of 2,000 listings with long descriptions stays well under this. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** The file, or the file's text again on the confirm step, and a few small fields. */
const MAX_FORM_BYTES = 2 * MAX_FILE_BYTES + 64 * 1024;

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

type CsvInput = { ok: true; text: string; encoding?: CsvEncoding } | { ok: false; message: string };

/** The file's text: a chosen file decoded (or refused), or the text the check step sent back. */
async function csvText(form: FormData): Promise<CsvInput> {
  const pasted = form.get("csv");
  if (typeof pasted === "string" && pasted) return { ok: true, text: pasted };
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return { ok: false, message: "Please choose a CSV file." };
  }
  if (file.size > MAX_FILE_BYTES) {
    return { ok: false, message: "The file is too large (2 MB at most)." };
  }
  return decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
}

const NOTHING_IMPORTED: FormMessage = {
  title: "Nothing imported",
  message: "Please fix these rows and try again.",
};

function refused(problems: ImportProblem[], status = 400) {
  return data({ ok: false as const, error: NOTHING_IMPORTED, problems }, { status });
}

const BUSY: FormMessage = {
  title: "Please wait",
  message:
    "An import is already being checked. Please wait for it to finish (it takes a few seconds), then try again.",
};

/** The rows ticked "Add anyway" (their row numbers). */
function rowsToAddAnyway(form: FormData) {
  return new Set(
    form
      .getAll("addAnyway")
      .map(Number)
      .filter((row) => Number.isInteger(row) && row > 1),
  );
}

/**
 * The plan with its values as the admin shows them: every new row that looks like another (it
 * needs a tick to be added), the first PREVIEW_ROWS other new rows and updated listings, and
 * how many more there are.
 */
function previewOf(plan: ImportPlan): ImportPreview {
  const created: ImportPlan["created"] = [];
  let plainShown = 0;
  for (const c of plan.created) {
    if (looksLikeExisting(c)) created.push(c);
    else if (plainShown < PREVIEW_ROWS) {
      plainShown += 1;
      created.push(c);
    }
  }
  const updated = plan.updated.slice(0, PREVIEW_ROWS);
  return {
    created: created.map(({ row, title, lookAlikes, sameAsRow }) => ({
      row,
      title,
      lookAlikes,
      sameAsRow,
    })),
    notListed: {
      created: plan.created.length - created.length,
      updated: plan.updated.length - updated.length,
    },
    updated: updated.map(({ row, id, title, changes }) => ({
      row,
      id,
      title,
      changes: changes.map((c) => ({
        field: c.field,
        label: FIELD_LABELS[c.field],
        before: displayValue(c.field, c.before),
        after: displayValue(c.field, c.after),
      })),
    })),
    unchanged: plan.unchanged,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request, { maxBytes: MAX_FORM_BYTES });
  const answer = await oneAtATime(importKeyOf(actor.id), () => checkOrImport(actor, form));
  if (answer.busy) return failed(429, { error: BUSY });
  return answer.value;
}

async function checkOrImport(actor: Awaited<ReturnType<typeof requireAdmin>>, form: FormData) {
  const back = listReturnPath(form.get("back"), LIST);
  const input = await csvText(form);
  if (!input.ok) {
    return failed(400, { error: { title: "Nothing imported", message: input.message } });
  }
  const reading = await readPropertyCsvInSlices(input.text);
  if (!reading.ok) return refused(reading.problems);
  const { sheet } = reading;
  const checked = (plan: ImportPlan) => ({
    preview: previewOf(plan),
    fingerprint: plan.fingerprint,
    csv: input.text,
    encoding: input.encoding,
    ignored: sheet.ignored,
  });

  if (form.get("intent") !== "import") {
    const plan = await getPropertyImportPlan(actor, sheet);
    if (plan.problems.length) return refused(plan.problems);
    return { ok: true as const, ...checked(plan) };
  }
  let outcome: ImportOutcome;
  try {
    outcome = await importPropertiesByAdmin(
      actor,
      sheet,
      String(form.get("fingerprint") ?? ""),
      rowsToAddAnyway(form),
    );
  } catch (error) {
    logger.error({ err: error }, "Importing properties failed");
    return failed(500, {
      error: { title: "Import failed", message: "Nothing was imported. Please try again." },
    });
  }
  if (outcome.ok) {
    logger.info(
      { created: outcome.created, updated: outcome.updated, skipped: outcome.skipped },
      "Properties imported",
    );
    throw redirectWithFlash(
      back,
      outcome.skipped ? "propertiesImportedSkipping" : "propertiesImported",
    );
  }
  if (outcome.reason === "problems") return refused(outcome.plan.problems);
  if (outcome.reason === "stale") {
    // Another admin saved a listing of the file since the check: show what it would do now.
    return data(
      {
        ok: false as const,
        error: {
          title: "Nothing imported",
          message:
            "The catalogue changed after this file was checked. Please look at what the import would do now.",
        },
        ...checked(outcome.plan),
      },
      { status: 409 },
    );
  }
  if (outcome.plan.created.length) {
    // Every new row looks like an existing listing and none was ticked.
    return data(
      {
        ok: false as const,
        error: {
          title: "Nothing imported",
          message:
            'Every new row looks like an existing listing. Tick "Add anyway" for the rows to add, or choose another file.',
        },
        ...checked(outcome.plan),
      },
      { status: 400 },
    );
  }
  return { ok: true as const, ...checked(outcome.plan) };
}

export default function ImportPropertiesPage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const pending = useIsPending();
  const checked = actionData && "preview" in actionData ? actionData : undefined;
  const error = actionData && actionData.ok === false ? actionData.error : undefined;
  const problems = actionData && "problems" in actionData ? actionData.problems : undefined;
  const preview = checked?.preview;
  const changes = preview ? createdCount(preview) + updatedCount(preview) : 0;
  const flagged = preview ? preview.created.filter(looksLikeAnother).length : 0;
  // The rows ticked "Add anyway", for the button's count (the boxes themselves are form fields).
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const fingerprint = checked?.fingerprint;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new check starts with no ticks
  useEffect(() => setTicked(new Set()), [fingerprint]);
  const toAdd = preview ? createdCount(preview) - flagged + ticked.size : 0;
  return (
    <RecordView list={LIST} listLabel="All properties" title="Import Properties">
      <div className="space-y-5 text-sm text-slate-700">
        <p>
          Upload a CSV with the columns of the{" "}
          <LinkButton to={`${LIST}/template.csv`} reloadDocument variant="link" size="inline">
            template
          </LinkButton>{" "}
          or of an export (up to {formatNumber(MAX_IMPORT_ROWS)} listings). A row with a
          listing&apos;s id updates that listing and keeps its photos and the columns the file
          leaves out; a row without an id adds a listing. Every row is checked first and nothing is
          stored until the whole file is right.
        </p>
        <FormAlert error={error} />
        {problems?.length ? <ImportProblems problems={problems} /> : null}
        {checked && preview ? (
          <div className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4">
            <p role="status" className="text-base font-semibold text-slate-900">
              {importSummary(preview)}
            </p>
            {flagged ? (
              <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
                {flagged === 1
                  ? "1 new row looks like an existing listing"
                  : `${formatNumber(flagged)} new rows look like existing listings`}
                : skipped unless you tick &quot;Add anyway&quot; for {flagged === 1 ? "it" : "them"}
                .
              </p>
            ) : null}
            {checked.encoding && checked.encoding !== "UTF-8" ? (
              <p>
                The file was read as{" "}
                {checked.encoding === "UTF-16" ? "UTF-16" : "Windows-1252 (Latin-1)"} text.
              </p>
            ) : null}
            {checked.ignored.length ? (
              <p>Columns not imported (not listing fields): {checked.ignored.join(", ")}.</p>
            ) : null}
            {changes ? (
              <Form method="post" state={state} encType="multipart/form-data" className="space-y-4">
                <ImportPlanView
                  key={fingerprint}
                  preview={preview}
                  onTick={(row, on) =>
                    setTicked((rows) => {
                      const next = new Set(rows);
                      if (on) next.add(row);
                      else next.delete(row);
                      return next;
                    })
                  }
                />
                <input type="hidden" name="intent" value="import" />
                <input type="hidden" name="back" value={back} />
                <input type="hidden" name="fingerprint" value={checked.fingerprint} />
                {/* Multipart like the upload: the file's text is larger than a form's limit. */}
                <textarea name="csv" defaultValue={checked.csv} hidden readOnly aria-hidden />
                <div className="flex flex-wrap items-center gap-3">
                  <SubmitButton pending={pending} pendingLabel="Importing...">
                    Import {formatNumber(toAdd)} new, {formatNumber(updatedCount(preview))} updated
                  </SubmitButton>
                  <LinkButton to={`${LIST}/import`} state={state} variant="outline">
                    Choose another file
                  </LinkButton>
                </div>
              </Form>
            ) : (
              <>
                <ImportPlanView preview={preview} />
                <p>
                  Nothing to import: every listing in the file is already in the catalogue as
                  written.
                </p>
              </>
            )}
          </div>
        ) : null}
        {!checked || !changes ? (
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
        ) : null}
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
