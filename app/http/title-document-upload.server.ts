import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { MAX_TITLE_DOCUMENT_BYTES, TITLE_DOCUMENT_BODY_BYTES } from "~/lib/body-limits";
import { stripControlCharacters } from "~/lib/control-characters";
import { TITLE_DOCUMENT_MESSAGES } from "~/lib/title-document-files";
import { readForm } from "./read-form.server";

// A title document's upload (issue 46): one file in `document`, read as a stream and held only
// up to its cap (15 MB, app/lib/body-limits.ts); the model tells its type by its bytes.

/** Parts one post may have: the file and a few text fields. */
const MAX_PARTS = 10;

export type TitleDocumentUpload =
  | { ok: true; form: FormData; file: { bytes: Uint8Array; name: string } | null }
  | { ok: false; status: 400 | 413; message: string; form: FormData };

/** Reads the post; a form that is not multipart (the remove button) is read as usual. */
export async function readTitleDocumentUpload(request: Request): Promise<TitleDocumentUpload> {
  if (!isMultipartRequest(request)) {
    return { ok: true, form: await readForm(request), file: null };
  }
  const form = new FormData();
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > TITLE_DOCUMENT_BODY_BYTES) {
    return { ok: false, status: 413, message: TITLE_DOCUMENT_MESSAGES.tooBig, form };
  }
  let file: { bytes: Uint8Array; name: string } | null = null;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: MAX_TITLE_DOCUMENT_BYTES,
      maxTotalSize: TITLE_DOCUMENT_BODY_BYTES,
      maxParts: MAX_PARTS,
    })) {
      const name = part.name;
      if (!name) continue;
      if (!part.isFile) {
        form.append(stripControlCharacters(name), stripControlCharacters(part.text));
      } else if (name === "document" && part.size > 0 && !file) {
        file = { bytes: part.bytes, name: stripControlCharacters(part.filename ?? "") };
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, status: 413, message: TITLE_DOCUMENT_MESSAGES.tooBig, form };
    }
    return { ok: false, status: 400, message: TITLE_DOCUMENT_MESSAGES.none, form };
  }
  return { ok: true, form, file };
}
