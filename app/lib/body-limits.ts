// How large a request body may be. The Express app refuses a larger one with 413 before any
// action reads it (server/body-limit.ts); readForm (app/lib/form.server.ts) answers the same
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
 * multipart/form-data posted under UPLOAD_ROUTE_PREFIXES: every photo of one upload at its cap
 * and room for the text fields beside them (the streamed parser, app/media/upload-form.server.ts,
 * holds the same limit while it reads), or a CSV import of 2 MB.
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + MIB;

/**
 * Where multipart uploads are posted: the admin catalogue (photos, CSV import), team portraits,
 * gallery slides and the home page's hero pictures. A route with one photo lowers the limit
 * further (readForm's maxBytes, ONE_PHOTO_FORM_BYTES in app/lib/admin-photo.server.ts).
 */
export const UPLOAD_ROUTE_PREFIXES = [
  "/admin/properties",
  "/admin/team",
  "/admin/slideshow",
  "/website-editor",
] as const;

/** The message of a 413, in the words the forms use. */
export const BODY_TOO_LARGE_MESSAGE = "What you sent is too large. Please send less and try again.";

function isMultipart(contentType: string | null | undefined) {
  return /^multipart\/form-data\s*(;|$)/i.test(contentType ?? "");
}

/** The largest body accepted for a request to `pathname` with this Content-Type. */
export function bodyLimitFor(pathname: string, contentType: string | null | undefined): number {
  const upload =
    isMultipart(contentType) &&
    UPLOAD_ROUTE_PREFIXES.some(
      (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
    );
  return upload ? UPLOAD_BODY_LIMIT_BYTES : FORM_BODY_LIMIT_BYTES;
}
