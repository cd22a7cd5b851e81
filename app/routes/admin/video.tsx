import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordDeleteSection } from "~/components/admin/record-delete";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { VIDEO_FIELD_LABELS, VideoForm } from "~/components/admin/video-form";
import { failureOf } from "~/lib/action-result";
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
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import { readVideoForm } from "~/lib/video-form.server";
import { deleteVideo, getVideoForAdmin, updateVideo } from "~/models/admin-videos.server";
import type { Route } from "./+types/video";

// One featured video: edit (every field but its place), or delete after 'Are you sure you want
// to delete this video?'. Over the list with JavaScript, a page without. Unknown ids are the
// admin 404.

const LIST = "/admin/videos";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const video = await getVideoForAdmin(actor, args.params.id);
  if (!video) notFound();
  return { video };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!isConfirmed(form)) return askToConfirm(form, VIDEO_MESSAGES.deleteQuestion);
    let deleted: Awaited<ReturnType<typeof deleteVideo>>;
    try {
      deleted = await deleteVideo(actor, id);
    } catch (error) {
      logger.error({ err: error, id }, "Deleting a video failed");
      throw redirectWithFlash(back, "videoDeleteFailed");
    }
    if (!deleted.ok) notFound();
    throw redirectWithFlash(back, "videoDeleted");
  }

  if (intent !== "update") {
    return badRequest({ error: { title: "Error", message: "Unknown action." } });
  }
  const title = VIDEO_MESSAGES.updateFailed;
  const read = readVideoForm(form, title);
  if (!read.ok) {
    if (!(await getVideoForAdmin(actor, id))) notFound();
    return read.response;
  }
  let updated: Awaited<ReturnType<typeof updateVideo>>;
  try {
    updated = await updateVideo(actor, id, read.input, postedVersion(form));
  } catch (error) {
    logger.error({ err: error, id }, "Updating a video failed");
    return failed(500, { error: { title, message: VIDEO_MESSAGES.tryAgain }, values: read.values });
  }
  if (!updated.ok && updated.reason === "conflict") {
    const current = await getVideoForAdmin(actor, id);
    if (!current) notFound();
    return editConflict(
      form,
      { version: current.version, values: formValuesOf(current) },
      updated.change,
    );
  }
  if (!updated.ok) notFound();
  throw redirectWithFlash(back, "videoUpdated");
}

/** The form's values for a stored record (a switch is "on" when set, as the form posts it). */
function formValuesOf(video: NonNullable<Awaited<ReturnType<typeof getVideoForAdmin>>>) {
  return {
    title: video.title ?? "",
    description: video.description ?? "",
    videoUrl: video.videoUrl,
    isActive: video.isActive ? "on" : "",
  };
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditVideoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { video } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  const asked = confirmationFor(actionData, { intent: "delete" });
  const conflict = failure?.conflict;
  // After a conflict the form shows the record as it is now; after a refusal, what was typed.
  const values = (conflict ? undefined : failure?.values) ?? formValuesOf(video);
  const name = video.title || "Untitled video";
  return (
    <RecordView list={LIST} listLabel="All videos" title={`Edit Video: ${name}`}>
      <div className="space-y-6">
        {conflict ? (
          <EditConflictPanel
            key={conflict.version}
            conflict={conflict}
            labels={VIDEO_FIELD_LABELS}
            what="this video"
            state={state}
          />
        ) : null}
        <VideoForm
          key={video.version}
          version={video.version}
          mode="edit"
          values={values}
          errors={failure?.fields ?? {}}
          error={failure?.error}
          back={back}
          state={state}
        />
        <RecordDeleteSection
          headingId="delete-video-heading"
          heading="Delete video"
          hint="To take it off the home page for a while, switch Active off instead."
          label="Delete Video"
          back={asked?.fields.back ?? back}
          question={VIDEO_MESSAGES.deleteQuestion}
          description="The video leaves the home page and this list. This cannot be undone."
        />
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit Video | Admin | ${COMPANY_NAME}` }];
