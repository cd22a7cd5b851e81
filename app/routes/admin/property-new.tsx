import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { PropertyForm } from "~/components/admin/property-form";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { failureOf } from "~/lib/action-result";
import { failed, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readPropertyForm } from "~/lib/property-form.server";
import {
  PROPERTY_MESSAGES,
  type PropertyFormValues,
  postedPropertyValues,
} from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import { createPropertyByAdmin } from "~/models/admin-properties.server";
import type { Route } from "./+types/property-new";

// Add Property: the form over the list (with JavaScript, from the list) or as a page.

const LIST = "/admin/properties";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await args.request.formData();
  const back = listReturnPath(form.get("back"), LIST);
  const read = readPropertyForm(form);
  if (!read.ok) return read.response;
  try {
    await createPropertyByAdmin(actor, read.input);
  } catch (error) {
    logger.error({ err: error }, "Adding a property failed");
    return failed(500, {
      error: { title: PROPERTY_MESSAGES.addFailed, message: "Please try again." },
      values: postedPropertyValues(form),
    });
  }
  throw redirectWithFlash(back, "propertyAdded");
}

export default function AddPropertyPage({ actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All properties" title="Add Property">
      <PropertyForm
        values={(failure?.values as PropertyFormValues | undefined) ?? {}}
        fields={failure?.fields ?? {}}
        error={failure?.error}
        submitLabel="Add Property"
        pendingLabel="Adding..."
        back={back}
        state={state}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={PROPERTY_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add Property | Admin | ${COMPANY_NAME}` }];
