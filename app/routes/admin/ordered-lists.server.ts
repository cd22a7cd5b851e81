import { fieldErrorsOf } from "~/lib/schemas/fields";
import { readSlide, SLIDE_FIELDS, SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { TEAM_FIELDS, TEAM_MESSAGES, teamMemberSchema } from "~/lib/schemas/team";
import { VIDEO_FIELDS, VIDEO_MESSAGES, videoSchema } from "~/lib/schemas/video";
import * as slides from "~/models/admin-slideshow.server";
import * as team from "~/models/admin-team.server";
import * as videos from "~/models/admin-videos.server";
import { orderedListRoutes } from "./ordered-list-routes.server";

// The three ordered-list screens, each bound once to its model, its form's checks, the spec's
// words (dashboard-and-admin §5, §8) and its toasts. Their routes export these loaders and
// actions; the screens themselves are app/components/admin/ordered-list-screens.tsx.

/**
 * /admin/team: name and position required ('Name and position are required'), a photo, and the
 * staff account the member is (issue 21), chosen from the active staff accounts.
 */
export const TEAM_ROUTES = orderedListRoutes({
  list: "/admin/team",
  model: {
    list: team.listTeamMembersForAdmin,
    get: team.getTeamMemberForAdmin,
    create: team.createTeamMember,
    update: team.updateTeamMember,
    remove: team.deleteTeamMember,
    move: team.moveTeamMember,
    setActive: team.setTeamMemberActive,
  },
  fields: TEAM_FIELDS,
  photo: true,
  check(form) {
    const parsed = teamMemberSchema().safeParse(Object.fromEntries(form));
    if (parsed.success) return { ok: true, checked: parsed.data };
    const fields = fieldErrorsOf(parsed.error);
    return { ok: false, fields, required: Boolean(fields.name || fields.position) };
  },
  // A new photo replaces the stored one; "Remove photo" (or none on a new member) leaves none.
  inputOf: ({ removePhoto, ...member }, photoUrl, stored) => ({
    ...member,
    imageUrl: photoUrl ?? (removePhoto || !stored ? null : stored.imageUrl),
  }),
  messages: TEAM_MESSAGES,
  flash: {
    added: "teamMemberAdded",
    updated: "teamMemberUpdated",
    deleted: "teamMemberDeleted",
    deleteFailed: "teamMemberDeleteFailed",
    reorderFailed: "teamReorderFailed",
  },
  log: { one: "a team member", all: "the team members" },
  formOptions: async (actor, member) => ({
    staffAccounts: await team.listStaffAccountsForTeam(actor, member?.userId),
  }),
});

/** /admin/slideshow: 'Media URL and type are required'; an uploaded photo wins over a URL. */
export const SLIDE_ROUTES = orderedListRoutes({
  list: "/admin/slideshow",
  model: {
    list: slides.listSlidesForAdmin,
    get: slides.getSlideForAdmin,
    create: slides.createSlide,
    update: slides.updateSlide,
    remove: slides.deleteSlide,
    move: slides.moveSlide,
    setActive: slides.setSlideActive,
  },
  fields: SLIDE_FIELDS,
  photo: true,
  check(_form, values, hasUpload) {
    const read = readSlide(values, hasUpload);
    if (read.ok) return { ok: true, checked: read.slide };
    return { ok: false, fields: read.fields, required: read.missingMedia };
  },
  inputOf(slide, photoUrl) {
    const mediaUrl = photoUrl ?? slide.mediaUrl;
    if (!mediaUrl) throw new Error("a checked slide has a media URL or an upload");
    return { ...slide, mediaUrl };
  },
  messages: SLIDE_MESSAGES,
  flash: {
    added: "slideAdded",
    updated: "slideUpdated",
    deleted: "slideDeleted",
    deleteFailed: "slideDeleteFailed",
    reorderFailed: "slidesReorderFailed",
  },
  log: { one: "a slide", all: "the slideshow" },
});

/** /admin/videos: 'Video URL is required'; a YouTube or Vimeo link is stored as its embed URL. */
export const VIDEO_ROUTES = orderedListRoutes({
  list: "/admin/videos",
  model: {
    list: videos.listVideosForAdmin,
    get: videos.getVideoForAdmin,
    create: videos.createVideo,
    update: videos.updateVideo,
    remove: videos.deleteVideo,
    move: videos.moveVideo,
    setActive: videos.setVideoActive,
  },
  fields: VIDEO_FIELDS,
  photo: false,
  check(form) {
    const parsed = videoSchema().safeParse(Object.fromEntries(form));
    if (parsed.success) return { ok: true, checked: parsed.data };
    const fields = fieldErrorsOf(parsed.error);
    return { ok: false, fields, required: fields.videoUrl === VIDEO_MESSAGES.url };
  },
  inputOf: (video) => video,
  messages: VIDEO_MESSAGES,
  flash: {
    added: "videoAdded",
    updated: "videoUpdated",
    deleted: "videoDeleted",
    deleteFailed: "videoDeleteFailed",
    reorderFailed: "videosReorderFailed",
  },
  log: { one: "a video", all: "the videos" },
});
