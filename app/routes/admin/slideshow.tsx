import { ExternalLink, ImagePlus, Video } from "lucide-react";
import { data } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { type OrderedColumn, OrderedTable } from "~/components/admin/ordered-list";
import { RecordRowActions, RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { MediaImage } from "~/components/media-image";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { badRequest } from "~/lib/http.server";
import { responsiveImage } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import { orderedListAction } from "~/lib/ordered-list-action.server";
import { readForm } from "~/lib/read-form.server";
import { SLIDE_CATEGORIES, SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import {
  type AdminSlide,
  listSlidesForAdmin,
  moveSlide,
  setSlideActive,
} from "~/models/admin-slideshow.server";
import type { Route } from "./+types/slideshow";

// /admin/slideshow ('3D Gallery' in the sidebar, 'Slideshow Gallery' here): the home page
// gallery's slides by sort order with thumbnails. Reorder with the buttons or by dragging,
// switch a slide on or off the gallery, add and edit over the list (./slide-new.tsx,
// ./slide.tsx), delete after 'Are you sure you want to delete this slide?'. The home page reads
// the table on every request, so its tabs show a change at once.

const LIST = "/admin/slideshow";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  try {
    return { slides: await listSlidesForAdmin(actor) };
  } catch (error) {
    logger.error({ err: error }, "Could not load the slideshow");
    throw data(SLIDE_MESSAGES.loadFailed, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const answer = await orderedListAction(form, {
    list: LIST,
    move: (id, to) => moveSlide(actor, id, to),
    setActive: (id, active) => setSlideActive(actor, id, active),
    flash: { updated: "slideUpdated", reorderFailed: "slidesReorderFailed" },
    messages: {
      reorderFailed: SLIDE_MESSAGES.reorderFailed,
      updateFailed: SLIDE_MESSAGES.updateFailed,
    },
  });
  return answer ?? badRequest({ error: { title: "Error", message: "Unknown action." } });
}

function slideName(slide: AdminSlide) {
  return slide.title || "Untitled slide";
}

const CATEGORY_LABEL = Object.fromEntries(SLIDE_CATEGORIES.map((c) => [c.value, c.label]));

function columns(back: string): readonly OrderedColumn<AdminSlide>[] {
  return [
    {
      id: "media",
      header: "Media",
      cell: (slide) =>
        slide.mediaType === "image" ? (
          <MediaImage
            {...responsiveImage(slide.mediaUrl, "6rem", 320)}
            alt=""
            whenBroken="placeholder"
            width={96}
            height={54}
            loading="lazy"
            className="h-14 w-24 rounded bg-slate-100 object-cover"
          />
        ) : (
          <span className="flex h-14 w-24 items-center justify-center gap-1 rounded bg-slate-800 text-xs font-medium text-white">
            <Video className="size-4" aria-hidden />
            Video
          </span>
        ),
    },
    {
      id: "title",
      header: "Title",
      rowHeader: true,
      cell: (slide) => (
        <div className="space-y-0.5">
          <RecordTitleLink href={`${LIST}/${slide.id}`} back={back}>
            {slideName(slide)}
          </RecordTitleLink>
          {slide.description ? (
            <div className="line-clamp-2 max-w-md text-xs font-normal text-slate-600">
              {slide.description}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      id: "category",
      header: "Category",
      cell: (slide) => (
        <Badge
          tone={slide.category === "finished" ? "green" : "yellow"}
          className="whitespace-nowrap"
        >
          {CATEGORY_LABEL[slide.category]}
        </Badge>
      ),
    },
    {
      id: "type",
      header: "Type",
      cell: (slide) => (slide.mediaType === "image" ? "Image" : "Video"),
    },
    {
      id: "link",
      header: "Link",
      className: "break-all",
      cell: (slide) => slide.linkUrl || <span className="text-slate-500">-</span>,
    },
  ];
}

export default function AdminSlideshowPage({ loaderData }: Route.ComponentProps) {
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  const { slides } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Slideshow Gallery</h1>
          <p className="mt-1 text-slate-600">
            The home page gallery shows the active slides in this order, under the Finished and
            Under Construction tabs.{" "}
            <a
              href="/#gallery"
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              View the gallery
              <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <LinkButton to={`${LIST}/new`} state={{ back }} size="md">
          <ImagePlus className="size-4" aria-hidden />
          Add Slide
        </LinkButton>
      </div>
      <OrderedTable
        caption="Slides"
        rows={slides}
        columns={columns(back)}
        itemLabel={slideName}
        actions={(slide) => (
          <RecordRowActions
            href={`${LIST}/${slide.id}`}
            name={slideName(slide)}
            back={back}
            question={SLIDE_MESSAGES.deleteQuestion}
            description="The slide leaves the home page gallery and this list. This cannot be undone."
          />
        )}
        action={LIST}
        back={back}
        emptyMessage="No slides yet: the home page shows its built-in projects until you add one."
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Slideshow Gallery | Admin | ${COMPANY_NAME}` },
];
