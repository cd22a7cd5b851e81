import type { RouterContextProvider } from "react-router";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { discardUploads } from "~/http/property-uploads.server";
import {
  badRequest,
  failed,
  limitAttempt,
  redirectWithFlash,
  type TooManyAttempts,
} from "~/http/responses.server";
import { readUploadForm, type UploadForm } from "~/http/upload-form.server";
import { FORM_BODY_LIMIT_BYTES } from "~/lib/body-limits";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import {
  checkDraft,
  checkSubmission,
  OWNER_PROPERTY_FIELDS,
  postedSubmissionValues,
  type SubmissionValues,
  submissionValuesOf,
} from "~/lib/schemas/submission";
import { SUBMISSION_MESSAGES } from "~/lib/submissions";
import { logger } from "~/log/logger.server";
import { propertyVersion } from "~/models/admin-property-version.server";
import { getFeeTerms } from "~/models/fee-terms.server";
import { holdSubmissionValues, holdTokenHash } from "~/models/submission-hold.server";
import { type SaveRefusal, saveOwnerSubmission } from "~/models/submission-owner.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import { readVersion, versionToken } from "./edit-merge.server";

// The owner's submission form, posted from /list-your-property (a new one) and from My Listings
// (a draft, or one the office sent back): photos read through the admin upload pipeline, the
// values checked with the admin form's schema when sent (only kept as typed for a draft),
// rate-limited like the public forms, then stored with the photos in one transaction; the files
// go again if anything refuses or fails.

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The cookie that carries a signed-out visitor's kept values (the token; its hash is stored). */
export const HOLD_COOKIE = "listing_hold";

/** The token in the request's hold cookie, if any. */
export function readHoldToken(request: Request) {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${HOLD_COOKIE}=`))
    ?.slice(HOLD_COOKIE.length + 1);
  return raw && /^[\w-]{20,64}$/.test(raw) ? raw : undefined;
}

function holdCookie(request: Request, token: string | null) {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure}`;
  return token
    ? `${HOLD_COOKIE}=${token}; Max-Age=${24 * 60 * 60}; ${attributes}`
    : `${HOLD_COOKIE}=; Max-Age=0; ${attributes}`;
}

const REFUSALS: Record<SaveRefusal, { status: number; message: string }> = {
  "not-found": { status: 404, message: "This submission was not found." },
  "not-editable": { status: 409, message: SUBMISSION_MESSAGES.notEditable },
  "too-many": { status: 400, message: SUBMISSION_MESSAGES.tooMany },
  "too-many-photos": { status: 400, message: SUBMISSION_MESSAGES.tooManyPhotos },
};

function refused(status: number, message: string, values: SubmissionValues, field?: string) {
  return failed(status, {
    error: { title: SUBMISSION_MESSAGES.saveFailed, message },
    fields: field ? { [field]: message } : {},
    values,
  });
}

/**
 * Every post of a submission (signed out or in, a new one or a change to a live listing) counts
 * against one per-address limit, as the public forms do; a refusal keeps `kept` in the form.
 */
export function limitSubmissionPost<const F extends TooManyAttempts>(args: Args, kept: F) {
  return limitAttempt(
    rateLimitKey("publicForm", "submission", getClientIp(args)),
    RATE_LIMITS.publicForm,
    kept,
  );
}

/**
 * A signed-out visitor's post: nothing is stored but what they typed (no photos: those are
 * added once signed in), kept under a cookie while they sign in; the answer is the way to sign
 * in, which comes back here.
 */
export async function holdForSignIn(args: Args, returnTo: string) {
  // Files are not read at all: a signed-out visitor stores nothing on the server.
  // Nor more than a form's worth of bytes: the upload limit of this route is for owners.
  const read = await readUploadForm(args.request, {
    fileField: "no-files-when-signed-out",
    discard: discardUploads,
    maxBytes: FORM_BODY_LIMIT_BYTES,
  });
  const values = postedSubmissionValues(read.form);
  if (!read.ok) return refused(read.status, read.message, values);
  if (isHoneypotTripped(read.form)) return { ok: true as const };
  const draft = checkDraft(values);
  if (!draft.ok) return badRequest({ error: draft.error, fields: draft.fields, values });
  const limited = await limitSubmissionPost(args, { values });
  if (limited) return limited;
  const token = await holdSubmissionValues(values);
  return redirectWithFlash(`/signin?redirectTo=${encodeURIComponent(returnTo)}`, "submissionHeld", {
    headers: { "Set-Cookie": holdCookie(args.request, token) },
  });
}

/** An owner's post, read with its photos (each checked and stored as it arrives). */
export function readSubmissionForm(request: Request) {
  return readUploadForm(request, { discard: discardUploads });
}

/**
 * A signed-in owner's post of the form: saved as a draft (`intent=save`) or sent
 * (`intent=submit`). Answers the new state's id, or the failure to return as it is.
 */
export async function saveSubmissionPost(
  args: Args,
  ownerId: string,
  read: UploadForm,
  existingId?: string,
): Promise<
  | { ok: true; id: string; sent: boolean; headers: Headers }
  | { ok: false; response: Response | ReturnType<typeof failed> }
> {
  const values = postedSubmissionValues(read.form);
  if (!read.ok) {
    return { ok: false, response: refused(read.status, read.message, values, "photos") };
  }
  const photos = read.photos.map((photo) => ({ url: photo.url, fingerprint: photo.fingerprint }));
  const give = async (response: Response | ReturnType<typeof failed>) => {
    await discardUploads(photos);
    return { ok: false as const, response };
  };
  if (isHoneypotTripped(read.form)) return give(refused(400, "Please try again.", values));
  const intent = read.form.get("intent");
  if (intent !== "save" && intent !== "submit") {
    return give(refused(400, "Please use the form's buttons.", values));
  }
  const send = intent === "submit";
  const checked = send ? checkSubmission(values, await getFeeTerms()) : checkDraft(values);
  if (!checked.ok) {
    return give(badRequest({ error: checked.error, fields: checked.fields, values }));
  }
  const limited = await limitSubmissionPost(args, { values });
  if (limited) return give(limited);
  const hold = existingId ? undefined : readHoldToken(args.request);
  try {
    const saved = await saveOwnerSubmission(ownerId, {
      id: existingId,
      values,
      photos,
      send,
      holdTokenHash: hold ? holdTokenHash(hold) : undefined,
    });
    if (!saved.ok) {
      const { status, message } = REFUSALS[saved.reason];
      return give(
        refused(status, message, values, saved.reason === "too-many-photos" ? "photos" : undefined),
      );
    }
    const headers = new Headers();
    if (hold) headers.append("Set-Cookie", holdCookie(args.request, null));
    return { ok: true, id: saved.id, sent: send, headers };
  } catch (error) {
    logger.error({ err: error }, "Saving an owner's submission failed");
    return give(refused(500, "Please try again.", values));
  }
}

// A change to a live listing (issue 42): the form carries the listing as it was when the owner
// opened it, signed like the admin forms' versions, so approving applies only what the owner
// changed from that copy; an office edit made while the form was open is not the owner's.

/** The signed field naming the listing a change form's base is of (a token of another is refused). */
const BASE_LISTING = "listing";

/** The hidden version of an owner's change form opened now on this live listing. */
export function ownerChangeVersion(
  listing: Parameters<typeof submissionValuesOf>[0] & { id: string },
) {
  return versionToken(propertyVersion(listing), {
    ...submissionValuesOf(listing),
    [BASE_LISTING]: listing.id,
  });
}

/**
 * The listing as the owner's change form showed it (its base), from the posted version; undefined
 * when none was posted, its signature does not hold or it was made for another listing.
 */
export function readOwnerChangeBase(
  form: FormData,
  listingId: string,
): SubmissionValues | undefined {
  const base = readVersion(form.get(VERSION_FIELD))?.base;
  if (!base || base[BASE_LISTING] !== listingId) return undefined;
  const values: SubmissionValues = {};
  for (const field of OWNER_PROPERTY_FIELDS) {
    const value = base[field];
    if (typeof value === "string" && value !== "") values[field] = value;
  }
  return values;
}
