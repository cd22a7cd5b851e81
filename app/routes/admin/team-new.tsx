import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { TeamMemberForm } from "~/components/admin/team-form";
import { failureOf } from "~/lib/action-result";
import { discardUploadedPhoto, ONE_PHOTO_FORM_BYTES } from "~/lib/admin-photo.server";
import { failed, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import { readTeamMemberForm } from "~/lib/team-form.server";
import { createTeamMember } from "~/models/admin-team.server";
import type { Route } from "./+types/team-new";

// Add Team Member: over the list with JavaScript, a page without. The new member goes last.

const LIST = "/admin/team";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request, { maxBytes: ONE_PHOTO_FORM_BYTES });
  const back = listReturnPath(form.get("back"), LIST);
  const title = TEAM_MESSAGES.addFailed;
  const read = await readTeamMemberForm(form, title);
  if (!read.ok) return read.response;
  const { removePhoto: _ignored, ...input } = read.form;
  try {
    await createTeamMember(actor, { ...input, imageUrl: read.photo?.url ?? null });
  } catch (error) {
    logger.error({ err: error }, "Adding a team member failed");
    await discardUploadedPhoto(read.photo);
    return failed(500, { error: { title, message: TEAM_MESSAGES.tryAgain }, values: read.values });
  }
  throw redirectWithFlash(back, "teamMemberAdded");
}

export default function AddTeamMemberPage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All team members" title="Add Team Member">
      <TeamMemberForm
        mode="add"
        values={failure?.values ?? {}}
        errors={failure?.fields ?? {}}
        error={failure?.error}
        back={back}
        state={state}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Add Team Member | Admin | ${COMPANY_NAME}` },
];
