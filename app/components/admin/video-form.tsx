import { useState } from "react";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { LiteVideo } from "~/components/home/lite-video";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { SwitchField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import { VIDEO_LIMITS, VIDEO_MESSAGES, type VideoValues } from "~/lib/schemas/video";
import { normalizeVideoUrl, VIDEO_INPUT_MAX_LENGTH } from "~/lib/video-url";

// The add and edit form of a featured video (/admin/videos/new, /admin/videos/:id): title,
// description and the link (a YouTube or Vimeo link, or its embed code), with a preview of the
// player as the home page will show it. The preview follows what is typed once JavaScript runs;
// it is the same lite embed as the home page (nothing loads from YouTube or Vimeo until play).

/** The form's fields with the labels it shows (the conflict panel's rows). */
export const VIDEO_FIELD_LABELS: Readonly<Record<string, string>> = {
  videoUrl: "Video URL",
  title: "Title",
  description: "Description",
  isActive: "Active",
};

export function VideoForm({
  mode,
  values,
  errors,
  error,
  back,
  state,
  version,
}: {
  mode: "add" | "edit";
  values: VideoValues;
  errors: FieldErrors;
  error?: FormMessage;
  back: string;
  state: unknown;
  /** Editing: the version of the record the form was opened at. */
  version?: string;
}) {
  const intent = mode === "add" ? "create" : "update";
  const pending = useIsPending({ intent });
  const [url, setUrl] = useState(values.videoUrl ?? "");
  const [title, setTitle] = useState(values.title ?? "");
  const video = normalizeVideoUrl(url);
  return (
    <AdminForm version={version} method="post" state={state} className="space-y-4" noValidate>
      <FormAlert error={error} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
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
        name="description"
        optional
        rows={3}
        maxLength={VIDEO_LIMITS.description}
        defaultValue={values.description}
        error={errors.description}
      />
      <SwitchField
        label="Active (shown on the home page)"
        name="isActive"
        defaultChecked={values.isActive !== "false" && values.isActive !== ""}
      />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <SubmitButton pending={pending} pendingLabel={mode === "add" ? "Adding..." : "Saving..."}>
          {mode === "add" ? "Add Video" : "Save Changes"}
        </SubmitButton>
        <LinkButton to={back} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}
