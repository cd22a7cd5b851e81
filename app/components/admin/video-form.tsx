import { useState } from "react";
import {
  ItemFormFrame,
  type ItemFormProps,
  type OrderedListScreen,
} from "~/components/admin/ordered-list-screens";
import { LiteVideo } from "~/components/home/lite-video";
import { fieldBinder, TextAreaField, TextField } from "~/components/ui/field";
import { VIDEO_FIELDS, VIDEO_LIMITS, VIDEO_MESSAGES, type VideoValues } from "~/lib/schemas/video";
import { normalizeVideoUrl, VIDEO_INPUT_MAX_LENGTH } from "~/lib/video-url";

// The add and edit form of a featured video (/admin/videos/new, /admin/videos/:id): title,
// description and the link (a YouTube or Vimeo link, or its embed code), with a preview of the
// player as the home page will show it. The preview follows what is typed once JavaScript runs;
// it is the same lite embed as the home page (nothing loads from YouTube or Vimeo until play).

type VideoItem = { title: string | null };

/** The video's name in titles and labels. */
export function videoName(video: VideoItem) {
  return video.title || "Untitled video";
}

export function VideoForm({ item: _stored, values, errors, ...frame }: ItemFormProps<VideoItem>) {
  const [url, setUrl] = useState(values.videoUrl ?? "");
  const [title, setTitle] = useState(values.title ?? "");
  const video = normalizeVideoUrl(url);
  const bind = fieldBinder<keyof VideoValues>(values, errors);
  return (
    <ItemFormFrame
      {...frame}
      multipart={false}
      active={{ label: "Active (shown on the home page)", value: values.isActive }}
      addLabel="Add Video"
    >
      <TextAreaField
        label="Video URL"
        name="videoUrl"
        required
        rows={3}
        maxLength={VIDEO_INPUT_MAX_LENGTH}
        spellCheck={false}
        autoComplete="off"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={errors.videoUrl}
        hint="A YouTube link (watch, youtu.be, Shorts or embed) or a Vimeo link, or the whole embed code: it is saved as the player's address."
      />
      <section aria-labelledby="video-preview-heading" className="space-y-2">
        <h3 id="video-preview-heading" className="text-sm font-medium text-slate-800">
          Preview
        </h3>
        {video.ok ? (
          <div className="max-w-md space-y-1">
            <LiteVideo url={video.embedUrl} title={title.trim() || "Featured video"} />
            <p className="break-all text-xs text-slate-600">
              Saved as <span className="font-mono">{video.embedUrl}</span>
            </p>
          </div>
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            {url.trim() === ""
              ? "Paste a YouTube or Vimeo link to see the player here."
              : VIDEO_MESSAGES.unsupported}
          </p>
        )}
      </section>
      <TextField
        label="Title"
        name="title"
        optional
        autoComplete="off"
        maxLength={VIDEO_LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        {...bind("description")}
        optional
        rows={3}
        maxLength={VIDEO_LIMITS.description}
      />
    </ItemFormFrame>
  );
}

/** /admin/videos' screens (app/components/admin/ordered-list-screens.tsx). */
export const VIDEO_SCREEN: OrderedListScreen<VideoItem> = {
  list: "/admin/videos",
  listLabel: "All videos",
  addTitle: "Add Video",
  editTitle: (video) => `Edit Video: ${videoName(video)}`,
  what: "this video",
  fields: VIDEO_FIELDS,
  labels: {
    videoUrl: "Video URL",
    title: "Title",
    description: "Description",
    isActive: "Active",
  },
  multipart: false,
  Form: VideoForm,
  deleteQuestion: VIDEO_MESSAGES.deleteQuestion,
  deleteDescription: () => "The video leaves the home page and this list. This cannot be undone.",
  deleteSection: () => ({
    headingId: "delete-video-heading",
    heading: "Delete video",
    hint: "To take it off the home page for a while, switch Active off instead.",
    label: "Delete Video",
  }),
};
