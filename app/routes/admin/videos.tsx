import { ExternalLink, Video } from "lucide-react";
import { data } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { type OrderedColumn, OrderedTable } from "~/components/admin/ordered-list";
import { RecordRowActions, RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { LinkButton } from "~/components/ui/button";
import { badRequest } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { orderedListAction } from "~/lib/ordered-list-action.server";
import { readForm } from "~/lib/read-form.server";
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import { describeVideo } from "~/lib/video-url";
import {
  type AdminVideo,
  listVideosForAdmin,
  moveVideo,
  setVideoActive,
} from "~/models/admin-videos.server";
import type { Route } from "./+types/videos";

// /admin/videos ('Featured Videos'): the home page carousel's videos in order. Reorder with the
// buttons or by dragging, switch a video on or off the home page, add and edit over the list
// (./video-new.tsx, ./video.tsx), delete after 'Are you sure you want to delete this video?'.

const LIST = "/admin/videos";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  try {
    return { videos: await listVideosForAdmin(actor) };
  } catch (error) {
    logger.error({ err: error }, "Could not load the videos");
    throw data(VIDEO_MESSAGES.loadFailed, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const answer = await orderedListAction(form, {
    list: LIST,
    move: (id, to) => moveVideo(actor, id, to),
    setActive: (id, active) => setVideoActive(actor, id, active),
    flash: { updated: "videoUpdated", reorderFailed: "videosReorderFailed" },
    messages: {
      reorderFailed: VIDEO_MESSAGES.reorderFailed,
      updateFailed: VIDEO_MESSAGES.updateFailed,
    },
  });
  return answer ?? badRequest({ error: { title: "Error", message: "Unknown action." } });
}

function videoName(video: AdminVideo) {
  return video.title || "Untitled video";
}

const PROVIDER = { youtube: "YouTube", vimeo: "Vimeo", file: "Video file", link: "Link" };

function columns(back: string): readonly OrderedColumn<AdminVideo>[] {
  return [
    {
      id: "video",
      header: "Video",
      cell: (video) => {
        const source = describeVideo(video.videoUrl);
        return (
          <span className="flex h-14 w-24 items-center justify-center gap-1 rounded bg-slate-800 text-xs font-medium text-white">
            <Video className="size-4" aria-hidden />
            {source.kind === "invalid" ? "Broken" : PROVIDER[source.kind]}
          </span>
        );
      },
    },
    {
      id: "title",
      header: "Title",
      rowHeader: true,
      cell: (video) => (
        <div className="space-y-0.5">
          <RecordTitleLink href={`${LIST}/${video.id}`} back={back}>
            {videoName(video)}
          </RecordTitleLink>
          {video.description ? (
            <div className="line-clamp-2 max-w-md text-xs font-normal text-slate-600">
              {video.description}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      id: "url",
      header: "Video URL",
      className: "break-all",
      cell: (video) => {
        const source = describeVideo(video.videoUrl);
        return "watchUrl" in source ? (
          <a
            href={source.watchUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 hover:underline"
          >
            {source.watchUrl}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          video.videoUrl
        );
      },
    },
  ];
}

export default function AdminVideosPage({ loaderData }: Route.ComponentProps) {
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  const { videos } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Featured Videos</h1>
          <p className="mt-1 text-slate-600">
            The home page shows the active videos in this order.{" "}
            <a
              href="/#videos"
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              View the home page
              <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <LinkButton to={`${LIST}/new`} state={{ back }} size="md">
          <Video className="size-4" aria-hidden />
          Add Video
        </LinkButton>
      </div>
      <OrderedTable
        caption="Featured videos"
        rows={videos}
        columns={columns(back)}
        itemLabel={videoName}
        actions={(video) => (
          <RecordRowActions
            href={`${LIST}/${video.id}`}
            name={videoName(video)}
            back={back}
            question={VIDEO_MESSAGES.deleteQuestion}
            description="The video leaves the home page and this list. This cannot be undone."
          />
        )}
        action={LIST}
        back={back}
        emptyMessage="No videos yet: the home page leaves out its video section until you add one."
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Featured Videos | Admin | ${COMPANY_NAME}` },
];
