import { type AdminActor, requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { PropertyForm } from "~/components/admin/property-form";
import { PropertyPhotos } from "~/components/admin/property-photos";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { ViewsChart } from "~/components/admin/views-chart";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { failureOf } from "~/lib/action-result";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { badRequest, failed, notFound, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readPropertyForm } from "~/lib/property-form.server";
import {
  PROPERTY_MESSAGES,
  type PropertyFormValues,
  postedPropertyValues,
  propertyFormValues,
} from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import { acceptPhotos, discardPhotos } from "~/media/images.server";
import {
  addPropertyPhotos,
  getPropertyForAdmin,
  isPhotoInUse,
  movePropertyPhoto,
  removePropertyPhoto,
  setPropertyPhotoTitle,
  trashProperty,
  updatePropertyByAdmin,
} from "~/models/admin-properties.server";
import { getDailyViews } from "~/models/property-stats.server";
import type { Route } from "./+types/property-edit";

// Edit Property: the form over the list or as a page, and Delete (asks first; the listing goes
// to the trash, gone from the site at once).

const LIST = "/admin/properties";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const property = await getPropertyForAdmin(actor, args.params.id);
  if (!property) notFound();
  return { property, views: await getDailyViews(actor, property.id, 30) };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await args.request.formData();
  const back = listReturnPath(form.get("back"), LIST);

  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("photo")) return photoAction(actor, id, intent, form);

  if (form.get("intent") === "delete") {
    if (!isConfirmed(form)) return askToConfirm(form, PROPERTY_MESSAGES.confirmDelete);
    try {
      const result = await trashProperty(actor, id);
      if (!result.ok) notFound();
    } catch (error) {
      if (error instanceof Response) throw error;
      logger.error({ err: error, propertyId: id }, "Deleting a property failed");
      throw redirectWithFlash(back, "propertyDeleteFailed");
    }
    throw redirectWithFlash(back, "propertyDeleted");
  }

  const read = readPropertyForm(form);
  if (!read.ok) return read.response;
  let result: Awaited<ReturnType<typeof updatePropertyByAdmin>>;
  try {
    result = await updatePropertyByAdmin(actor, id, read.input);
  } catch (error) {
    logger.error({ err: error, propertyId: id }, "Updating a property failed");
    return failed(500, {
      error: { title: PROPERTY_MESSAGES.updateFailed, message: "Please try again." },
      values: postedPropertyValues(form),
    });
  }
  if (!result.ok) notFound();
  throw redirectWithFlash(back, "propertyUpdated");
}

/** Upload, reorder, retitle and remove photos; answers (no redirect) so the form stays open. */
async function photoAction(actor: AdminActor, id: string, intent: string, form: FormData) {
  const mediaId = String(form.get("mediaId") ?? "");
  let result: { ok: boolean; reason?: string };
  if (intent === "photos-upload") {
    const files = form.getAll("photos").filter((f): f is File => f instanceof File && f.size > 0);
    const accepted = await acceptPhotos(
      await Promise.all(
        files.map(async (f) => ({ name: f.name, data: Buffer.from(await f.arrayBuffer()) })),
      ),
    );
    if (!accepted.ok)
      return badRequest({ intent, error: { title: "Upload failed", message: accepted.message } });
    try {
      result = await addPropertyPhotos(
        actor,
        id,
        accepted.photos.map((p) => ({ url: p.url })),
      );
    } catch (error) {
      result = { ok: false };
      logger.error({ err: error, propertyId: id }, "Saving uploaded photos failed");
    }
    if (!result.ok) {
      // Nothing points at the files written for this upload: remove them.
      await discardPhotos(
        accepted.photos.map((p) => p.key),
        (key) => isPhotoInUse(`/media/${key}`),
      );
    }
  } else if (intent === "photo-up" || intent === "photo-down") {
    result = await movePropertyPhoto(actor, id, mediaId, intent === "photo-up" ? "up" : "down");
  } else if (intent === "photo-remove") {
    if (!isConfirmed(form)) return askToConfirm(form, "Remove this photo?");
    result = await removePropertyPhoto(actor, id, mediaId);
  } else if (intent === "photo-title") {
    const title = String(form.get("title") ?? "")
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, 150);
    result = await setPropertyPhotoTitle(actor, id, mediaId, title);
  } else {
    return badRequest({ error: { title: "Error", message: "Unknown action." } });
  }
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok) {
    return failed(500, {
      intent,
      error: { title: "Upload failed", message: PROPERTY_MESSAGES.updateFailed },
    });
  }
  return { ok: true as const, intent };
}

export default function EditPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  const formFailure = failure?.intent?.startsWith("photo") ? undefined : failure;
  const values =
    (formFailure?.values as PropertyFormValues | undefined) ?? propertyFormValues(property);
  return (
    <RecordView list={LIST} listLabel="All properties" title={`Edit: ${property.title}`}>
      <div className="space-y-6">
        <PropertyForm
          values={values}
          fields={formFailure?.fields ?? {}}
          error={formFailure?.error}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          back={back}
          state={state}
        />
        <PropertyPhotos
          photos={property.media}
          state={state}
          error={failure?.intent === "photos-upload" ? failure.error?.message : undefined}
        />
        <section aria-labelledby="views-heading" className="space-y-2">
          <h2 id="views-heading" className="text-lg font-semibold text-slate-900">
            Page views
          </h2>
          <ViewsChart days={loaderData.views} title="Views of its page over the last 30 days" />
        </section>
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-red-200 p-3">
          <p className="text-sm text-slate-700">
            Deleting takes the listing off the site at once. It can be restored from the trash for
            30 days.
          </p>
          <ConfirmForm
            fields={{ intent: "delete", back }}
            label="Delete Property"
            question={PROPERTY_MESSAGES.confirmDelete}
            confirmLabel="Yes, delete it"
            pendingLabel="Deleting..."
            mode="dialog"
          />
        </div>
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load properties data" />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Edit Property | Admin | ${COMPANY_NAME}` },
];
