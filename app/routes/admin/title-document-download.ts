import { requireAdmin } from "~/auth/session.server";
import { notFound } from "~/http/responses.server";
import { downloadName } from "~/lib/title-document-files";
import { logger } from "~/log/logger.server";
import { readTitleDocumentFile } from "~/models/title-documents.server";
import type { Route } from "./+types/title-document-download";

// GET /admin/properties/:id/title-documents/:documentId: one title document, for staff who may
// see the listing (an agent: their own). Never cached, always a download (a PDF or picture is
// not rendered inside the site), and each opening is logged with who took it.

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const { id, documentId } = args.params;
  const file = await readTitleDocumentFile(actor, id, documentId);
  if (!file) notFound();
  logger.info(
    { adminId: actor.id, propertyId: id, documentId },
    "Staff downloaded a title document",
  );
  const extension = file.row.storageKey.split(".").pop() ?? "bin";
  return new Response(file.body, {
    headers: {
      "Content-Type": file.row.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="${downloadName(file.row.fileName, extension)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
