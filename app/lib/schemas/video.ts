import { z } from "zod";
import { normalizeVideoUrl } from "~/lib/video-url";
import { checkbox, optionalText, text } from "./fields";

// /admin/videos: a featured video's form (dashboard-and-admin §5: 'Video URL is required'; YouTube
// and Vimeo links become their embed form) and the screen's words (§8). Only YouTube and Vimeo
// are taken: their players are the only ones the site frames (app/lib/video-url.ts).

export const VIDEO_LIMITS = { title: 150, description: 1000 } as const;

export const VIDEO_MESSAGES = {
  loadFailed: "Failed to load videos data",
  required: { title: "Validation Error", message: "Video URL is required" },
  url: "Video URL is required",
  unsupported:
    "Please paste a YouTube or Vimeo link (or its embed code): other sites' players are not shown.",
  addFailed: "Failed to add video",
  updateFailed: "Failed to update video",
  deleteFailed: "Failed to delete video",
  reorderFailed: "Failed to reorder videos",
  deleteQuestion: "Are you sure you want to delete this video?",
  tryAgain: "Please try again.",
} as const;

export function videoSchema() {
  return z.object({
    title: optionalText(VIDEO_LIMITS.title),
    description: optionalText(VIDEO_LIMITS.description),
    videoUrl: text().transform((value, ctx) => {
      const video = normalizeVideoUrl(value);
      if (video.ok) return video.embedUrl;
      ctx.addIssue({
        code: "custom",
        message: video.reason === "empty" ? VIDEO_MESSAGES.url : VIDEO_MESSAGES.unsupported,
      });
      return z.NEVER;
    }),
    isActive: checkbox(),
  });
}

export type VideoInput = z.infer<ReturnType<typeof videoSchema>>;

export const VIDEO_FIELDS = ["title", "description", "videoUrl", "isActive"] as const;
export type VideoValues = Partial<Record<(typeof VIDEO_FIELDS)[number], string>>;
