import {
  isMultipartRequest,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { readForm } from "~/http/read-form.server";
import { BODY_TOO_LARGE_MESSAGE, UPLOAD_BODY_LIMIT_BYTES } from "~/lib/body-limits";
import { stripControlCharacters } from "~/lib/control-characters";
import { logger } from "~/log/logger.server";
import {
  type AcceptedPhoto,
  acceptPhoto,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_UPLOAD,
  PHOTO_MESSAGES,
} from "~/media/images.server";

// A form that may carry photos (the Add Property form, the photo upload), read as a stream:
// each part is held only up to its cap (10 MB a file), so the bytes of a bigger file are never
// kept; each photo is checked and stored as soon as it has arrived, so at most one is in memory;
// the body as a whole is capped (UPLOAD_BODY_LIMIT_BYTES: a Content-Length above it is refused
// before a byte is read, a chunked body when it passes it). The first refusal stops the reading
// and removes what this request stored; the fields read until then come back so the form keeps
// what was typed.

/** Parts (fields and files) one form may have: far above the admin forms' few dozen. */
const MAX_PARTS = 200;

export const UPLOAD_MESSAGES = {
  bodyTooLarge: `This upload is too large: send at most ${MAX_PHOTOS_PER_UPLOAD} photos of 10 MB each at a time.`,
  unreadable: "The upload could not be read. Please choose the photos again and retry.",
  notUtf8:
    "The form could not be read: some of its text is not in UTF-8. Please reload the page, type it again and retry.",
} as const;

/**
 * The parser decodes part headers and text with a fatal UTF-8 decoder: bytes that are not UTF-8
 * (a Latin-1 field or file name from a script) fail with this TypeError, the client's fault.
 */
function isInvalidUtf8(error: unknown) {
  return (
    error instanceof TypeError &&
    (error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA"
  );
}

export type UploadedPhoto = AcceptedPhoto & { name: string };

export type UploadForm =
  | { ok: true; form: FormData; photos: UploadedPhoto[] }
  | {
      ok: false;
      /** 413 for a file or body over its cap, 400 for the rest. */
      status: 400 | 413;
      message: string;
      /** The fields read before the refusal. */
      form: FormData;
    };

/** Longest a refused upload's remainder is read for before the answer goes anyway. */
const DRAIN_TIMEOUT_MS = 30_000;

/** Reads and drops what is left of a body, up to the upload cap, for at most DRAIN_TIMEOUT_MS. */
async function drainBody(request: Request) {
  if (!request.body || request.body.locked) return;
  const reader = request.body.getReader();
  let read = 0;
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  const timeout = (ms: number) =>
    new Promise<{ done: true; value: undefined }>((resolve) =>
      setTimeout(() => resolve({ done: true, value: undefined }), ms).unref(),
    );
  try {
    while (read <= UPLOAD_BODY_LIMIT_BYTES && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), timeout(deadline - Date.now())]);
      if (chunk.done) break;
      read += chunk.value.byteLength;
    }
  } catch {
    // The client went away: nothing left to answer.
  } finally {
    try {
      reader.releaseLock();
    } catch {
      // A read still pending after the timeout: the stream is left to the server to close.
    }
  }
}

class RefusedUpload extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/**
 * Reads a posted form whose files in `fileField` are photos. A form that is not multipart is
 * read as usual (it has no files). `discard` removes stored photos this request no longer
 * needs (a key another row shows must be kept: the caller knows the database). `maxBytes`
 * lowers the body's cap for a post that may carry no photos (a signed-out owner's form).
 */
export async function readUploadForm(
  request: Request,
  {
    fileField = "photos",
    discard,
    maxBytes,
  }: {
    fileField?: string;
    discard: (photos: readonly UploadedPhoto[]) => Promise<void>;
    maxBytes?: number;
  },
): Promise<UploadForm> {
  if (!isMultipartRequest(request)) {
    return { ok: true, form: await readForm(request, { maxBytes }), photos: [] };
  }
  const form = new FormData();
  const limit = Math.min(maxBytes ?? UPLOAD_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES);
  const tooLarge =
    limit < UPLOAD_BODY_LIMIT_BYTES ? BODY_TOO_LARGE_MESSAGE : UPLOAD_MESSAGES.bodyTooLarge;
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (declared > limit) {
    // Refused before reading: the body is never taken in.
    return { ok: false, status: 413, message: tooLarge, form };
  }
  const photos: UploadedPhoto[] = [];
  let files = 0;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: MAX_PHOTO_BYTES,
      maxTotalSize: limit,
      maxParts: MAX_PARTS,
    })) {
      const name = part.name;
      if (!name) continue;
      if (!part.isFile) {
        form.append(stripControlCharacters(name), stripControlCharacters(part.text));
        continue;
      }
      // Other file fields are not read into anything; an empty file input sends a nameless part.
      if (name !== fileField || (part.size === 0 && !part.filename)) continue;
      files += 1;
      if (files > MAX_PHOTOS_PER_UPLOAD) throw new RefusedUpload(PHOTO_MESSAGES.tooMany, 400);
      const result = await acceptPhoto(Buffer.from(part.bytes));
      const label = part.filename || "photo";
      if (!result.ok) throw new RefusedUpload(`${label}: ${result.message}`, 400);
      photos.push({ ...result.photo, name: label });
    }
  } catch (error) {
    await discard(photos);
    // The browser is still sending: read the rest (discarding it) so it gets the answer rather
    // than a reset connection. Cancelling the body would close the connection under it.
    await drainBody(request);
    if (error instanceof RefusedUpload) {
      return { ok: false, status: error.status, message: error.message, form };
    }
    if (error instanceof MaxFileSizeExceededError) {
      return { ok: false, status: 413, message: PHOTO_MESSAGES.tooBig, form };
    }
    if (error instanceof MaxTotalSizeExceededError) {
      return { ok: false, status: 413, message: tooLarge, form };
    }
    if (isInvalidUtf8(error)) {
      return { ok: false, status: 400, message: UPLOAD_MESSAGES.notUtf8, form };
    }
    if (error instanceof MaxPartsExceededError || error instanceof MultipartParseError) {
      return { ok: false, status: 400, message: UPLOAD_MESSAGES.unreadable, form };
    }
    // A client that went away mid-upload, or storage that failed: the caller answers 500.
    logger.warn({ err: error }, "Reading an upload failed");
    throw error;
  }
  return { ok: true, form, photos };
}
