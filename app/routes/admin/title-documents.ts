import { redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { notFound, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { readTitleDocumentUpload } from "~/http/title-document-upload.server";
import { isConfirmed } from "~/lib/confirm";
import { addTitleDocument, removeTitleDocument } from "~/models/title-documents.server";
import type { Route } from "./+types/title-documents";

// POST /admin/properties/:id/title-documents: upload a title document (a PDF or a photo of the
// paper, private to staff) or remove one, from the listing's edit page; back to it with a toast.
// Works without JavaScript (a plain multipart form).

/** Asked for as a page (a reload after a post): the listing's edit page, at its documents. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw redirect(`/admin/properties/${encodeURIComponent(args.params.id)}#title-documents`);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const back = `/admin/properties/${id}#title-documents`;
  const read = await readTitleDocumentUpload(args.request);
  if (!read.ok) throw redirectWithFlash(back, "titleDocumentRefused");
  const intent = String(read.form.get("intent") ?? "upload");
  if (intent === "upload") {
    if (!read.file) throw redirectWithFlash(back, "titleDocumentRefused");
    const added = await addTitleDocument(actor, id, read.file);
    if (!added.ok && added.reason === "not-found") notFound();
    throw redirectWithFlash(back, added.ok ? "titleDocumentUploaded" : "titleDocumentRefused");
  }
  if (intent === "remove") {
    // The button asks first (with JavaScript); without it, the post says it was confirmed.
    if (!isConfirmed(read.form)) throw redirectWithFlash(back, "titleDocumentRefused");
    const removed = await removeTitleDocument(actor, id, String(read.form.get("documentId") ?? ""));
    if (!removed.ok) notFound();
    throw redirectWithFlash(back, "titleDocumentRemoved");
  }
  return unknownIntent();
}
