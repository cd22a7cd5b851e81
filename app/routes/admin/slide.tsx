import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordDeleteSection } from "~/components/admin/record-delete";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { SLIDE_FIELD_LABELS, SlideForm } from "~/components/admin/slide-form";
import { failureOf } from "~/lib/action-result";
import { discardUploadedPhoto, ONE_PHOTO_FORM_BYTES } from "~/lib/admin-photo.server";
import { askToConfirm, confirmationFor, isConfirmed } from "~/lib/confirm";
import {
  badRequest,
  editConflict,
  failed,
  notFound,
  postedVersion,
  redirectWithFlash,
} from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import { readSlideForm } from "~/lib/slide-form.server";
import { deleteSlide, getSlideForAdmin, updateSlide } from "~/models/admin-slideshow.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import type { Route } from "./+types/slide";

// One gallery slide: edit (every field but its place, spec §7), or delete after 'Are you sure
// you want to delete this slide?'. Over the list with JavaScript, a page without. Unknown ids
// are the admin 404.

const LIST = "/admin/slideshow";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const slide = await getSlideForAdmin(actor, args.params.id);
  if (!slide) notFound();
  return { slide };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request, { maxBytes: ONE_PHOTO_FORM_BYTES });
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");

  if (intent === "delete") {
    if (!isConfirmed(form)) return askToConfirm(form, SLIDE_MESSAGES.deleteQuestion);
    let deleted: Awaited<ReturnType<typeof deleteSlide>>;
    try {
      deleted = await deleteSlide(actor, id);
    } catch (error) {
      logger.error({ err: error, id }, "Deleting a slide failed");
      throw redirectWithFlash(back, "slideDeleteFailed");
    }
    if (!deleted.ok) notFound();
    await removeUnreferencedUploads([deleted.formerMedia]);
    throw redirectWithFlash(back, "slideDeleted");
  }

  if (intent !== "update") {
    return badRequest({ error: { title: "Error", message: "Unknown action." } });
  }
  if (!(await getSlideForAdmin(actor, id))) notFound();
  const title = SLIDE_MESSAGES.updateFailed;
  const read = await readSlideForm(form, title);
  if (!read.ok) return read.response;
  let updated: Awaited<ReturnType<typeof updateSlide>>;
  try {
    updated = await updateSlide(actor, id, read.input, postedVersion(form));
  } catch (error) {
    logger.error({ err: error, id }, "Updating a slide failed");
    await discardUploadedPhoto(read.photo);
    return failed(500, { error: { title, message: SLIDE_MESSAGES.tryAgain }, values: read.values });
  }
  if (!updated.ok) {
    await discardUploadedPhoto(read.photo);
    if (updated.reason === "conflict") {
      // A photo sent with it was not kept: "Use my changes" sends the fields again.
      const current = await getSlideForAdmin(actor, id);
      if (!current) notFound();
      const now = { version: current.version, values: formValuesOf(current) };
      return editConflict(form, now, updated.change);
    }
    notFound();
  }
  await removeUnreferencedUploads([updated.formerMedia]);
  throw redirectWithFlash(back, "slideUpdated");
}

/** The form's values for a stored record (a switch is "on" when set, as the form posts it). */
function formValuesOf(slide: NonNullable<Awaited<ReturnType<typeof getSlideForAdmin>>>) {
  return {
    title: slide.title ?? "",
    description: slide.description ?? "",
    mediaType: slide.mediaType,
    mediaUrl: slide.mediaUrl,
    linkUrl: slide.linkUrl ?? "",
    category: slide.category,
    isActive: slide.isActive ? "on" : "",
  };
}

export const shouldRevalidate = revalidateAfterConflict;

export default function EditSlidePage({ loaderData, actionData }: Route.ComponentProps) {
  const { slide } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  const asked = confirmationFor(actionData, { intent: "delete" });
  const conflict = failure?.conflict;
  // After a conflict the form shows the record as it is now; after a refusal, what was typed.
  const values = (conflict ? undefined : failure?.values) ?? formValuesOf(slide);
  const name = slide.title || "Untitled slide";
  return (
    <RecordView list={LIST} listLabel="All slides" title={`Edit Slide: ${name}`}>
      <div className="space-y-6">
        {conflict ? (
          <EditConflictPanel
            key={conflict.version}
            conflict={conflict}
            labels={SLIDE_FIELD_LABELS}
            what="this slide"
            state={state}
            encType="multipart/form-data"
          />
        ) : null}
        <SlideForm
          key={slide.version}
          version={slide.version}
          mode="edit"
          values={values}
          errors={failure?.fields ?? {}}
          error={failure?.error}
          back={back}
          state={state}
        />
        <RecordDeleteSection
          headingId="delete-slide-heading"
          heading="Delete slide"
          hint="To take it out of the gallery for a while, switch Active off instead."
          label="Delete Slide"
          back={asked?.fields.back ?? back}
          question={SLIDE_MESSAGES.deleteQuestion}
          description="The slide leaves the home page gallery and this list. This cannot be undone."
        />
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit Slide | Admin | ${COMPANY_NAME}` }];
