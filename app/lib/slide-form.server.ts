import { postedFile, storeUploadedPhoto } from "~/lib/admin-photo.server";
import { badRequest } from "~/lib/http.server";
import {
  readSlide,
  SLIDE_FIELDS,
  SLIDE_MESSAGES,
  type SlideInput,
  type SlideValues,
} from "~/lib/schemas/slide";
import type { AcceptedPhoto } from "~/media/images.server";

/** What was typed, to show again after a refusal (an unchecked switch posts nothing: ""). */
export function postedSlideValues(form: FormData): SlideValues {
  const values: SlideValues = {};
  for (const name of SLIDE_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A slide's post, checked, and its photo stored when one was uploaded: the input, or the 400
 * answer ('Validation Error' / 'Media URL and type are required' when the media is missing).
 * An uploaded photo wins over a typed media URL.
 */
export async function readSlideForm(form: FormData, failedTitle: string) {
  const values = postedSlideValues(form);
  const file = postedFile(form, "photo");
  const read = readSlide(values, Boolean(file));
  if (!read.ok) {
    const error = read.missingMedia
      ? SLIDE_MESSAGES.required
      : {
          title: failedTitle,
          message: Object.values(read.fields)[0] ?? SLIDE_MESSAGES.tryAgain,
        };
    return { ok: false as const, response: badRequest({ error, fields: read.fields, values }) };
  }
  let photo: AcceptedPhoto | undefined;
  if (file) {
    const stored = await storeUploadedPhoto(file);
    if (!stored.ok) {
      return {
        ok: false as const,
        response: badRequest({
          error: { title: failedTitle, message: stored.message },
          fields: { photo: stored.message },
          values,
        }),
      };
    }
    photo = stored.photo;
  }
  const mediaUrl = photo?.url ?? read.slide.mediaUrl;
  if (!mediaUrl) throw new Error("a checked slide has a media URL or an upload");
  const input: SlideInput = { ...read.slide, mediaUrl };
  return { ok: true as const, input, photo, values };
}
