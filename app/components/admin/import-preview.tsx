import { Link } from "react-router";
import { formatNumber } from "~/lib/money";
import type { ImportProblem } from "~/lib/property-import";

// The two answers of the CSV import's check (routes/admin/properties-import.tsx): the file's
// problems, each with its row, column and value, or what the import will do, row by row. A new
// row that looks like a live listing (or like an earlier row of the file) says so, links to the
// listing, and has an "Add anyway" box: a real form field of the confirm form, so it works
// without JavaScript.
//
// A file of 2,000 listings is not shown row by row: every new row that looks like another is
// (each needs a decision), and the first PREVIEW_ROWS of the other new rows and of the updated
// listings; the rest are counted ("and 1,900 more new listings"). Rendering 2,000 rows, and
// sending them again as the page's hydration data, held the server's thread for hundreds of
// milliseconds, and nobody reads them all.

/** How many new rows (not look-alikes) and updated listings the preview lists one by one. */
export const PREVIEW_ROWS = 100;

/** The import's plan as the page shows it (values already as the admin shows them). */
export type ImportPreview = {
  created: {
    row: number;
    title: string;
    /** Live listings this new row looks like (a link to each). */
    lookAlikes: { id: string; title: string }[];
    /** An earlier new row of the file it looks like. */
    sameAsRow: number | null;
  }[];
  updated: {
    row: number;
    id: string;
    title: string;
    changes: { field: string; label: string; before: string; after: string }[];
  }[];
  unchanged: number;
  /**
   * The rows the lists above leave out (past PREVIEW_ROWS): new rows that look like no other
   * (added as the file says) and updated listings.
   */
  notListed: { created: number; updated: number };
};

/** How many new rows the file has (listed or not). */
export function createdCount(preview: ImportPreview) {
  return preview.created.length + preview.notListed.created;
}

/** How many listings the file updates (listed or not). */
export function updatedCount(preview: ImportPreview) {
  return preview.updated.length + preview.notListed.updated;
}

/** "3 new, 1 updated, 70 unchanged": the preview's first line, also on the confirm button. */
export function importSummary(preview: ImportPreview) {
  return `${formatNumber(createdCount(preview))} new, ${formatNumber(updatedCount(preview))} updated, ${formatNumber(preview.unchanged)} unchanged`;
}

export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  return (
    <div className="max-h-96 overflow-y-auto rounded-md border border-red-200">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Problems found in the file</caption>
        <thead className="bg-red-50 text-xs uppercase text-red-900">
          <tr>
            <th scope="col" className="w-14 px-3 py-2">
              Row
            </th>
            <th scope="col" className="w-32 px-3 py-2">
              Column
            </th>
            <th scope="col" className="w-40 px-3 py-2">
              Value
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-red-100">
          {problems.map((p, i) => (
            <tr key={`${p.row}-${p.column}-${i}`} className="align-top">
              <td className="px-3 py-2 tabular-nums">{p.row || "-"}</td>
              <td className="break-words px-3 py-2 font-mono text-xs">{p.column || "-"}</td>
              <td className="break-words px-3 py-2">{p.value ? `"${p.value}"` : "(empty)"}</td>
              <td className="break-words px-3 py-2">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A new row that is skipped unless ticked "Add anyway". */
export function looksLikeAnother(created: ImportPreview["created"][number]) {
  return created.lookAlikes.length > 0 || created.sameAsRow !== null;
}

export function ImportPlanView({
  preview,
  onTick,
}: {
  preview: ImportPreview;
  /** Called when an "Add anyway" box changes (the page counts the rows to add). */
  onTick?: (row: number, ticked: boolean) => void;
}) {
  return (
    <div className="space-y-3">
      {preview.updated.length ? (
        <section aria-labelledby="import-updated">
          <h3 id="import-updated" className="mb-1 font-semibold text-slate-900">
            Updated listings
          </h3>
          <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200">
            {preview.updated.map((u) => (
              <li key={u.id} className="px-3 py-2">
                <p className="font-medium text-slate-900">
                  <span className="text-slate-500 tabular-nums">Row {u.row}: </span>
                  {u.title}
                </p>
                <ul className="mt-1 space-y-0.5" aria-label={`Changes to ${u.title}`}>
                  {u.changes.map((c) => (
                    <li key={c.field} className="break-words">
                      <span className="text-slate-600">{c.label}: </span>
                      <del className="text-slate-500">{c.before}</del>
                      {" → "}
                      <ins className="font-medium text-slate-900 no-underline">{c.after}</ins>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {preview.notListed.updated ? (
            <p className="mt-1 text-slate-600">
              …and {formatNumber(preview.notListed.updated)} more updated{" "}
              {preview.notListed.updated === 1 ? "listing" : "listings"}, not listed here: each
              changes as its row says.
            </p>
          ) : null}
        </section>
      ) : null}
      {preview.created.length ? (
        <section aria-labelledby="import-created">
          <h3 id="import-created" className="mb-1 font-semibold text-slate-900">
            New listings
          </h3>
          <ul className="max-h-60 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200">
            {preview.created.map((c) => (
              <li key={c.row} className="break-words px-3 py-2">
                <span className="text-slate-500 tabular-nums">Row {c.row}: </span>
                {c.title}
                {looksLikeAnother(c) ? <LookAlike created={c} onTick={onTick} /> : null}
              </li>
            ))}
          </ul>
          {preview.notListed.created ? (
            <p className="mt-1 text-slate-600">
              …and {formatNumber(preview.notListed.created)} more new{" "}
              {preview.notListed.created === 1 ? "listing" : "listings"}, not listed here: none
              looks like an existing listing, so{" "}
              {preview.notListed.created === 1 ? "it is" : "all are"} added.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function LookAlike({
  created,
  onTick,
}: {
  created: ImportPreview["created"][number];
  onTick?: (row: number, ticked: boolean) => void;
}) {
  return (
    <div className="mt-1 space-y-1 text-amber-900">
      <p>
        {created.lookAlikes.length ? (
          <>
            Looks like an existing listing:{" "}
            {created.lookAlikes.map((listing, i) => (
              <span key={listing.id}>
                {i ? ", " : null}
                <Link
                  to={`/admin/properties/${listing.id}`}
                  target="_blank"
                  className="font-medium underline"
                >
                  {listing.title}
                </Link>
              </span>
            ))}
            {created.sameAsRow !== null ? ` (and row ${created.sameAsRow} of this file)` : null}.
          </>
        ) : (
          <>Looks like row {created.sameAsRow} of this file.</>
        )}{" "}
        Skipped unless ticked.
      </p>
      {onTick ? (
        <label className="inline-flex items-center gap-2 font-medium text-slate-900">
          <input
            type="checkbox"
            name="addAnyway"
            value={created.row}
            onChange={(event) => onTick(created.row, event.currentTarget.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          Add anyway<span className="sr-only"> (row {created.row})</span>
        </label>
      ) : null}
    </div>
  );
}
