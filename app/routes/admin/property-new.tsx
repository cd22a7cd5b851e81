import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { PhotoPicker } from "~/components/admin/photo-drop";
import { PropertyForm } from "~/components/admin/property-form";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { TextField } from "~/components/ui/field";
import { discardUploads, photoFromUrl, photosWithTitles } from "~/http/property-uploads.server";
import { badRequest, failed, redirectWithFlash } from "~/http/responses.server";
import { readUploadForm } from "~/http/upload-form.server";
import { failureOf } from "~/lib/action-result";
import { listReturnPath } from "~/lib/list-params";
import {
  PROPERTY_MESSAGES,
  type PropertyFormValues,
  postedPropertyValues,
} from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { createPropertyByAdmin } from "~/models/admin-property-write.server";
import { listActiveAgents } from "~/models/listing-agent.server";
import { agentRefused, postedAgentId, readPropertyForm } from "~/routes/admin/property-form.server";
import type { Route } from "./+types/property-new";

// Add Property: the form over the list (with JavaScript, from the list) or as a page.

const LIST = "/admin/properties";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { agents: await listActiveAgents() };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  // With photos the form is multipart: read as a stream, each photo checked and stored as it
  // arrives (app/http/upload-form.server.ts); the listing and its photo rows are then written in
  // one transaction, and the files go again if that fails.
  const read = await readUploadForm(args.request, { discard: discardUploads });
  if (!read.ok) {
    return failed(read.status, {
      error: { title: PROPERTY_MESSAGES.addFailed, message: read.message },
      fields: { photos: read.message },
      values: postedPropertyValues(read.form),
    });
  }
  const form = read.form;
  const back = listReturnPath(form.get("back"), LIST);
  const checked = await readPropertyForm(form);
  if (!checked.ok) {
    await discardUploads(read.photos);
    return checked.response;
  }
  const photos = photosWithTitles(read.photos, form);
  const photoUrl = String(form.get("photoUrl") ?? "").trim();
  if (photoUrl) {
    const fetched = await photoFromUrl(args.request, photoUrl);
    if (!fetched.ok) {
      await discardUploads(read.photos);
      return badRequest({
        error: { title: PROPERTY_MESSAGES.addFailed, message: fetched.message },
        fields: { photoUrl: fetched.message },
        values: postedPropertyValues(form),
      });
    }
    photos.push({ url: fetched.photo.url, title: null, fingerprint: fetched.photo.fingerprint });
  }
  try {
    const created = await createPropertyByAdmin(actor, checked.input, photos, {
      agentId: postedAgentId(form) ?? null,
      titleCheck: checked.titleCheck,
    });
    if (!created.ok) {
      await discardUploads(photos);
      return agentRefused(form, PROPERTY_MESSAGES.addFailed);
    }
  } catch (error) {
    logger.error({ err: error }, "Adding a property failed");
    await discardUploads(photos);
    return failed(500, {
      error: { title: PROPERTY_MESSAGES.addFailed, message: "Please try again." },
      values: postedPropertyValues(form),
    });
  }
  throw redirectWithFlash(back, "propertyAdded");
}

export default function AddPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All properties" title="Add Property">
      <PropertyForm
        values={(failure?.values as PropertyFormValues | undefined) ?? {}}
        fields={failure?.fields ?? {}}
        error={failure?.error}
        agents={{
          options: loaderData.agents,
          value: (failure?.values as { agentId?: string } | undefined)?.agentId ?? "",
        }}
        titleCheck={{ editable: true }}
        submitLabel="Add Property"
        pendingLabel="Adding..."
        back={back}
        state={state}
        media={{
          inForm: true,
          content: (
            <>
              <PhotoPicker error={failure?.fields?.photos} />
              <TextField
                label="Or add a photo by URL"
                name="photoUrl"
                type="url"
                optional
                placeholder="https://..."
                hint="A photo on a public website is downloaded and checked like an upload."
                error={failure?.fields?.photoUrl}
              />
            </>
          ),
        }}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={PROPERTY_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Property | Admin | ${COMPANY_NAME}` }];
