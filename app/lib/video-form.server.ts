import { badRequest } from "~/lib/http.server";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { VIDEO_FIELDS, VIDEO_MESSAGES, type VideoValues, videoSchema } from "~/lib/schemas/video";

/** What was typed, to show again after a refusal (an unchecked switch posts nothing: ""). */
export function postedVideoValues(form: FormData): VideoValues {
  const values: VideoValues = {};
  for (const name of VIDEO_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A video's post, checked: the input (its URL the embed form), or the 400 answer ('Video URL is
 * required' when it is empty; the YouTube or Vimeo message for any other link).
 */
export function readVideoForm(form: FormData, failedTitle: string) {
  const values = postedVideoValues(form);
  const parsed = videoSchema().safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true as const, input: parsed.data, values };
  const fields = fieldErrorsOf(parsed.error);
  const error =
    fields.videoUrl === VIDEO_MESSAGES.url
      ? VIDEO_MESSAGES.required
      : { title: failedTitle, message: Object.values(fields)[0] ?? VIDEO_MESSAGES.tryAgain };
  return { ok: false as const, response: badRequest({ error, fields, values }) };
}
