import {
  ItemFormFrame,
  type ItemFormProps,
  type OrderedListScreen,
} from "~/components/admin/ordered-list-screens";
import { PhotoInput } from "~/components/admin/photo-input";
import { fieldBinder, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import {
  SLIDE_CATEGORIES,
  SLIDE_FIELDS,
  SLIDE_LIMITS,
  SLIDE_MEDIA_TYPES,
  SLIDE_MESSAGES,
  type SlideValues,
} from "~/lib/schemas/slide";

// The add and edit form of a gallery slide (/admin/slideshow/new, /admin/slideshow/:id): media
// by upload (a photo) or by URL (an image, a YouTube or Vimeo link, a video file), its type,
// category (finished by default), title, description, link and whether the gallery shows it.

type SlideItem = { title: string | null };

/** The slide's name in titles and labels. */
export function slideName(slide: SlideItem) {
  return slide.title || "Untitled slide";
}

export function SlideForm({ item: _stored, values, errors, ...frame }: ItemFormProps<SlideItem>) {
  const image = values.mediaType !== "video" && values.mediaUrl ? values.mediaUrl : null;
  const bind = fieldBinder<keyof SlideValues>(values, errors);
  return (
    <ItemFormFrame
      {...frame}
      multipart
      active={{ label: "Active (shown in the home page gallery)", value: values.isActive }}
      addLabel="Add Slide"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Media type"
          {...bind("mediaType", "image")}
          required
          options={SLIDE_MEDIA_TYPES}
        />
        <SelectField
          label="Category"
          {...bind("category", "finished")}
          required
          options={SLIDE_CATEGORIES}
        />
      </div>
      <TextField
        label="Media URL"
        {...bind("mediaUrl")}
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={SLIDE_LIMITS.url}
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
        {...bind("title")}
        optional
        autoComplete="off"
        maxLength={SLIDE_LIMITS.title}
      />
      <TextAreaField
        label="Description"
        {...bind("description")}
        optional
        rows={3}
        maxLength={SLIDE_LIMITS.description}
      />
      <TextField
        label="Link URL"
        {...bind("linkUrl")}
        optional
        autoComplete="off"
        maxLength={SLIDE_LIMITS.url}
        hint="Where 'View details' goes: a page of this site (/properties) or an https:// address."
      />
    </ItemFormFrame>
  );
}

/** /admin/slideshow's screens (app/components/admin/ordered-list-screens.tsx). */
export const SLIDE_SCREEN: OrderedListScreen<SlideItem> = {
  list: "/admin/slideshow",
  listLabel: "All slides",
  addTitle: "Add Slide",
  editTitle: (slide) => `Edit Slide: ${slideName(slide)}`,
  what: "this slide",
  fields: SLIDE_FIELDS,
  labels: {
    mediaType: "Media type",
    category: "Category",
    mediaUrl: "Media URL",
    title: "Title",
    description: "Description",
    linkUrl: "Link URL",
    isActive: "Active",
  },
  multipart: true,
  Form: SlideForm,
  deleteQuestion: SLIDE_MESSAGES.deleteQuestion,
  deleteDescription: () =>
    "The slide leaves the home page gallery and this list. This cannot be undone.",
  deleteSection: () => ({
    headingId: "delete-slide-heading",
    heading: "Delete slide",
    hint: "To take it out of the gallery for a while, switch Active off instead.",
    label: "Delete Slide",
  }),
};
