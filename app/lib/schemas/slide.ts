import { z } from "zod";
import { describeVideo } from "~/lib/video-url";
import { checkbox, optionalText, trimmedText } from "./fields";

// /admin/slideshow: a gallery slide's form (dashboard-and-admin §5: media URL and type required,
// 'Validation Error' / 'Media URL and type are required'; §9: category finished by default,
// media type image by default) and the screen's words (§8).

export const SLIDE_MEDIA_TYPES = [
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
] as const;
export const SLIDE_CATEGORIES = [
  { value: "finished", label: "Finished" },
  { value: "under_construction", label: "Under Construction" },
] as const;

export type SlideMediaType = (typeof SLIDE_MEDIA_TYPES)[number]["value"];
export type SlideCategory = (typeof SLIDE_CATEGORIES)[number]["value"];

export const SLIDE_LIMITS = { title: 150, description: 1000, url: 2000 } as const;

export const SLIDE_MESSAGES = {
  loadFailed: "Failed to load slideshow data",
  required: { title: "Validation Error", message: "Media URL and type are required" },
  mediaUrl: "Media URL and type are required",
  mediaType: "Media URL and type are required",
  imageUrl:
    "Please enter an image address on this site, starting with / (or upload a photo): pictures from other websites are not shown",
  videoUrl:
    "Please enter a YouTube or Vimeo link, or the address of a video file on this site (.mp4, .webm, starting with /)",
  uploadIsImage: "Only photos can be uploaded: for a video slide, paste the video's link.",
  linkUrl: "Please enter a link starting with https://, http:// or / (a page of this site)",
  category: "Please choose a category",
  addFailed: "Failed to add slide",
  updateFailed: "Failed to update slide",
  deleteFailed: "Failed to delete slide",
  reorderFailed: "Failed to reorder slides",
  deleteQuestion: "Are you sure you want to delete this slide?",
  tryAgain: "Please try again.",
} as const;

/** An http(s) URL (kept as the URL parser writes it) or a path on this site; else undefined. */
export function safeLinkUrl(value: string): string | undefined {
  if (/^\/(?![/\\])/.test(value)) return /[\s\\]/.test(value) ? undefined : value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** A path on this site ("/media/..."), never another host's address. */
function isSitePath(value: string) {
  return /^\/(?![/\\])/.test(value) && !/[\s\\]/.test(value);
}

/**
 * The stored media URL of a slide: an image is an address on this site (an upload, or a
 * /media/... path); a video is a YouTube or Vimeo link (stored as its embed form) or a video
 * file on this site. Undefined when it is neither. Pictures and clips from other hosts are
 * refused: the Content-Security-Policy (img-src, media-src 'self') would block them on the page.
 */
export function slideMediaUrl(type: SlideMediaType, value: string): string | undefined {
  if (type === "image") return isSitePath(value) ? value : undefined;
  const video = describeVideo(value);
  if (video.kind === "youtube" || video.kind === "vimeo") return video.embedUrl;
  return video.kind === "file" && isSitePath(video.src) ? video.src : undefined;
}

const choice = <const T extends readonly { value: string }[]>(options: T, message: string) =>
  trimmedText().pipe(
    z.enum(options.map((o) => o.value) as [T[number]["value"], ...T[number]["value"][]], message),
  );

/** The slide form's fields; the media itself is checked by readSlide (it needs the type). */
export function slideSchema() {
  return z.object({
    title: optionalText(SLIDE_LIMITS.title),
    description: optionalText(SLIDE_LIMITS.description),
    mediaType: choice(SLIDE_MEDIA_TYPES, SLIDE_MESSAGES.mediaType),
    mediaUrl: trimmedText().pipe(z.string().max(SLIDE_LIMITS.url, SLIDE_MESSAGES.imageUrl)),
    linkUrl: trimmedText().pipe(
      z
        .string()
        .max(SLIDE_LIMITS.url, SLIDE_MESSAGES.linkUrl)
        .refine((v) => v === "" || safeLinkUrl(v) !== undefined, SLIDE_MESSAGES.linkUrl)
        .transform((v) => (v === "" ? null : (safeLinkUrl(v) ?? null))),
    ),
    category: choice(SLIDE_CATEGORIES, SLIDE_MESSAGES.category),
    isActive: checkbox(),
  });
}

/** Where a media problem is shown: beside the URL, or beside the upload. */
type MediaIssue = { field: "mediaUrl" | "mediaType" | "photo"; message: string };

/** The media's problem, if any (every field's problems are reported together by readSlide). */
function mediaIssue(type: string, url: string, hasUpload: boolean): MediaIssue | undefined {
  if (type !== "image" && type !== "video") {
    return { field: "mediaType", message: SLIDE_MESSAGES.mediaType };
  }
  if (hasUpload) {
    return type === "image" ? undefined : { field: "photo", message: SLIDE_MESSAGES.uploadIsImage };
  }
  if (url === "") return { field: "mediaUrl", message: SLIDE_MESSAGES.mediaUrl };
  if (!slideMediaUrl(type, url)) {
    const message = type === "image" ? SLIDE_MESSAGES.imageUrl : SLIDE_MESSAGES.videoUrl;
    return { field: "mediaUrl", message };
  }
  return undefined;
}

export type SlideReading =
  | { ok: true; slide: Omit<SlideForm, "mediaUrl"> & { mediaUrl: string | null } }
  | { ok: false; fields: Record<string, string>; missingMedia: boolean };

/**
 * A posted slide. `hasUpload`: a photo came with the post, so the media URL may be empty (the
 * action puts the stored photo's address in its place: mediaUrl null here). Every field's
 * problem is reported at once; `missingMedia` says the spec's 'Media URL and type are required'
 * is the form's message.
 */
export function readSlide(values: Record<string, unknown>, hasUpload: boolean): SlideReading {
  const parsed = slideSchema().safeParse(values);
  const type = typeof values.mediaType === "string" ? values.mediaType.trim() : "";
  const url = typeof values.mediaUrl === "string" ? values.mediaUrl.trim() : "";
  const media = mediaIssue(type, url, hasUpload);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
  }
  if (media) fields[media.field] ??= media.message;
  if (!parsed.success || media) {
    const missingMedia = fields.mediaType !== undefined || (url === "" && !hasUpload);
    return { ok: false, fields, missingMedia };
  }
  const mediaUrl = hasUpload ? null : (slideMediaUrl(parsed.data.mediaType, url) ?? null);
  return { ok: true, slide: { ...parsed.data, mediaUrl } };
}

export type SlideForm = z.infer<ReturnType<typeof slideSchema>>;
export type SlideInput = Omit<SlideForm, "mediaUrl"> & { mediaUrl: string };

export const SLIDE_FIELDS = [
  "title",
  "description",
  "mediaType",
  "mediaUrl",
  "linkUrl",
  "category",
  "isActive",
] as const;
export type SlideValues = Partial<Record<(typeof SLIDE_FIELDS)[number], string>>;
