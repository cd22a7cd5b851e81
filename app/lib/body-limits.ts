// How large a request body may be. The Express app refuses a larger one with 413 before any
// action reads it (server/body-limit.ts); readForm (app/http/read-form.server.ts) answers the same
// when an action is called some other way. Documented in the README (Security).

import { MAX_PHOTOS_PER_UPLOAD } from "./admin-properties";

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * Every form that is not an upload. The largest, the admin property form, has three text fields
 * of up to 5,000 characters: even written in 3-byte characters and percent-encoded (9 bytes a
 * character) the whole form stays under 150 KB.
 */
export const FORM_BODY_LIMIT_BYTES = 256 * KIB;

/** One uploaded photo, before it is re-encoded (app/media/images.server.ts checks it). */
export const MAX_PHOTO_BYTES = 10 * MIB;

/**
 * One title document (issue 46): a PDF or a photo of the paper, kept as sent (never re-encoded),
 * so a little more room than a photo; one file per request (app/http/title-document-upload.server.ts).
 */
export const MAX_TITLE_DOCUMENT_BYTES = 15 * MIB;

/** The whole post of a title document: the file and its few text fields. */
export const TITLE_DOCUMENT_BODY_BYTES = MAX_TITLE_DOCUMENT_BYTES + 64 * KIB;

/**
 * multipart/form-data posted to UPLOAD_ROUTES: every photo of one upload at its cap
 * and room for the text fields beside them (the streamed parser, app/http/upload-form.server.ts,
 * holds the same limit while it reads), or a CSV import of 2 MB.
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + MIB;

/**
 * Every route that takes uploaded files, as app/routes.ts spells them, and the only place that
 * says so: the admin catalogue (Add Property with photos, the edit page and its photo uploader,
 * the CSV import, a listing's private title documents), team portraits, gallery slides, the home page's hero pictures, and the
 * owners' photos (a new submission on /list-your-property, a draft or one sent back under My
 * Listings, a change to a live listing): the same per-file (MAX_PHOTO_BYTES) and per-request
 * (UPLOAD_BODY_LIMIT_BYTES) limits for staff and owners. A route with one photo lowers the
 * limit further (readForm's maxBytes, ONE_PHOTO_FORM_BYTES in app/routes/admin/admin-photo.server.ts).
 * Matched by route, not by the start of the path: a data request (`/website-editor.data`, what
 * a form posts with JavaScript on) is the same route as the page. server/upload-limits.test.ts
 * walks the route table and fails when a route that reads files is missing here.
 */
export const UPLOAD_ROUTES = [
  "/admin/properties/new",
  "/admin/properties/import",
  "/admin/properties/:id",
  "/admin/properties/:id/photos",
  "/admin/properties/:id/title-documents",
  "/admin/team/new",
  "/admin/team/:id",
  "/admin/slideshow/new",
  "/admin/slideshow/:id",
  "/website-editor",
  "/list-your-property",
  "/dashboard/listings/submissions/:id",
  "/dashboard/listings/:id",
] as const;

/** The message of a 413, in the words the forms use. */
export const BODY_TOO_LARGE_MESSAGE = "What you sent is too large. Please send less and try again.";

function isMultipart(contentType: string | null | undefined) {
  return /^multipart\/form-data\s*(;|$)/i.test(contentType ?? "");
}

/**
 * The route path a request is for: React Router's data requests add `.data` to the page's path
 * (`/_root.data` for the home page); a trailing slash names the same route.
 */
export function routePathOf(pathname: string): string {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "");
  return path === "" || path === "/_root" ? "/" : path;
}

/** A path segment as the router reads it: %-escapes decoded (a broken one kept as typed). */
function decodedSegment(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether `path` names the route `pattern` the way React Router matches it: case-insensitively
 * after decoding, so /LIST-YOUR-PROPERTY and /list-your-%70roperty get the upload limits too.
 */
function matchesRoute(path: string, pattern: string) {
  const parts = path.split("/");
  const expected = pattern.split("/");
  return (
    parts.length === expected.length &&
    expected.every((part, i) =>
      part.startsWith(":")
        ? parts[i] !== ""
        : part.toLowerCase() === decodedSegment(parts[i] ?? "").toLowerCase(),
    )
  );
}

/** True when `pathname` (a page or its data request) is one of UPLOAD_ROUTES. */
export function isUploadRoute(pathname: string): boolean {
  const path = routePathOf(pathname);
  return UPLOAD_ROUTES.some((pattern) => matchesRoute(path, pattern));
}

/** The largest body accepted for a request to `pathname` with this Content-Type. */
export function bodyLimitFor(pathname: string, contentType: string | null | undefined): number {
  return isMultipart(contentType) && isUploadRoute(pathname)
    ? UPLOAD_BODY_LIMIT_BYTES
    : FORM_BODY_LIMIT_BYTES;
}
