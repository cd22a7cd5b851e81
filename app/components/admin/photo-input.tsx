import { useEffect, useId, useState } from "react";
import { MediaImage } from "~/components/media-image";
import { CheckboxField } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { PLACEHOLDER_IMAGE, responsiveImage } from "~/lib/images";
import { cn } from "~/lib/utils";

// A photo chosen with an admin form (multipart/form-data): the current one, a file input (a
// plain one, so it works without JavaScript) and, once JavaScript runs, a preview of the file
// chosen before it is sent. `removable` adds a "Remove photo" checkbox.

export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic";

export function PhotoInput({
  name,
  label,
  current,
  currentAlt,
  error,
  hint,
  removable = false,
  placeholder = PLACEHOLDER_IMAGE,
  round = false,
}: {
  name: string;
  label: string;
  current: string | null | undefined;
  currentAlt: string;
  error?: string;
  hint?: React.ReactNode;
  removable?: boolean;
  placeholder?: string;
  round?: boolean;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    return () => {
      if (preview) URL.revokeObjectURL(preview);
    };
  }, [preview]);
  const frame = cn(
    "size-20 shrink-0 bg-slate-100 object-cover",
    round ? "rounded-full" : "rounded-md",
  );
  const describedBy = [error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap items-center gap-4">
        {preview ? (
          <img src={preview} alt="The chosen photo, not yet saved" className={frame} />
        ) : current ? (
          <MediaImage
            {...responsiveImage(current, "5rem", 320)}
            alt={currentAlt}
            whenBroken="placeholder"
            placeholder={placeholder}
            className={frame}
          />
        ) : (
          <img src={placeholder} alt="" className={frame} />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
          <input
            id={id}
            type="file"
            name={name}
            accept={PHOTO_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              const file = hydrated ? event.currentTarget.files?.[0] : undefined;
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          />
          {removable && current ? (
            <CheckboxField name="removePhoto" label="Remove the current photo" />
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint ??
          "JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB. Location data is removed from the photo."}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
