import { PhotoInput } from "~/components/admin/photo-input";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { SelectField, SwitchField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import {
  SLIDE_CATEGORIES,
  SLIDE_LIMITS,
  SLIDE_MEDIA_TYPES,
  type SlideValues,
} from "~/lib/schemas/slide";

// The add and edit form of a gallery slide (/admin/slideshow/new, /admin/slideshow/:id): media
// by upload (a photo) or by URL (an image, a YouTube or Vimeo link, a video file), its type,
// category (finished by default), title, description, link and whether the gallery shows it.

/** The form's fields with the labels it shows (the conflict panel's rows). */
export const SLIDE_FIELD_LABELS: Readonly<Record<string, string>> = {
  mediaType: "Media type",
  category: "Category",
  mediaUrl: "Media URL",
  title: "Title",
  description: "Description",
  linkUrl: "Link URL",
  isActive: "Active",
};

export function SlideForm({
  mode,
  values,
  errors,
  error,
  back,
  state,
  version,
}: {
  mode: "add" | "edit";
  values: SlideValues;
  errors: FieldErrors;
  error?: FormMessage;
  back: string;
  state: unknown;
  /** Editing: the version of the record the form was opened at. */
  version?: string;
}) {
  const intent = mode === "add" ? "create" : "update";
  const pending = useIsPending({ intent });
  const image = values.mediaType !== "video" && values.mediaUrl ? values.mediaUrl : null;
  return (
    <AdminForm
      version={version}
      method="post"
      encType="multipart/form-data"
      state={state}
      className="space-y-4"
      noValidate
    >
      <FormAlert error={error} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Media type"
          name="mediaType"
          required
          options={SLIDE_MEDIA_TYPES}
          defaultValue={values.mediaType || "image"}
          error={errors.mediaType}
        />
        <SelectField
          label="Category"
          name="category"
          required
          options={SLIDE_CATEGORIES}
          defaultValue={values.category || "finished"}
          error={errors.category}
        />
      </div>
      <TextField
        label="Media URL"
        name="mediaUrl"
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={SLIDE_LIMITS.url}
        defaultValue={values.mediaUrl}
        error={errors.mediaUrl}
        hint="A picture on this site (its /media/... address; pictures from other websites are not shown), or for a video a YouTube or Vimeo link or a video file on this site (.mp4). Leave it as it is when you upload a photo below."
      />
      <PhotoInput
        name="photo"
        label="Or upload a photo"
        current={image}
        currentAlt={values.title ? `The slide's picture: ${values.title}` : "The slide's picture"}
        error={errors.photo}
        hint="JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB; it replaces the media URL. For a video slide, paste the video's link above."
      />
      <TextField
        label="Title"
        name="title"
        optional
        autoComplete="off"
        maxLength={SLIDE_LIMITS.title}
        defaultValue={values.title}
        error={errors.title}
      />
      <TextAreaField
        label="Description"
        name="description"
        optional
        rows={3}
        maxLength={SLIDE_LIMITS.description}
        defaultValue={values.description}
        error={errors.description}
      />
      <TextField
        label="Link URL"
        name="linkUrl"
        optional
        autoComplete="off"
        maxLength={SLIDE_LIMITS.url}
        defaultValue={values.linkUrl}
        error={errors.linkUrl}
        hint="Where 'View details' goes: a page of this site (/properties) or an https:// address."
      />
      <SwitchField
        label="Active (shown in the home page gallery)"
        name="isActive"
        defaultChecked={values.isActive !== "false" && values.isActive !== ""}
      />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <SubmitButton pending={pending} pendingLabel={mode === "add" ? "Adding..." : "Saving..."}>
          {mode === "add" ? "Add Slide" : "Save Changes"}
        </SubmitButton>
        <LinkButton to={back} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}
