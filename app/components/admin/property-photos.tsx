import { ArrowDown, ArrowUp } from "lucide-react";
import { Form } from "react-router";
import { MediaImage } from "~/components/media-image";
import { Button, SubmitButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { useIsPending } from "~/hooks/use-is-pending";
import { MAX_PHOTOS_PER_UPLOAD } from "~/lib/admin-properties";
import { responsiveImage } from "~/lib/images";

// A listing's photos on its edit page: upload several (a plain multiple file input, so it works
// without JavaScript), a title each, order with up/down buttons (plain posts), remove. The first
// is the featured photo and the card image.

export type PhotoRow = { id: string; mediaUrl: string; title: string | null };

export function PropertyPhotos({
  photos,
  state,
  error,
}: {
  photos: readonly PhotoRow[];
  state?: unknown;
  error?: string;
}) {
  const uploading = useIsPending({ intent: "photos-upload" });
  return (
    <section aria-labelledby="photos-heading" className="space-y-4">
      <h2 id="photos-heading" className="text-lg font-semibold text-slate-900">
        Photos
      </h2>
      {photos.length === 0 ? (
        <p className="text-sm text-slate-600">No photos yet: the site shows a placeholder.</p>
      ) : (
        <ol className="space-y-3">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="flex flex-wrap items-start gap-3 rounded-md border border-slate-200 p-2"
            >
              <MediaImage
                {...responsiveImage(photo.mediaUrl, "8rem", 480)}
                alt={photo.title ?? `Photo ${index + 1}`}
                whenBroken="placeholder"
                className="h-20 w-28 shrink-0 rounded object-cover"
              />
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Photo {index + 1}
                  {index === 0 ? " · featured" : ""}
                </p>
                <Form method="post" state={state} className="flex flex-wrap gap-2">
                  <input type="hidden" name="intent" value="photo-title" />
                  <input type="hidden" name="mediaId" value={photo.id} />
                  <label className="sr-only" htmlFor={`photo-title-${photo.id}`}>
                    Title of photo {index + 1}
                  </label>
                  <input
                    id={`photo-title-${photo.id}`}
                    name="title"
                    defaultValue={photo.title ?? ""}
                    maxLength={150}
                    placeholder="Title (optional)"
                    className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm"
                  />
                  <Button type="submit" size="xs" variant="outline">
                    Save title
                  </Button>
                </Form>
              </div>
              <div className="flex items-center gap-1">
                {(["up", "down"] as const).map((direction) => {
                  const disabled = direction === "up" ? index === 0 : index === photos.length - 1;
                  const Icon = direction === "up" ? ArrowUp : ArrowDown;
                  return (
                    <Form key={direction} method="post" state={state}>
                      <input type="hidden" name="intent" value={`photo-${direction}`} />
                      <input type="hidden" name="mediaId" value={photo.id} />
                      <Button
                        type="submit"
                        size="icon"
                        variant="outline"
                        disabled={disabled}
                        aria-label={`Move photo ${index + 1} ${direction}`}
                      >
                        <Icon className="size-4" aria-hidden />
                      </Button>
                    </Form>
                  );
                })}
                <ConfirmForm
                  fields={{ intent: "photo-remove", mediaId: photo.id }}
                  label="Remove"
                  question="Remove this photo?"
                  confirmLabel="Yes, remove"
                  pendingLabel="Removing..."
                  size="xs"
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form
        method="post"
        state={state}
        encType="multipart/form-data"
        className="space-y-2 rounded-md border border-dashed border-slate-300 p-3"
      >
        <input type="hidden" name="intent" value="photos-upload" />
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Add photos</span>
          <input
            type="file"
            name="photos"
            multiple
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
            aria-describedby="photos-hint"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
          />
        </label>
        <p id="photos-hint" className="text-xs text-slate-500">
          JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB each, {MAX_PHOTOS_PER_UPLOAD} at a time.
          Location data is removed from every photo.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <SubmitButton pending={uploading} pendingLabel="Uploading..." size="sm">
          Upload photos
        </SubmitButton>
      </Form>
    </section>
  );
}
