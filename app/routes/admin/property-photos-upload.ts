import { redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { attachPhotos, discardUploads, photosWithTitles } from "~/http/property-uploads.server";
import { readUploadForm } from "~/http/upload-form.server";
import { PHOTO_MESSAGES } from "~/media/images.server";
import type { Route } from "./+types/property-photos-upload";

// POST /admin/properties/:id/photos: the edit page's uploader with JavaScript sends each photo
// here on its own (an XMLHttpRequest, so the page can show each file's progress) and gets JSON
// back: { ok: true } or { ok: false, message } with 400, 404 or 413. Without JavaScript the
// page's plain form posts to the edit route instead; both read the body as a stream with the
// same caps and checks.

/** Opened in a browser (a bookmarked or typed address): the listing's edit page, for admins. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  throw redirect(`/admin/properties/${encodeURIComponent(args.params.id)}`);
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const read = await readUploadForm(args.request, { discard: discardUploads });
  if (!read.ok) return Response.json({ ok: false, message: read.message }, { status: read.status });
  if (read.photos.length === 0) {
    return Response.json({ ok: false, message: PHOTO_MESSAGES.none }, { status: 400 });
  }
  const attached = await attachPhotos(
    actor,
    args.params.id,
    photosWithTitles(read.photos, read.form),
  );
  if (!attached.ok && attached.reason === "not-found") {
    return Response.json({ ok: false, message: "This listing no longer exists." }, { status: 404 });
  }
  if (!attached.ok) {
    return Response.json(
      { ok: false, message: "The photo could not be saved. Please try again." },
      { status: 500 },
    );
  }
  return Response.json({ ok: true, count: read.photos.length });
}
