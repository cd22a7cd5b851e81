import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { formatMoment } from "~/lib/appointment-format";
import { formatNumber } from "~/lib/money";
import { TITLE_DOCUMENT_MESSAGES } from "~/lib/title-document-files";

// A listing's title documents on its edit page (issue 46): the scans staff keep (private: each
// opens only through the staff download route), an upload form and a remove button per file.
// Plain forms: they work without JavaScript and come back here with a toast.

export type TitleDocumentItem = {
  id: string;
  fileName: string;
  bytes: number;
  createdAt: Date | string;
};

export function TitleDocumentsPanel({
  propertyId,
  documents,
}: {
  propertyId: string;
  documents: readonly TitleDocumentItem[];
}) {
  const base = `/admin/properties/${propertyId}/title-documents`;
  return (
    <section aria-labelledby="title-documents" className="space-y-3">
      <h2 id="title-documents" className="text-lg font-semibold text-slate-900">
        Title documents
      </h2>
      <p className="text-sm text-slate-600">
        Scans of the C of O, consent, deed or survey. Only staff can open them; buyers ask for
        copies from the listing and the office answers under Title Requests.
      </p>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-500">No title documents uploaded.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 p-2">
              <span className="text-sm">
                <a
                  href={`${base}/${doc.id}`}
                  className="font-medium text-brand-700 hover:underline"
                  download
                >
                  {doc.fileName}
                </a>{" "}
                <span className="text-slate-500">
                  ({formatNumber(Math.ceil(doc.bytes / 1024))} KB, {formatMoment(doc.createdAt)})
                </span>
              </span>
              <ConfirmForm
                action={base}
                fields={{ intent: "remove", documentId: doc.id }}
                label="Remove"
                question={TITLE_DOCUMENT_MESSAGES.confirmRemove}
                confirmLabel="Yes, remove it"
                pendingLabel="Removing..."
                withoutJs="submit"
                size="xs"
              />
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        action={base}
        encType="multipart/form-data"
        className="flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="upload" />
        <label className="text-sm text-slate-700">
          <span className="mb-1 block font-medium">
            Add a document (PDF, JPEG, PNG or WebP, up to 15 MB)
          </span>
          <input
            type="file"
            name="document"
            required
            accept="application/pdf,image/jpeg,image/png,image/webp"
            className="text-sm"
          />
        </label>
        <Button type="submit" variant="outline" size="sm">
          Upload
        </Button>
      </Form>
    </section>
  );
}
