import { videos } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { MoveTarget } from "~/lib/ordered-list";
import type { VideoInput } from "~/lib/schemas/video";
import { orderedListModel } from "./ordered-list.server";

// /admin/videos ('Featured Videos'): the home page's video carousel (./video.server.ts reads the
// active ones in this order). The URL stored is always a YouTube or Vimeo embed URL
// (app/lib/schemas/video.ts). Every write is audited (video.create, .update, .delete, .move,
// .active) in the same transaction as the change (./ordered-list.server.ts).

export type AdminVideo = {
  id: string;
  title: string | null;
  description: string | null;
  videoUrl: string;
  isActive: boolean;
};

const featured = orderedListModel<AdminVideo, VideoInput>({
  table: videos,
  entity: "video",
  row: {
    id: videos.id,
    title: videos.title,
    description: videos.description,
    videoUrl: videos.videoUrl,
    isActive: videos.isActive,
  },
  formFields: ["title", "description", "videoUrl", "isActive"],
  columnsOf: (input) => ({
    title: input.title || null,
    description: input.description || null,
    videoUrl: input.videoUrl,
    isActive: input.isActive,
  }),
  // A new video's sort order is the highest existing one plus one (spec §4): it goes last.
  newPlace: "highest-plus-one",
});

export function listVideosForAdmin(_actor: AdminActor) {
  return featured.list();
}

export function getVideoForAdmin(_actor: AdminActor, id: string) {
  return featured.get(id);
}

export function createVideo(actor: AdminActor, input: VideoInput) {
  return featured.create(actor, input);
}

export function updateVideo(
  actor: AdminActor,
  id: string,
  input: VideoInput,
  expectedVersion?: string,
) {
  return featured.update(actor, id, input, expectedVersion);
}

export function deleteVideo(actor: AdminActor, id: string) {
  return featured.remove(actor, id);
}

export function moveVideo(actor: AdminActor, id: string, to: MoveTarget) {
  return featured.move(actor, id, to);
}

export function setVideoActive(actor: AdminActor, id: string, active: boolean) {
  return featured.setActive(actor, id, active);
}
