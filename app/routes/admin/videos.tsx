import { AdminRouteError } from "~/components/admin/admin-route-error";
import type { OrderedColumn } from "~/components/admin/ordered-list";
import { OrderedListPage } from "~/components/admin/ordered-list-screens";
import { RecordTitleLink } from "~/components/admin/record-delete";
import { VIDEO_SCREEN, videoName } from "~/components/admin/video-form";
import { Video } from "~/components/icons";
import { VIDEO_MESSAGES } from "~/lib/schemas/video";
import { COMPANY_NAME } from "~/lib/site";
import { describeVideo } from "~/lib/video-url";
import type { AdminVideo } from "~/models/admin-videos.server";
import type { Route } from "./+types/videos";
import { VIDEO_ROUTES } from "./ordered-lists.server";

// /admin/videos ('Featured Videos'): the home page carousel's videos in order. Reorder with the
// buttons or by dragging, switch a video on or off the home page, add and edit over the list
// (./video-new.tsx, ./video.tsx), delete after 'Are you sure you want to delete this video?'.

export const loader = VIDEO_ROUTES.listLoader;
export const action = VIDEO_ROUTES.listAction;

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
          <RecordTitleLink href={`${VIDEO_SCREEN.list}/${video.id}`} back={back}>
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
  return (
    <OrderedListPage
      screen={VIDEO_SCREEN}
      rows={loaderData.items}
      heading="Featured Videos"
      intro="The home page shows the active videos in this order."
      view={{ href: "/#videos", label: "View the home page" }}
      add={{ label: "Add Video", icon: <Video className="size-4" aria-hidden /> }}
      caption="Featured videos"
      columns={columns}
      itemLabel={videoName}
      emptyMessage="No videos yet: the home page leaves out its video section until you add one."
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={VIDEO_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Featured Videos | Admin | ${COMPANY_NAME}` },
];
