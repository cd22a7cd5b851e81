import { getEnv } from "~/env.server";
import type { UploadedPhoto } from "~/http/upload-form.server";
import type { AdminActor } from "~/lib/admin-actor";
import { logger } from "~/log/logger.server";
import { acceptPhotoFromUrl } from "~/media/remote-image.server";
import { addPropertyPhotos, type NewPhoto } from "~/models/admin-property-photos.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";

// The photo writes of the admin property screens, shared by the edit page's plain forms and
// its upload endpoint, and by the owner's submission forms (discardUploads): files stored for a save that then fails are removed again (unless
// another row shows the same file: uploads are stored once under the hash of their content).

/** Removes stored uploads this request will not use (readUploadForm's `discard`). */
export async function discardUploads(photos: readonly { url: string }[]) {
  await removeUnreferencedUploads(photos.map((p) => p.url));
}

/** A photo title as typed: control characters out, 150 characters at most. */
export function cleanPhotoTitle(value: FormDataEntryValue | null | undefined) {
  return typeof value === "string"
    ? value
        .replace(/\p{Cc}/gu, " ")
        .trim()
        .slice(0, 150)
    : "";
}

/** The uploaded photos with the titles posted beside them (`photoTitle`, one per file, in order). */
export function photosWithTitles(photos: readonly UploadedPhoto[], form: FormData): NewPhoto[] {
  const titles = form.getAll("photoTitle");
  return photos.map((photo, i) => ({
    url: photo.url,
    title: cleanPhotoTitle(titles[i]) || null,
    fingerprint: photo.fingerprint,
  }));
}

export type AttachOutcome =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "failed" };

/** Shows stored photos on a listing; if that fails, their files go again. */
export async function attachPhotos(
  actor: AdminActor,
  propertyId: string,
  photos: readonly NewPhoto[],
): Promise<AttachOutcome> {
  let outcome: AttachOutcome;
  try {
    const result = await addPropertyPhotos(actor, propertyId, photos);
    outcome = result.ok ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    logger.error({ err: error, propertyId }, "Saving photos failed");
    outcome = { ok: false, reason: "failed" };
  }
  if (!outcome.ok) await discardUploads(photos);
  return outcome;
}

/** The addresses at which this site's own /media files are recognised (not downloaded). */
export function ownOrigins(request: Request) {
  return [new URL(getEnv().siteUrl).origin, new URL(request.url).origin];
}

/** Downloads (or links) the photo at a typed address; the message says why not. */
export function photoFromUrl(request: Request, raw: string) {
  return acceptPhotoFromUrl(raw, { ownOrigins: ownOrigins(request) });
}
