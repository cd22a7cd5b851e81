import { AdminRouteError } from "~/components/admin/admin-route-error";
import type { OrderedColumn } from "~/components/admin/ordered-list";
import { OrderedListPage } from "~/components/admin/ordered-list-screens";
import { RecordTitleLink } from "~/components/admin/record-delete";
import { SLIDE_SCREEN, slideName } from "~/components/admin/slide-form";
import { ImagePlus, Video } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { Badge } from "~/components/ui/badge";
import { responsiveImage } from "~/lib/images";
import { SLIDE_CATEGORIES, SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import type { AdminSlide } from "~/models/admin-slideshow.server";
import type { Route } from "./+types/slideshow";
import { SLIDE_ROUTES } from "./ordered-lists.server";

// /admin/slideshow ('3D Gallery' in the sidebar, 'Slideshow Gallery' here): the home page
// gallery's slides by sort order with thumbnails. Reorder with the buttons or by dragging,
// switch a slide on or off the gallery, add and edit over the list (./slide-new.tsx,
// ./slide.tsx), delete after 'Are you sure you want to delete this slide?'. The home page reads
// the table on every request, so its tabs show a change at once.

export const loader = SLIDE_ROUTES.listLoader;
export const action = SLIDE_ROUTES.listAction;

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
          <RecordTitleLink href={`${SLIDE_SCREEN.list}/${slide.id}`} back={back}>
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
  return (
    <OrderedListPage
      screen={SLIDE_SCREEN}
      rows={loaderData.items}
      heading="Slideshow Gallery"
      intro="The home page gallery shows the active slides in this order, under the Finished and Under Construction tabs."
      view={{ href: "/#gallery", label: "View the gallery" }}
      add={{ label: "Add Slide", icon: <ImagePlus className="size-4" aria-hidden /> }}
      caption="Slides"
      columns={columns}
      itemLabel={slideName}
      emptyMessage="No slides yet: the home page shows its built-in projects until you add one."
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Slideshow Gallery | Admin | ${COMPANY_NAME}` },
];
