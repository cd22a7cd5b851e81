import { postedFile, storeUploadedPhoto } from "~/lib/admin-photo.server";
import { badRequest } from "~/lib/http.server";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  TEAM_FIELDS,
  TEAM_MESSAGES,
  type TeamMemberForm,
  type TeamMemberValues,
  teamMemberSchema,
} from "~/lib/schemas/team";
import type { AcceptedPhoto } from "~/media/images.server";

/** What was typed, to show again after a refusal (an unchecked switch posts nothing: ""). */
export function postedTeamValues(form: FormData): TeamMemberValues {
  const values: TeamMemberValues = {};
  for (const name of TEAM_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * A team member's post, checked, and its photo stored when one was chosen: the input, or the 400
 * answer with the messages beside the fields and what was typed ('Name and position are
 * required' when either is missing). The fields are checked before the photo is stored, so a
 * refused form leaves no file behind.
 */
export async function readTeamMemberForm(form: FormData, failedTitle: string) {
  const values = postedTeamValues(form);
  const parsed = teamMemberSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const error =
      fields.name || fields.position
        ? TEAM_MESSAGES.required
        : { title: failedTitle, message: Object.values(fields)[0] ?? TEAM_MESSAGES.tryAgain };
    return { ok: false as const, response: badRequest({ error, fields, values }) };
  }
  const file = postedFile(form, "photo");
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
  const data: TeamMemberForm = parsed.data;
  return { ok: true as const, form: data, photo, values };
}
