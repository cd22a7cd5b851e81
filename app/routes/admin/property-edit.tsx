import { requireAdmin, requirePermissionOf } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { WeeklyLeadsTable } from "~/components/admin/leads-table";
import { ListingFlagsPanel } from "~/components/admin/listing-flags";
import {
  LISTING_EDIT_LABELS,
  LISTING_EDIT_MERGE_FIELDS,
  PROPERTY_FIELD_KINDS,
  PropertyForm,
} from "~/components/admin/property-form";
import { PropertyPhotos } from "~/components/admin/property-photos";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { TitleDocumentsPanel } from "~/components/admin/title-documents-panel";
import { ViewsChart } from "~/components/admin/views-chart";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { isThrownResponse, saveMerging, versionToken } from "~/http/edit-merge.server";
import {
  attachPhotos,
  cleanPhotoTitle,
  discardUploads,
  photoFromUrl,
  photosWithTitles,
} from "~/http/property-uploads.server";
import {
  badRequest,
  failed,
  notFound,
  postedVersion,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { readUploadForm, type UploadedPhoto } from "~/http/upload-form.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { describeChange, type LastChange } from "~/lib/edit-conflict";
import { formatLeadRate, LEAD_WEEKS } from "~/lib/leads";
import { listReturnPath } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { can } from "~/lib/permissions";
import {
  PROPERTY_MESSAGES,
  type PropertyFormValues,
  postedPropertyValues,
  propertyFormValues,
} from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { PHOTO_MESSAGES } from "~/media/images.server";
import { getPropertyForAdmin } from "~/models/admin-property-list.server";
import {
  movePropertyPhoto,
  removePropertyPhoto,
  reorderPropertyPhotos,
  setPropertyPhotoTitle,
} from "~/models/admin-property-photos.server";
import { trashProperty } from "~/models/admin-property-trash.server";
import { updatePropertyByAdmin } from "~/models/admin-property-write.server";
import { getListingLeads } from "~/models/lead.server";
import { listActiveAgents } from "~/models/listing-agent.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import { findFlagsForProperty } from "~/models/photo-match.server";
import { getDailyViews } from "~/models/property-stats.server";
import { listTitleDocuments } from "~/models/title-documents.server";
import { agentRefused, postedAgentId, readPropertyForm } from "~/routes/admin/property-form.server";
import type { Route } from "./+types/property-edit";

// Edit Property: the form over the list or as a page, and Delete (asks first; the listing goes
// to the trash, gone from the site at once). Above the form: a photo of this listing found on
// another, or another listing on offer at its address (~/models/photo-match).

const LIST = "/admin/properties";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const property = await getPropertyForAdmin(actor, args.params.id);
  if (!property) notFound();
  const canManage = can(actor, "listings:manage");
  return {
    // The form's version carries the values it opens with: the base of a merge (issue 42).
    property: {
      ...property,
      version: versionToken(property.version, propertyFormValues(property)),
    },
    views: await getDailyViews(actor, property.id, 30),
    leads: await getListingLeads(actor, property.id),
    // The listing's private title documents (issue 46).
    titleDocuments: await listTitleDocuments(actor, property.id),
    flags: await findFlagsForProperty(actor, property),
    canManage,
    // Choosing the listing's agent is the office's; an agent does not see the choice.
    agents: canManage ? await listActiveAgents() : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  // The photo upload is multipart, read as a stream with its caps; other posts are small forms.
  const read = await readUploadForm(args.request, { discard: discardUploads });
  if (!read.ok) {
    return failed(read.status, {
      intent: "photos-upload",
      error: { title: "Upload failed", message: read.message },
    });
  }
  const form = read.form;
  const back = listReturnPath(form.get("back"), LIST);
  const intent = String(form.get("intent") ?? "");
  // Files only count for an upload: any sent with another post are not kept.
  if (intent !== "photos-upload" && read.photos.length) await discardUploads(read.photos);
  if (intent.startsWith("photo")) return photoAction(args.request, actor, id, intent, read);

  if (intent === "delete") {
    requirePermissionOf(actor, "listings:manage");
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

  const agentId = can(actor, "listings:manage") ? postedAgentId(form) : undefined;
  const saved = await saveMerging({
    form,
    fields: LISTING_EDIT_MERGE_FIELDS,
    save: (merged, version) => saveListing(actor, id, merged, version, agentId),
    current: async () => {
      const now = await getPropertyForAdmin(actor, id);
      return now && { version: now.version, values: propertyFormValues(now) };
    },
  }).catch((error: unknown) => {
    if (isThrownResponse(error)) throw error;
    logger.error({ err: error, propertyId: id }, "Updating a property failed");
    return null;
  });
  if (!saved) {
    return failed(500, {
      error: { title: PROPERTY_MESSAGES.updateFailed, message: "Please try again." },
      values: postedPropertyValues(form),
    });
  }
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (!("ok" in result)) return result;
  if (!result.ok && result.reason === "agent") {
    return agentRefused(form, PROPERTY_MESSAGES.updateFailed);
  }
  if (!result.ok) notFound();
  throw redirectWithFlash(back, saved.theirsKept.length ? "savedWithTheirs" : "propertyUpdated");
}

/** Checks the listing's form and saves it at `version`: the model's answer, or the 400. */
async function saveListing(
  actor: AdminActor,
  id: string,
  form: FormData,
  version: string,
  agentId: string | null | undefined,
) {
  const checked = await readPropertyForm(form);
  if (!checked.ok) return checked.response;
  return updatePropertyByAdmin(actor, id, checked.input, version, {
    agentId,
    titleCheck: checked.titleCheck,
  });
}

export const shouldRevalidate = revalidateAfterConflict;

/**
 * Upload, add by URL, reorder, retitle and remove photos; answers (no redirect) so the form
 * stays open.
 */
async function photoAction(
  request: Request,
  actor: AdminActor,
  id: string,
  intent: string,
  read: { form: FormData; photos: UploadedPhoto[] },
) {
  const { form } = read;
  const mediaId = String(form.get("mediaId") ?? "");
  const refuse = (message: string) =>
    badRequest({ intent, error: { title: "Upload failed", message } });
  let result: { ok: boolean; reason?: string; change?: LastChange | null };
  if (intent === "photos-upload") {
    if (read.photos.length === 0) return refuse(PHOTO_MESSAGES.none);
    result = await attachPhotos(actor, id, photosWithTitles(read.photos, form));
  } else if (intent === "photo-url") {
    const fetched = await photoFromUrl(request, String(form.get("photoUrl") ?? ""));
    if (!fetched.ok) return refuse(fetched.message);
    result = await attachPhotos(actor, id, [
      {
        url: fetched.photo.url,
        title: cleanPhotoTitle(form.get("title")) || null,
        fingerprint: fetched.photo.fingerprint,
      },
    ]);
  } else if (intent === "photo-up" || intent === "photo-down") {
    const direction = intent === "photo-up" ? "up" : "down";
    result = await movePropertyPhoto(actor, id, mediaId, direction, postedVersion(form));
  } else if (intent === "photo-order") {
    const order = form.getAll("order").filter((v): v is string => typeof v === "string");
    result = await reorderPropertyPhotos(actor, id, order, postedVersion(form));
  } else if (intent === "photo-remove") {
    if (!isConfirmed(form)) return askToConfirm(form, "Remove this photo?");
    const removed = await removePropertyPhoto(actor, id, mediaId);
    if (removed.ok) await removeUnreferencedUploads([removed.removedUrl]);
    result = removed;
  } else if (intent === "photo-title") {
    const title = cleanPhotoTitle(form.get("title"));
    result = await setPropertyPhotoTitle(actor, id, mediaId, title, postedVersion(form));
  } else {
    return unknownIntent();
  }
  if (!result.ok && result.reason === "not-found") notFound();
  if (!result.ok && result.reason === "conflict") {
    // The page loads again (shouldRevalidate) and shows the photos as they are now.
    return failed(409, {
      intent,
      error: {
        title: "Not saved",
        message: `${describeChange(result.change, "the photos")} The photos now show as they are; make your change again.`,
      },
    });
  }
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
  const conflict = formFailure?.conflict;
  // After a conflict the form shows the listing as it is now; after a refusal, what was typed.
  const values =
    (conflict ? undefined : (formFailure?.values as PropertyFormValues | undefined)) ??
    propertyFormValues(property);
  return (
    <RecordView list={LIST} listLabel="All properties" title={`Edit: ${property.title}`}>
      <div className="space-y-6">
        <ListingFlagsPanel flags={loaderData.flags} subject="this listing" />
        <EditConflictPanel
          conflict={conflict}
          labels={LISTING_EDIT_LABELS}
          kinds={PROPERTY_FIELD_KINDS}
          what="this listing"
          state={state}
        />
        <PropertyForm
          key={property.version}
          version={property.version}
          values={values}
          fields={formFailure?.fields ?? {}}
          agents={
            loaderData.agents
              ? {
                  options: loaderData.agents,
                  value:
                    (formFailure?.values as { agentId?: string } | undefined)?.agentId ??
                    property.agentId ??
                    "",
                }
              : undefined
          }
          titleCheck={{ editable: loaderData.canManage }}
          error={formFailure?.error}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          back={back}
          state={state}
          media={{
            inForm: false,
            content: (
              <PropertyPhotos
                photos={property.media}
                version={property.photosVersion}
                uploadUrl={`/admin/properties/${property.id}/photos`}
                state={state}
                error={failure?.intent === "photos-upload" ? failure.error?.message : undefined}
                notice={
                  failure?.intent?.startsWith("photo-") && failure.intent !== "photo-url"
                    ? failure.error?.message
                    : undefined
                }
                urlError={failure?.intent === "photo-url" ? failure.error?.message : undefined}
              />
            ),
          }}
        />
        <TitleDocumentsPanel propertyId={property.id} documents={loaderData.titleDocuments} />
        <section aria-labelledby="views-heading" className="space-y-2">
          <h2 id="views-heading" className="text-lg font-semibold text-slate-900">
            Page views
          </h2>
          <ViewsChart days={loaderData.views} title="Views of its page over the last 30 days" />
        </section>
        <section aria-labelledby="leads-heading" className="space-y-2">
          <h2 id="leads-heading" className="text-lg font-semibold text-slate-900">
            Leads
          </h2>
          <p className="text-sm text-slate-700">
            Last {LEAD_WEEKS} weeks: <strong>{formatNumber(loaderData.leads.total)}</strong> leads
            from <strong>{formatNumber(loaderData.leads.views)}</strong> page views (
            {formatLeadRate(loaderData.leads.rate)} leads per 100 views).
          </p>
          <WeeklyLeadsTable
            weeks={loaderData.leads.weeks}
            totals={loaderData.leads.totals}
            caption={`Leads by source, last ${LEAD_WEEKS} weeks`}
          />
        </section>
        {loaderData.canManage ? (
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
        ) : null}
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
