import { useState } from "react";
import { Form } from "react-router";
import { HeroText } from "~/components/home/hero";
import { AboutText, ContactText, ServicesText } from "~/components/home/home-teasers";
import { ArrowDown, ArrowUp } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { Button, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { fieldBinder, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import type { HomeContent } from "~/lib/home-content";
import { responsiveImage } from "~/lib/images";
import {
  EDITOR_MESSAGES,
  HOME_SECTIONS,
  HOME_TEXT_LIMITS,
  type HomeSection,
  MAX_HERO_IMAGES,
} from "~/lib/schemas/site-content";
import { EditConflictPanel } from "./edit-conflict-panel";
import { AdminForm } from "./unsaved-changes";

// The parts of /website-editor: one form per home-page section with a live preview beside it
// (the home page's own text components, so the preview is what the page will show, as text),
// and the hero backgrounds as a thumbnail grid with upload, order and remove. Every form is a
// plain POST; without JavaScript the preview shows what is saved.

const PAGE = "/website-editor";

type Failure = ActionFailure<Record<string, string>> | undefined;
type Texts = { title: string; subtitle: string; description: string };

const SECTION_LABELS = { title: "Title", subtitle: "Subtitle", description: "Description" };

const SECTION_HINTS: Record<HomeSection, string> = {
  hero: "The big banner at the top of the home page, over the background pictures.",
  about: "The About block: the title is the small label, the subtitle the heading.",
  services: "The heading above the three service cards.",
  contact: "The closing block with the phone number, e-mail and WhatsApp buttons.",
};

export function textsOf(content: HomeContent, section: HomeSection): Texts {
  return {
    title: content[`${section}_title`],
    subtitle: content[`${section}_subtitle`],
    description: content[`${section}_description`],
  };
}

/** The reverse of textsOf: the texts under the content keys the section's component reads. */
function contentOf<S extends HomeSection>(section: S, texts: Texts) {
  return {
    [`${section}_title`]: texts.title,
    [`${section}_subtitle`]: texts.subtitle,
    [`${section}_description`]: texts.description,
  } as Pick<HomeContent, `${S}_title` | `${S}_subtitle` | `${S}_description`>;
}

export function SectionEditor({
  section,
  saved,
  version,
  failure,
  previewImage,
}: {
  section: HomeSection;
  saved: Texts;
  /** The version of the section's texts the form was opened at. */
  version: string;
  failure: Failure;
  previewImage: string;
}) {
  const label = HOME_SECTIONS.find((s) => s.id === section)?.label ?? section;
  // After a conflict the form shows the texts as they are now; after a refusal, what was typed.
  const typed = failure?.conflict ? undefined : failure?.values;
  const initial: Texts = {
    title: typed?.title ?? saved.title,
    subtitle: typed?.subtitle ?? saved.subtitle,
    description: typed?.description ?? saved.description,
  };
  // What the preview shows: the fields as they are typed (with JavaScript).
  const [texts, setTexts] = useState(initial);
  const pending = useIsPending({ intent: "save", match: { section } });
  const headingId = `section-${section}-heading`;
  const bind = fieldBinder(initial, failure?.fields ?? {});
  // A text's field: its name, value and error, and the preview follows what is typed.
  const text = (field: keyof Texts) => ({
    ...bind(field),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setTexts((previous) => ({ ...previous, [field]: value }));
    },
  });
  return (
    <Card as="section" aria-labelledby={headingId} id={section}>
      <CardTitle id={headingId}>{label} Section</CardTitle>
      <CardDescription>{SECTION_HINTS[section]}</CardDescription>
      {failure?.conflict ? (
        <div className="mt-4">
          <EditConflictPanel
            conflict={failure.conflict}
            labels={SECTION_LABELS}
            what={`the ${label} section`}
            action={PAGE}
          />
        </div>
      ) : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <AdminForm
          method="post"
          action={PAGE}
          version={version}
          className="space-y-4"
          noValidate
          preventScrollReset
          error={failure?.error}
          intent="save"
        >
          <input type="hidden" name="section" value={section} />
          <TextField label="Title" {...text("title")} required maxLength={HOME_TEXT_LIMITS.title} />
          <TextField
            label="Subtitle"
            {...text("subtitle")}
            optional
            maxLength={HOME_TEXT_LIMITS.subtitle}
          />
          <TextAreaField
            label="Description"
            {...text("description")}
            optional
            rows={4}
            maxLength={HOME_TEXT_LIMITS.description}
            hint="Plain text; a blank line starts a new paragraph line."
          />
          <SubmitButton pending={pending} pendingLabel="Saving...">
            Save {label}
          </SubmitButton>
        </AdminForm>
        <SectionPreview section={section} texts={texts} image={previewImage} label={label} />
      </div>
    </Card>
  );
}

function SectionPreview({
  section,
  texts,
  image,
  label,
}: {
  section: HomeSection;
  texts: Texts;
  image: string;
  label: string;
}) {
  let body: React.ReactNode;
  if (section === "hero") {
    body = (
      <div className="relative isolate overflow-hidden rounded-lg bg-brand-900 px-4 py-10 text-center text-white">
        <MediaImage
          {...responsiveImage(image, "(min-width: 1024px) 40vw, 90vw", 960)}
          alt=""
          whenBroken="hide"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/70 via-slate-950/55 to-slate-950/75" />
        <HeroText headingAs="p" content={contentOf("hero", texts)} />
      </div>
    );
  } else if (section === "about") {
    body = (
      <div className="rounded-lg bg-white p-4">
        <AboutText headingAs="p" content={contentOf("about", texts)} />
      </div>
    );
  } else if (section === "services") {
    body = (
      <div className="rounded-lg bg-slate-50 p-4">
        <ServicesText headingAs="p" content={contentOf("services", texts)} />
      </div>
    );
  } else {
    body = (
      <div className="rounded-lg bg-brand-800 p-6 text-center text-white">
        <ContactText headingAs="p" content={contentOf("contact", texts)} />
      </div>
    );
  }
  return (
    <figure className="space-y-2">
      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Preview
      </figcaption>
      {/* Announced as a region so a screen reader can find it; updated as the fields change. */}
      <section
        aria-label={`Preview of the ${label} section`}
        data-testid={`preview-${section}`}
        className="rounded-lg border border-slate-200 bg-slate-100 p-2"
      >
        {body}
      </section>
    </figure>
  );
}

export type HeroImageRow = { id: string; mediaUrl: string; builtIn: boolean };

export function HeroImagesPanel({
  images,
  failure,
}: {
  images: readonly HeroImageRow[];
  failure: Failure;
}) {
  const uploading = useIsPending({ intent: "image-upload" });
  const full = images.length >= MAX_HERO_IMAGES;
  return (
    <Card as="section" aria-labelledby="images-heading" id="images">
      <CardTitle id="images-heading">Hero Background Images</CardTitle>
      <CardDescription>
        The pictures behind the home page's hero, shown in this order (the first loads with the
        page). An upload joins the set at the end; move or remove any picture, the built-in ones
        too. Wide photos work best: at least 1920 pixels across.
      </CardDescription>
      {failure && failure.intent !== "image-upload" ? (
        <div className="mt-4">
          <FormAlert error={failure.error} />
        </div>
      ) : null}
      <ol
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        aria-label="Background pictures"
      >
        {images.map((image, index) => (
          <li
            key={image.id}
            className="space-y-2 rounded-md border border-slate-200 p-2"
            data-testid="hero-image"
            data-url={image.mediaUrl}
          >
            <MediaImage
              {...responsiveImage(image.mediaUrl, "(min-width: 1024px) 14rem, 45vw", 480)}
              alt={`Background picture ${index + 1}${image.builtIn ? " (built-in)" : ""}`}
              whenBroken="placeholder"
              className="aspect-video w-full rounded object-cover"
            />
            <p className="text-xs text-slate-500">
              {index + 1}. {image.builtIn ? "Built-in picture" : "Uploaded picture"}
            </p>
            <div className="flex flex-wrap items-center gap-1">
              {(["up", "down"] as const).map((direction) => {
                const disabled = direction === "up" ? index === 0 : index === images.length - 1;
                const Icon = direction === "up" ? ArrowUp : ArrowDown;
                return (
                  <Form key={direction} method="post" action={PAGE} preventScrollReset>
                    <input type="hidden" name="intent" value={`image-${direction}`} />
                    <input type="hidden" name="id" value={image.id} />
                    <Button
                      type="submit"
                      size="icon"
                      variant="outline"
                      disabled={disabled}
                      aria-label={`Move picture ${index + 1} ${direction === "up" ? "earlier" : "later"}`}
                    >
                      <Icon className="size-4" aria-hidden />
                    </Button>
                  </Form>
                );
              })}
              {images.length > 1 ? (
                <ConfirmForm
                  action={PAGE}
                  fields={{ intent: "image-remove", id: image.id }}
                  label={
                    <>
                      Remove<span className="sr-only"> picture {index + 1}</span>
                    </>
                  }
                  question={EDITOR_MESSAGES.confirmRemove}
                  confirmLabel="Yes, remove"
                  pendingLabel="Removing..."
                  size="xs"
                />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <Form
        method="post"
        action={PAGE}
        encType="multipart/form-data"
        className="mt-4 space-y-2 rounded-md border border-dashed border-slate-300 p-3"
        preventScrollReset
      >
        <FormAlert error={failure?.intent === "image-upload" ? failure.error : undefined} />
        <input type="hidden" name="intent" value="image-upload" />
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-700">Upload a picture</span>
          <input
            type="file"
            name="image"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic"
            aria-describedby="image-hint"
            disabled={full}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
          />
        </label>
        <p id="image-hint" className="text-xs text-slate-500">
          {full
            ? EDITOR_MESSAGES.tooManyImages
            : `JPEG, PNG, WebP, AVIF or HEIC, up to 10 MB; at most ${MAX_HERO_IMAGES} pictures. Location data is removed.`}
        </p>
        <SubmitButton pending={uploading} pendingLabel="Uploading..." size="sm" disabled={full}>
          Upload Image
        </SubmitButton>
      </Form>
    </Card>
  );
}
