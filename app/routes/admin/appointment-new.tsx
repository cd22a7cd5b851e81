import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import {
  STAFF_BOOKING_FIELDS,
  StaffBookingForm,
  type StaffBookingValues,
} from "~/components/admin/staff-booking-form";
import { bookingPropertyFields } from "~/components/booking/booking-form";
import { refuseBooking, storeBooking } from "~/http/booking-submit.server";
import { readForm } from "~/http/read-form.server";
import { redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { listReturnPath } from "~/lib/list-params";
import { bookingSchema } from "~/lib/schemas/appointment";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { COMPANY_NAME } from "~/lib/site";
import {
  createAppointmentByStaff,
  findPropertyForBooking,
  listBookableProperties,
} from "~/models/appointment.server";
import { findVerifiedUserIdByEmail } from "~/models/user.server";
import type { Route } from "./+types/appointment-new";

// New appointment: staff book for someone on the phone. The public booking rules (days, slots,
// fields) are checked here on the server with the public schema; the customer gets the same
// e-mail as for a web booking, and the history says "Booked by <staff name>". Over the list
// with JavaScript, a page without. ?property=<id> chooses the listing.

const LIST = "/admin/appointments";

const PROPERTY_GONE = "Please choose a listing from the list: that one is no longer on the site.";

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const chosen = new URL(args.request.url).searchParams.get("property") ?? "";
  const properties = await listBookableProperties();
  const propertyId = properties.some((p) => p.id === chosen) ? chosen : "";
  return {
    properties: properties.map(({ id, title, city }) => ({ id, title, city })),
    prefill: { propertyId },
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const values = Object.fromEntries(
    STAFF_BOOKING_FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
  ) as StaffBookingValues;

  const property = values.propertyId.trim()
    ? await findPropertyForBooking(values.propertyId.trim())
    : undefined;
  const parsed = bookingSchema().safeParse({
    ...values,
    ...(property ? bookingPropertyFields(property) : { propertyType: "", propertyLocation: "" }),
  });
  const fields = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (values.propertyId.trim() && !property) fields.propertyId = PROPERTY_GONE;
  if (!parsed.success || Object.keys(fields).length > 0) {
    return refuseBooking(fields, STAFF_BOOKING_FIELDS, values);
  }

  // Like a signed-out web booking: an account with this confirmed e-mail address owns it.
  const userId = (await findVerifiedUserIdByEmail(parsed.data.email)) ?? null;
  // The booking is stored with its notification (the customer's confirmation, ADR 11).
  const refused = await storeBooking(
    (appointment) => createAppointmentByStaff(actor, appointment),
    parsed.data,
    { userId, propertyId: property?.id ?? null },
    values,
    "a staff booking",
  );
  if (refused) return refused;
  throw redirectWithFlash(back, "appointmentBookedByStaff");
}

export default function NewAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All appointments" title="New appointment">
      <StaffBookingForm
        values={failure?.values ?? loaderData.prefill}
        errors={failure?.fields ?? {}}
        error={failure?.error}
        properties={loaderData.properties}
        back={back}
        state={state}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load appointments" />;
}

export const meta: Route.MetaFunction = () => [
  { title: `New appointment | Admin | ${COMPANY_NAME}` },
];
