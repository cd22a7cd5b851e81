import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { ArrowDown, ArrowUp, GripVertical } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { Alert, ErrorText } from "~/components/ui/alert";
import { Button, SubmitButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { responsiveImage } from "~/lib/images";
import { PHOTO_ACCEPT, PHOTO_HINT, PhotoUploader } from "./photo-drop";
import { AdminForm } from "./unsaved-changes";

// A listing's photos on its edit page: upload several (a plain multiple file input without
// JavaScript; with it, picked or dropped files go one by one with a progress bar each), add one
// by its web address, a title each, order with up/down buttons (plain posts) or, with
// JavaScript, by dragging or with the arrow keys on a photo's handle, remove. The first is the
// featured photo and the card image.

/** `version`: of the photo's title, as the page was opened (a stale title save is refused). */
export type PhotoRow = { id: string; mediaUrl: string; title: string | null; version?: string };

/** The message of a refused reorder (the fetcher's answer), if it was refused. */
function reorderError(data: unknown): string | undefined {
  if (!data || typeof data !== "object" || !("ok" in data) || data.ok !== false) return undefined;
  const error = (data as { error?: { message?: string } }).error;
  return error?.message;
}

/** The order after moving the photo at `from` to `to`. */
function moved<T>(list: readonly T[], from: number, to: number) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

export function PropertyPhotos({
  photos: stored,
  version,
  uploadUrl,
  state,
  error,
  urlError,
  notice,
}: {
  photos: readonly PhotoRow[];
  /** The version of the photos' order the page shows (reorder and move carry it). */
  version?: string;
  uploadUrl: string;
  state?: unknown;
  error?: string;
  urlError?: string;
  /** A refused change to the photos (reorder, move, title, remove), said above them. */
  notice?: string;
}) {
  const hydrated = useHydrated();
  const uploading = useIsPending({ intent: "photos-upload" });
  const adding = useIsPending({ intent: "photo-url" });
  const reorder = useFetcher();
  // The order shown: the stored one, or the one just dragged while it is being saved.
  const [photos, setPhotos] = useState(stored);
  useEffect(() => setPhotos(stored), [stored]);
  const [dragged, setDragged] = useState<number>();
  const [announcement, setAnnouncement] = useState("");

  function saveOrder(next: readonly PhotoRow[], focusId?: string) {
    setPhotos(next);
    const form = new FormData();
    form.set("intent", "photo-order");
    if (version) form.set(VERSION_FIELD, version);
    for (const photo of next) form.append("order", photo.id);
    reorder.submit(form, { method: "post" });
    if (focusId) {
      const position = next.findIndex((p) => p.id === focusId) + 1;
      setAnnouncement(`Photo moved to position ${position} of ${next.length}.`);
      requestAnimationFrame(() => document.getElementById(`photo-handle-${focusId}`)?.focus());
    }
  }
  return (
    <section aria-labelledby="photos-heading" className="space-y-4">
      <h2 id="photos-heading" className="text-lg font-semibold text-slate-900">
        Photos
      </h2>
      {(notice ?? reorderError(reorder.data)) ? (
        <Alert tone="warning" role="alert">
          <p className="text-sm">{notice ?? reorderError(reorder.data)}</p>
        </Alert>
      ) : null}
      {photos.length === 0 ? (
        <p className="text-sm text-slate-600">No photos yet: the site shows a placeholder.</p>
      ) : (
        <ol aria-label="Photos of this listing" className="space-y-3">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className={
                dragged === index
                  ? "flex flex-wrap items-start gap-3 rounded-md border border-brand-600 bg-brand-50 p-2"
                  : "flex flex-wrap items-start gap-3 rounded-md border border-slate-200 p-2"
              }
              draggable={hydrated}
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", photo.id);
              }}
              onDragOver={(event) => {
                if (dragged === undefined) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged === undefined) return;
                event.preventDefault();
                if (dragged !== index) saveOrder(moved(photos, dragged, index));
                setDragged(undefined);
              }}
              onDragEnd={() => setDragged(undefined)}
            >
              {hydrated ? (
                <button
                  type="button"
                  id={`photo-handle-${photo.id}`}
                  className="cursor-grab self-center rounded p-1 text-slate-500 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-600"
                  aria-label={`Reorder photo ${index + 1}`}
                  aria-describedby="photo-reorder-help"
                  onKeyDown={(event) => {
                    const to =
                      event.key === "ArrowUp"
                        ? index - 1
                        : event.key === "ArrowDown"
                          ? index + 1
                          : -1;
                    if (to < 0 || to >= photos.length) return;
                    event.preventDefault();
                    saveOrder(moved(photos, index, to), photo.id);
                  }}
                >
                  <GripVertical className="size-5" aria-hidden />
                </button>
              ) : null}
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
                <AdminForm
                  method="post"
                  state={state}
                  version={photo.version}
                  className="flex flex-wrap gap-2"
                  intent="photo-title"
                >
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
                </AdminForm>
              </div>
              <div className="flex items-center gap-1">
                {(["up", "down"] as const).map((direction) => {
                  const disabled = direction === "up" ? index === 0 : index === photos.length - 1;
                  const Icon = direction === "up" ? ArrowUp : ArrowDown;
                  return (
                    <Form key={direction} method="post" state={state}>
                      <input type="hidden" name="intent" value={`photo-${direction}`} />
                      {version ? (
                        <input type="hidden" name={VERSION_FIELD} value={version} />
                      ) : null}
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
      {hydrated && photos.length > 1 ? (
        <p id="photo-reorder-help" className="text-xs text-slate-500">
          Drag a photo to reorder it, or focus its handle and press the up or down arrow key.
        </p>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <PhotoUploader uploadUrl={uploadUrl}>
        {({ onFiles }) => (
          <Form method="post" state={state} encType="multipart/form-data" className="space-y-2">
            <input type="hidden" name="intent" value="photos-upload" />
            <label className="block text-sm">
              <span className="mb-1 block font-medium text-slate-700">Add photos</span>
              <input
                type="file"
                name="photos"
                multiple
                accept={PHOTO_ACCEPT}
                aria-describedby="photos-hint"
                onChange={
                  hydrated
                    ? (event) => {
                        const files = [...(event.currentTarget.files ?? [])];
                        event.currentTarget.value = "";
                        onFiles(files);
                      }
                    : undefined
                }
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
              />
            </label>
            <p id="photos-hint" className="text-xs text-slate-500">
              {PHOTO_HINT}
              {hydrated ? " Each photo is uploaded as soon as it is chosen." : ""}
            </p>
            <ErrorText>{error}</ErrorText>
            {hydrated ? null : (
              <SubmitButton pending={uploading} pendingLabel="Uploading..." size="sm">
                Upload photos
              </SubmitButton>
            )}
          </Form>
        )}
      </PhotoUploader>
      <Form method="post" state={state} className="space-y-2">
        <input type="hidden" name="intent" value="photo-url" />
        <div className="grid gap-2 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">
              Add a photo by its address
            </span>
            <input
              type="url"
              name="photoUrl"
              required
              placeholder="https://..."
              aria-describedby="photo-url-hint"
              aria-invalid={urlError ? true : undefined}
              className="h-10 w-full rounded-md border border-slate-300 px-2 text-sm"
            />
          </label>
          <label className="block text-sm">
            <span className="mb-1 block font-medium text-slate-700">Title (optional)</span>
            <input
              name="title"
              maxLength={150}
              className="h-10 w-full rounded-md border border-slate-300 px-2 text-sm"
            />
          </label>
          <SubmitButton pending={adding} pendingLabel="Adding..." size="sm" variant="outline">
            Add by URL
          </SubmitButton>
        </div>
        <p id="photo-url-hint" className="text-xs text-slate-500">
          A photo on a public website is downloaded and checked like an upload; a photo already on
          this site is reused.
        </p>
        <ErrorText>{urlError}</ErrorText>
      </Form>
    </section>
  );
}
