import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordDeleteSection } from "~/components/admin/record-delete";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { TEAM_FIELD_LABELS, TeamMemberForm } from "~/components/admin/team-form";
import { failureOf } from "~/lib/action-result";
import { discardUploadedPhoto, ONE_PHOTO_FORM_BYTES } from "~/lib/admin-photo.server";
import { askToConfirm, confirmationFor, isConfirmed } from "~/lib/confirm";
import {
  badRequest,
  editConflict,
  failed,
  notFound,
  postedVersion,
  redirectWithFlash,
} from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import { readTeamMemberForm } from "~/lib/team-form.server";
import {
  deleteTeamMember,
  getTeamMemberForAdmin,
  updateTeamMember,
} from "~/models/admin-team.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import type { Route } from "./+types/team-member";

// One team member: edit (a new photo replaces the old one, or the old one is removed), or
// delete after 'Are you sure you want to delete this team member?'. Over the list with
// JavaScript, a page without. Unknown ids are the admin 404.

const LIST = "/admin/team";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const member = await getTeamMemberForAdmin(actor, args.params.id);
  if (!member) notFound();
  return { member };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request, { maxBytes: ONE_PHOTO_FORM_BYTES });
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!isConfirmed(form)) return askToConfirm(form, TEAM_MESSAGES.deleteQuestion);
    let deleted: Awaited<ReturnType<typeof deleteTeamMember>>;
    try {
      deleted = await deleteTeamMember(actor, id);
    } catch (error) {
      logger.error({ err: error, id }, "Deleting a team member failed");
      throw redirectWithFlash(back, "teamMemberDeleteFailed");
    }
    if (!deleted.ok) notFound();
    await removeUnreferencedUploads([deleted.formerMedia]);
    throw redirectWithFlash(back, "teamMemberDeleted");
  }

  if (intent !== "update") {
    return badRequest({ error: { title: "Error", message: "Unknown action." } });
  }
  const existing = await getTeamMemberForAdmin(actor, id);
  if (!existing) notFound();
  const title = TEAM_MESSAGES.updateFailed;
  const read = await readTeamMemberForm(form, title);
  if (!read.ok) return read.response;
  const { removePhoto, ...input } = read.form;
  const imageUrl = read.photo?.url ?? (removePhoto ? null : existing.imageUrl);
  let updated: Awaited<ReturnType<typeof updateTeamMember>>;
  try {
    updated = await updateTeamMember(actor, id, { ...input, imageUrl }, postedVersion(form));
  } catch (error) {
    logger.error({ err: error, id }, "Updating a team member failed");
    await discardUploadedPhoto(read.photo);
    return failed(500, { error: { title, message: TEAM_MESSAGES.tryAgain }, values: read.values });
  }
  if (!updated.ok) {
    await discardUploadedPhoto(read.photo);
    if (updated.reason === "conflict") {
      // A photo sent with it was not kept: "Use my changes" sends the fields again.
      const current = await getTeamMemberForAdmin(actor, id);
      if (!current) notFound();
      const now = { version: current.version, values: formValuesOf(current) };
      return editConflict(form, now, updated.change);
    }
    notFound();
  }
  await removeUnreferencedUploads([updated.formerMedia]);
  throw redirectWithFlash(back, "teamMemberUpdated");
}

/** The form's values for a stored record (a switch is "on" when set, as the form posts it). */
function formValuesOf(member: NonNullable<Awaited<ReturnType<typeof getTeamMemberForAdmin>>>) {
  return {
    name: member.name,
    position: member.position,
    bio: member.bio ?? "",
    email: member.email ?? "",
    phone: member.phone ?? "",
    isActive: member.isActive ? "on" : "",
  };
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditTeamMemberPage({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  const asked = confirmationFor(actionData, { intent: "delete" });
  const conflict = failure?.conflict;
  // After a conflict the form shows the record as it is now; after a refusal, what was typed.
  const values = (conflict ? undefined : failure?.values) ?? formValuesOf(member);
  return (
    <RecordView list={LIST} listLabel="All team members" title={`Edit ${member.name}`}>
      <div className="space-y-6">
        {conflict ? (
          <EditConflictPanel
            key={conflict.version}
            conflict={conflict}
            labels={TEAM_FIELD_LABELS}
            what="this team member"
            state={state}
            encType="multipart/form-data"
          />
        ) : null}
        <TeamMemberForm
          key={member.version}
          version={member.version}
          mode="edit"
          values={values}
          photo={member.imageUrl}
          errors={failure?.fields ?? {}}
          error={failure?.error}
          back={back}
          state={state}
        />
        <RecordDeleteSection
          headingId="delete-member-heading"
          heading="Delete team member"
          hint={`To take ${member.name} off the Team page for a while, switch Active off instead.`}
          label="Delete Team Member"
          back={asked?.fields.back ?? back}
          question={TEAM_MESSAGES.deleteQuestion}
          description={`${member.name} is removed from the Team page and from this list. This cannot be undone.`}
        />
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Edit Team Member | Admin | ${COMPANY_NAME}` },
];
