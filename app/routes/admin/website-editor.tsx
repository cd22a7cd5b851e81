import { useRouteLoaderData } from "react-router";
import { adminMiddleware, requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { HeroImagesPanel, SectionEditor, textsOf } from "~/components/admin/website-editor-parts";
import { ResultNotice } from "~/components/dashboard/result-toast";
import { LinkButton } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { isThrownResponse, saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import type { Flash } from "~/lib/flash";
import { HERO_IMAGES, resolveHomeContent } from "~/lib/home-content";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  EDITOR_MESSAGES,
  HOME_SECTIONS,
  type HomeSection,
  homeSectionSchema,
  isHomeSection,
} from "~/lib/schemas/site-content";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { acceptPhoto } from "~/media/images.server";
import {
  addHeroImage,
  getHomeContentForAdmin,
  homeSectionVersion,
  listHeroImagesForAdmin,
  moveHeroImage,
  removeHeroImage,
  updateHomeSection,
} from "~/models/admin-site-content.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import { ONE_PHOTO_FORM_BYTES } from "~/routes/admin/admin-photo.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/website-editor";

// /website-editor (spec: dashboard-and-admin §2, §7, §8): the home page's Hero, About, Services
// and Contact texts, each a title, subtitle and description with a live preview, and the hero
// background pictures (uploaded through app/media, re-encoded, EXIF removed). Admins only,
// like /admin/*: checked before the loader runs and again in every handler. The texts are
// stored as plain text and rendered by React as text, never as HTML.

const PAGE = "/website-editor";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the website content", EDITOR_MESSAGES.loadFailed, async () => {
    const [stored, images] = await Promise.all([
      getHomeContentForAdmin(actor),
      listHeroImagesForAdmin(actor),
    ]);
    const content = resolveHomeContent(stored);
    return {
      content,
      // Each section's form carries the texts it opens with: the base of a merge (issue 42).
      versions: Object.fromEntries(
        HOME_SECTIONS.map(({ id }) => [
          id,
          versionToken(homeSectionVersion(stored, id), textsOf(content, id)),
        ]),
      ) as Record<HomeSection, string>,
      // The hero's set in order, the built-in pictures included (see listHeroImagesForAdmin).
      images,
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const length = Number(args.request.headers.get("content-length") ?? 0);
  if (length > ONE_PHOTO_FORM_BYTES) {
    const message = "Each photo must be 10 MB or smaller.";
    return failed(413, {
      intent: "image-upload",
      error: { title: EDITOR_MESSAGES.uploadFailed, message },
    });
  }
  const form = await readForm(args.request, { maxBytes: ONE_PHOTO_FORM_BYTES });
  const intent = String(form.get("intent") ?? "");
  if (intent === "save") return saveSection(actor, form);
  if (intent === "image-upload") return uploadImage(actor, form);
  if (intent === "image-remove") return removeImage(actor, form);
  if (intent === "image-up" || intent === "image-down") return moveImage(actor, form, intent);
  return unknownIntent();
}

async function saveSection(actor: AdminActor, form: FormData) {
  const intent = "save";
  const section = form.get("section");
  if (!isHomeSection(section)) notFound();
  const values = {
    section,
    title: String(form.get("title") ?? ""),
    subtitle: String(form.get("subtitle") ?? ""),
    description: String(form.get("description") ?? ""),
  };
  const saved = await saveMerging({
    form,
    fields: { title: "text", subtitle: "text", description: "text" },
    save: async (merged, version) => {
      const texts = {
        section,
        title: String(merged.get("title") ?? ""),
        subtitle: String(merged.get("subtitle") ?? ""),
        description: String(merged.get("description") ?? ""),
      };
      const parsed = homeSectionSchema().safeParse(texts);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        const message = Object.values(fields)[0] ?? EDITOR_MESSAGES.titleMissing;
        const error = { title: EDITOR_MESSAGES.updateFailed, message };
        return badRequest({ intent, error, fields, values: texts });
      }
      return updateHomeSection(actor, section, parsed.data, version);
    },
    current: async () => {
      const stored = await getHomeContentForAdmin(actor);
      return {
        version: homeSectionVersion(stored, section),
        values: textsOf(resolveHomeContent(stored), section),
      };
    },
    extra: { intent, values: { section } },
  }).catch((error: unknown) => {
    if (isThrownResponse(error)) throw error;
    logger.error({ err: error, section }, "Saving website content failed");
    return null;
  });
  if (!saved) {
    const message = "Please try again.";
    return failed(500, { intent, error: { title: EDITOR_MESSAGES.updateFailed, message }, values });
  }
  if (!saved.ok) return saved.response;
  if (!("ok" in saved.result)) return saved.result;
  throw redirectWithFlash(
    `${PAGE}#${section}`,
    saved.theirsKept.length ? "savedWithTheirs" : "contentUpdated",
  );
}

async function uploadImage(actor: AdminActor, form: FormData) {
  const intent = "image-upload";
  const refuse = (message: string) =>
    badRequest({ intent, error: { title: EDITOR_MESSAGES.uploadFailed, message } });
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return refuse("Please choose a picture.");
  const accepted = await acceptPhoto(Buffer.from(await file.arrayBuffer()));
  if (!accepted.ok) return refuse(accepted.message);
  const { url, width, height } = accepted.photo;
  let added: Awaited<ReturnType<typeof addHeroImage>> | undefined;
  try {
    added = await addHeroImage(actor, { mediaUrl: url, width, height });
  } catch (error) {
    logger.error({ err: error }, "Saving an uploaded hero image failed");
  }
  if (!added?.ok) {
    // Nothing points at the file written for this upload, unless another picture shares it.
    await removeUnreferencedUploads([url]);
    if (added?.reason === "too-many") return refuse(EDITOR_MESSAGES.tooManyImages);
    return failed(500, {
      intent,
      error: { title: EDITOR_MESSAGES.uploadFailed, message: "Please try again." },
    });
  }
  throw redirectWithFlash(`${PAGE}#images`, "imageUploaded");
}

async function removeImage(actor: AdminActor, form: FormData) {
  if (!isConfirmed(form)) return askToConfirm(form, EDITOR_MESSAGES.confirmRemove);
  const removed = await removeHeroImage(actor, String(form.get("id") ?? ""));
  if (!removed.ok && removed.reason === "last") {
    return badRequest({
      intent: "image-remove",
      error: { title: EDITOR_MESSAGES.removeFailed, message: EDITOR_MESSAGES.lastImage },
    });
  }
  if (!removed.ok) notFound();
  await removeUnreferencedUploads([removed.mediaUrl]);
  throw redirectWithFlash(`${PAGE}#images`, "heroImageRemoved");
}

async function moveImage(actor: AdminActor, form: FormData, intent: "image-up" | "image-down") {
  const direction = intent === "image-up" ? "up" : "down";
  const moved = await moveHeroImage(actor, String(form.get("id") ?? ""), direction);
  if (!moved.ok) notFound();
  throw redirectWithFlash(`${PAGE}#images`, "heroImageMoved");
}

export const shouldRevalidate = revalidateAfterConflict;

export default function WebsiteEditorPage(props: Route.ComponentProps) {
  return (
    <UnsavedChangesGuard>
      <WebsiteEditor {...props} />
    </UnsavedChangesGuard>
  );
}

function WebsiteEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { content, images, versions } = loaderData;
  const failure = failureOf(actionData);
  const hydrated = useHydrated();
  // The site layout shows the toast a save left; without JavaScript it is shown here.
  const layout = useRouteLoaderData("routes/public/layout") as { flash?: Flash | null } | undefined;
  const previewImage = images[0]?.mediaUrl ?? HERO_IMAGES[0] ?? "";
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Website Editor</h1>
          <p className="mt-1 text-slate-600">
            The home page's texts and background pictures. Each section saves on its own and shows
            on the site at once.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/" variant="outline" size="sm" target="_blank">
            View the home page
          </LinkButton>
          <LinkButton to="/admin/dashboard" variant="outline" size="sm">
            Admin dashboard
          </LinkButton>
        </div>
      </div>
      {layout?.flash && !hydrated ? <ResultNotice message={layout.flash} /> : null}
      {HOME_SECTIONS.map(({ id }) => {
        const sectionFailure =
          failure?.intent === "save" && failure.values?.section === id ? failure : undefined;
        return (
          <SectionEditor
            // A saved change gives the form its new values.
            key={`${id}:${JSON.stringify(textsOf(content, id))}`}
            section={id}
            saved={textsOf(content, id)}
            version={versions[id]}
            failure={sectionFailure}
            previewImage={previewImage}
          />
        );
      })}
      <HeroImagesPanel
        images={images}
        failure={failure?.intent?.startsWith("image") ? failure : undefined}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={EDITOR_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Website Editor | ${COMPANY_NAME}` },
  { name: "robots", content: "noindex" },
];
