import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { SlideForm } from "~/components/admin/slide-form";
import { failureOf } from "~/lib/action-result";
import { discardUploadedPhoto, ONE_PHOTO_FORM_BYTES } from "~/lib/admin-photo.server";
import { failed, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { SLIDE_MESSAGES } from "~/lib/schemas/slide";
import { COMPANY_NAME } from "~/lib/site";
import { readSlideForm } from "~/lib/slide-form.server";
import { createSlide } from "~/models/admin-slideshow.server";
import type { Route } from "./+types/slide-new";

// Add Slide: over the list with JavaScript, a page without. The new slide goes last (its sort
// order is the current count).

const LIST = "/admin/slideshow";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request, { maxBytes: ONE_PHOTO_FORM_BYTES });
  const back = listReturnPath(form.get("back"), LIST);
  const title = SLIDE_MESSAGES.addFailed;
  const read = await readSlideForm(form, title);
  if (!read.ok) return read.response;
  try {
    await createSlide(actor, read.input);
  } catch (error) {
    logger.error({ err: error }, "Adding a slide failed");
    await discardUploadedPhoto(read.photo);
    return failed(500, { error: { title, message: SLIDE_MESSAGES.tryAgain }, values: read.values });
  }
  throw redirectWithFlash(back, "slideAdded");
}

export default function AddSlidePage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All slides" title="Add Slide">
      <SlideForm
        mode="add"
        values={failure?.values ?? {}}
        errors={failure?.fields ?? {}}
        error={failure?.error}
        back={back}
        state={state}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SLIDE_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Slide | Admin | ${COMPANY_NAME}` }];
