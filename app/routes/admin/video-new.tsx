import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { VideoForm } from "~/components/admin/video-form";
import { failureOf } from "~/lib/action-result";
import { failed, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import { readVideoForm } from "~/lib/video-form.server";
import { createVideo } from "~/models/admin-videos.server";
import type { Route } from "./+types/video-new";

// Add Video: over the list with JavaScript, a page without. The new video goes last (the
// highest sort order plus one).

const LIST = "/admin/videos";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const title = VIDEO_MESSAGES.addFailed;
  const read = readVideoForm(form, title);
  if (!read.ok) return read.response;
  try {
    await createVideo(actor, read.input);
  } catch (error) {
    logger.error({ err: error }, "Adding a video failed");
    return failed(500, { error: { title, message: VIDEO_MESSAGES.tryAgain }, values: read.values });
  }
  throw redirectWithFlash(back, "videoAdded");
}

export default function AddVideoPage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All videos" title="Add Video">
      <VideoForm
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
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Video | Admin | ${COMPANY_NAME}` }];
