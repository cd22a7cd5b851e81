import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ImageUp, X } from "~/components/icons";
import { ErrorText } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { MAX_PHOTOS_PER_UPLOAD } from "~/lib/admin-properties";
import { cn } from "~/lib/utils";

// Choosing photos: a plain multiple file input that works without JavaScript, which becomes a
// drop zone with it. PhotoPicker (the Add Property form) keeps the chosen files in the form, with
// a title each, sent with the listing; PhotoUploader (the edit page) sends each file on its own
// as soon as it is chosen, with a progress bar per file, to the listing's upload endpoint.

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";
const MAX_PHOTO_MB = 10;
const MAX_BYTES = MAX_PHOTO_MB * 1024 * 1024;
export const PHOTO_HINT = `JPEG, PNG, WebP, AVIF or HEIC, up to ${MAX_PHOTO_MB} MB each, ${MAX_PHOTOS_PER_UPLOAD} at a time. Location data is removed from every photo.`;
const TOO_BIG = "Each photo must be 10 MB or smaller.";

function sizeLabel(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** The files of a drop, images only. */
function droppedImages(event: React.DragEvent) {
  return [...event.dataTransfer.files].filter((file) => file.type.startsWith("image/"));
}

function DropZone({
  active,
  onFiles,
  children,
}: {
  active: boolean;
  onFiles: (files: File[]) => void;
  children: React.ReactNode;
}) {
  const [over, setOver] = useState(false);
  if (!active) return <div className="space-y-2">{children}</div>;
  return (
    // Dropping is a shortcut for the file input inside, which stays the keyboard's way in.
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target, not a control.
    <div
      className={cn(
        "space-y-2 rounded-md border-2 border-dashed p-3 transition-colors",
        over ? "border-brand-600 bg-brand-50" : "border-slate-300",
      )}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes("Files")) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        setOver(false);
        onFiles(droppedImages(event));
      }}
    >
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <ImageUp className="size-5 text-slate-500" aria-hidden />
        Drop photos here, or choose them below.
      </p>
      {children}
    </div>
  );
}

/** Photos chosen in the Add Property form, sent with it; a title each with JavaScript. */
export function PhotoPicker({ error }: { error?: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const hintId = useId();
  const errorId = useId();

  /** Puts `next` in the input itself, so the form sends exactly what the list shows. */
  function choose(next: File[]) {
    const kept = next.filter((file) => file.size <= MAX_BYTES).slice(0, MAX_PHOTOS_PER_UPLOAD);
    setRefused(next.filter((file) => file.size > MAX_BYTES).map((f) => `${f.name}: ${TOO_BIG}`));
    const transfer = new DataTransfer();
    for (const file of kept) transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    setFiles(kept);
  }

  return (
    <div className="space-y-2">
      <label htmlFor="property-photos" className="block text-sm font-medium text-slate-700">
        Photos <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <DropZone active={hydrated} onFiles={(dropped) => choose([...files, ...dropped])}>
        <input
          ref={input}
          id="property-photos"
          type="file"
          name="photos"
          multiple
          accept={PHOTO_ACCEPT}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => choose([...(event.currentTarget.files ?? [])])}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
        />
      </DropZone>
      <p id={hintId} className="text-xs text-slate-500">
        {PHOTO_HINT} The first is the featured photo; order them after saving.
      </p>
      <ErrorText id={errorId} className="space-y-1" lines={[error ?? "", ...refused]} />
      {hydrated && files.length ? (
        <ol aria-label="Chosen photos" className="space-y-2">
          {files.map((file, index) => (
            <ChosenPhoto
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              index={index}
              onRemove={() => choose(files.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function ChosenPhoto({
  file,
  index,
  onRemove,
}: {
  file: File;
  index: number;
  onRemove: () => void;
}) {
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const titleId = useId();
  return (
    <li className="flex items-center gap-3 rounded-md border border-slate-200 p-2">
      {preview ? (
        <img src={preview} alt="" className="h-12 w-16 shrink-0 rounded object-cover" />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-sm text-slate-700">
          {index + 1}. {file.name} <span className="text-slate-500">({sizeLabel(file.size)})</span>
          {index === 0 ? <span className="text-slate-500"> · featured</span> : null}
        </p>
        <label htmlFor={titleId} className="sr-only">
          Title of {file.name}
        </label>
        <input
          id={titleId}
          name="photoTitle"
          maxLength={150}
          placeholder="Title (optional)"
          className="h-8 w-full rounded-md border border-slate-300 px-2 text-sm"
        />
      </div>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </li>
  );
}

type Upload = {
  id: number;
  name: string;
  /** 0 to 1 while sending. */
  progress: number;
  state: "waiting" | "sending" | "done" | "failed";
  message?: string;
};

/** Sends one photo; answers the server's message when it is refused. */
function sendPhoto(url: string, file: File, onProgress: (fraction: number) => void) {
  return new Promise<{ ok: true } | { ok: false; message: string }>((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { ok?: boolean; message?: string } | null;
      if (request.status === 200 && body?.ok) resolve({ ok: true });
      else
        resolve({
          ok: false,
          message: body?.message ?? `The upload failed (HTTP ${request.status}). Please try again.`,
        });
    };
    request.onerror = () =>
      resolve({ ok: false, message: "The upload failed: check the connection and try again." });
    const form = new FormData();
    form.append("photos", file);
    request.send(form);
  });
}

let uploadNumber = 0;

/**
 * The edit page's uploader. Without JavaScript: `children` (the plain upload form) does it all.
 * With it: choosing or dropping photos sends them one by one to `uploadUrl`, each with its
 * progress bar and its own answer; the list of photos reloads when they are done.
 */
export function PhotoUploader({
  uploadUrl,
  children,
}: {
  uploadUrl: string;
  children: (enhanced: { onFiles: (files: File[]) => void }) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());

  function update(id: number, change: Partial<Upload>) {
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }

  function onFiles(files: File[]) {
    const added = files.map((file) => ({ file, id: ++uploadNumber }));
    setUploads((all) => [
      ...all.filter((u) => u.state === "sending" || u.state === "waiting" || u.state === "failed"),
      ...added.map(({ file, id }) => ({
        id,
        name: file.name,
        progress: 0,
        state: "waiting" as const,
      })),
    ]);
    // One at a time: the server takes each photo in full before the next.
    for (const { file, id } of added) {
      queue.current = queue.current.then(async () => {
        if (file.size > MAX_BYTES) {
          update(id, { state: "failed", message: `${file.name}: ${TOO_BIG}` });
          return;
        }
        update(id, { state: "sending" });
        const answer = await sendPhoto(uploadUrl, file, (progress) => update(id, { progress }));
        update(
          id,
          answer.ok ? { state: "done", progress: 1 } : { state: "failed", message: answer.message },
        );
        if (answer.ok) await revalidator.revalidate();
      });
    }
  }

  return (
    <DropZone active={hydrated} onFiles={onFiles}>
      {children({ onFiles })}
      {uploads.length ? (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((upload) => (
            <li key={upload.id} className="space-y-1 text-sm">
              <div className="flex justify-between gap-2">
                <span className="truncate text-slate-700">{upload.name}</span>
                <span className={upload.state === "failed" ? "text-red-700" : "text-slate-600"}>
                  {upload.state === "waiting"
                    ? "Waiting"
                    : upload.state === "sending"
                      ? `${Math.round(upload.progress * 100)}%`
                      : upload.state === "done"
                        ? "Uploaded"
                        : "Failed"}
                </span>
              </div>
              <progress
                className="h-2 w-full overflow-hidden rounded accent-brand-700"
                max={1}
                value={upload.progress}
                aria-label={`Upload of ${upload.name}`}
              />
              <ErrorText>{upload.message}</ErrorText>
            </li>
          ))}
        </ul>
      ) : null}
    </DropZone>
  );
}
