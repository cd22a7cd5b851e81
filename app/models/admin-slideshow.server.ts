import { slideshowItems } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { GallerySlide } from "~/lib/home-content";
import type { MoveTarget } from "~/lib/ordered-list";
import type { SlideInput } from "~/lib/schemas/slide";
import { orderedListModel } from "./ordered-list.server";
import { GALLERY_SLIDE_COLUMNS } from "./slideshow.server";

// /admin/slideshow ('3D Gallery'): the home page's gallery slides (./slideshow.server.ts reads the
// active ones in this order). Every write is audited (slide.create, .update, .delete, .move,
// .active) in the same transaction as the change (./ordered-list.server.ts).

/** A slide as the gallery shows it, and whether it does. */
export type AdminSlide = GallerySlide & { isActive: boolean };

const slides = orderedListModel<AdminSlide, SlideInput>({
  table: slideshowItems,
  entity: "slide",
  row: { ...GALLERY_SLIDE_COLUMNS, isActive: slideshowItems.isActive },
  formFields: ["title", "description", "mediaUrl", "mediaType", "linkUrl", "category", "isActive"],
  // Every field but the sort order (spec §7); empty optional values are stored as null.
  columnsOf: (input) => ({
    title: input.title || null,
    description: input.description || null,
    mediaUrl: input.mediaUrl,
    mediaType: input.mediaType,
    linkUrl: input.linkUrl || null,
    category: input.category,
    isActive: input.isActive,
  }),
  // A new slide's sort order is the current count (spec §4): it goes last.
  newPlace: "count",
  media: "mediaUrl",
});

/** Every slide, active or not, by sort order (spec §7). */
export function listSlidesForAdmin(_actor: AdminActor) {
  return slides.list();
}

export function getSlideForAdmin(_actor: AdminActor, id: string) {
  return slides.get(id);
}

export function createSlide(actor: AdminActor, input: SlideInput) {
  return slides.create(actor, input);
}

export function updateSlide(
  actor: AdminActor,
  id: string,
  input: SlideInput,
  expectedVersion?: string,
) {
  return slides.update(actor, id, input, expectedVersion);
}

export function deleteSlide(actor: AdminActor, id: string) {
  return slides.remove(actor, id);
}

export function moveSlide(actor: AdminActor, id: string, to: MoveTarget) {
  return slides.move(actor, id, to);
}

export function setSlideActive(actor: AdminActor, id: string, active: boolean) {
  return slides.setActive(actor, id, active);
}
