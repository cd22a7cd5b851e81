import { type AcceptedPhoto, acceptPhoto, MAX_PHOTO_BYTES } from "~/media/images.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";

// One photo posted with an admin form (a team member's portrait, a gallery slide), through the
// upload pipeline (app/media/images.server.ts: checked by content, re-encoded, stored under its
// hash). The form's other fields are checked first, so a refused form stores no file.

/**
 * The largest body of a form with one photo: the photo's own cap and room for the other fields.
 * Passed to readForm, so a larger post is refused (413) before it is read into memory.
 */
export const ONE_PHOTO_FORM_BYTES = MAX_PHOTO_BYTES + 64 * 1024;

/** The posted file of `name`, if one was chosen (an empty file input posts a nameless empty file). */
export function postedFile(form: FormData, name: string): File | undefined {
  const value = form.get(name);
  return value instanceof File && value.size > 0 ? value : undefined;
}

export async function storeUploadedPhoto(
  file: File,
): Promise<{ ok: true; photo: AcceptedPhoto } | { ok: false; message: string }> {
  return acceptPhoto(Buffer.from(await file.arrayBuffer()));
}

/** Removes a photo stored for a save that then failed, unless a row uses the same file. */
export async function discardUploadedPhoto(photo: AcceptedPhoto | undefined) {
  if (!photo) return;
  await removeUnreferencedUploads([photo.url]);
}
