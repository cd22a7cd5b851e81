import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { ClashWarning, clashAnswerOf } from "~/components/admin/clash-warning";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import {
  PropertySearch,
  STAFF_BOOKING_FIELDS,
  StaffBookingForm,
  type StaffBookingValues,
} from "~/components/admin/staff-booking-form";
import { bookingPropertyFields } from "~/components/booking/booking-form";
import { refuseBooking, storeBooking } from "~/http/booking-submit.server";
import { readForm } from "~/http/read-form.server";
import { redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { cleanSearchText } from "~/lib/list-params";
import { staffBookingSchema } from "~/lib/schemas/appointment";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { COMPANY_NAME } from "~/lib/site";
import { createAppointmentByStaff, findPropertyForBooking } from "~/models/appointment.server";
import { bookingAgentOf, searchBookableProperties } from "~/models/caller-booking.server";
import { findVerifiedUserIdByEmail } from "~/models/user.server";
import { findViewingClashes } from "~/models/viewing-clash.server";
import type { Route } from "./+types/appointment-new";

// New appointment: staff book for someone on the phone (issue 47 item 2): name and phone are
// enough (the e-mail is optional), an agent books only for their own listings, and the viewing
// is confirmed at once with its code. The public booking rules (days, slots) are checked here on
// the server; a booking that overlaps another open viewing of the same listing or agent is sent
// back with a warning, and written only once "Book anyway" is posted. Then the viewing's screen
// opens with the text to send the caller. ?q= narrows the listings; ?property=<id> picks one.

const LIST = "/admin/appointments";

const PROPERTY_GONE = "Please choose a listing from the list: that one is no longer on the site.";
const LISTING_REQUIRED = "Please choose one of your listings.";
export const CLASH_QUESTION =
  "Another viewing of this listing or agent overlaps this time. Book anyway?";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const chosen = params.get("property") ?? "";
  // As typed, less control characters (a NUL cannot reach SQL), runs of spaces and surplus length.
  const q = cleanSearchText(params.get("q"));
  const { properties, more } = await searchBookableProperties(actor, { q, chosen });
  const propertyId = properties.some((p) => p.id === chosen) ? chosen : "";
  return {
    properties,
    more,
    q,
    listingRequired: actor.role === "agent",
    prefill: { propertyId },
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const values = Object.fromEntries(
    STAFF_BOOKING_FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
  ) as StaffBookingValues;

  const chosen = values.propertyId.trim();
  const property = chosen ? await findPropertyForBooking(chosen) : undefined;
  const agentId = property ? await bookingAgentOf(property.id) : null;
  // An agent's own listings only: a post naming another's is forged (the picker offers none).
  if (actor.role === "agent" && property && agentId !== actor.id) {
    throw new Response("Forbidden", { status: 403 });
  }
  const parsed = staffBookingSchema().safeParse({
    ...values,
    ...(property ? bookingPropertyFields(property) : { propertyType: "", propertyLocation: "" }),
  });
  const fields = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (chosen && !property) fields.propertyId = PROPERTY_GONE;
  else if (!property && actor.role === "agent") fields.propertyId = LISTING_REQUIRED;
  if (!parsed.success || Object.keys(fields).length > 0) {
    return refuseBooking(fields, STAFF_BOOKING_FIELDS, values);
  }
  const booking = parsed.data;

  if (!isConfirmed(form)) {
    const clashes = await findViewingClashes(actor, {
      propertyId: property?.id ?? null,
      agentId,
      appointmentDate: booking.appointmentDate,
      appointmentTime: booking.appointmentTime,
    });
    if (clashes.length > 0) {
      return { ...askToConfirm(form, CLASH_QUESTION), clashes, values };
    }
  }

  // Like a signed-out web booking: an account with this confirmed e-mail address owns it.
  const userId = booking.email ? ((await findVerifiedUserIdByEmail(booking.email)) ?? null) : null;
  let created: { id: string } | undefined;
  // The booking is stored with its notification (the customer's e-mail, ADR 11).
  const refused = await storeBooking(
    async (appointment) => {
      created = await createAppointmentByStaff(actor, appointment);
    },
    booking,
    { userId, propertyId: property?.id ?? null },
    values,
    "a staff booking",
  );
  if (refused || !created) return refused;
  // The viewing's screen shows the text to send the caller.
  throw redirectWithFlash(`${LIST}/${created.id}`, "appointmentBookedByStaff");
}

export default function NewAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  const clash = clashAnswerOf(actionData);
  const values = (failure && "values" in failure ? failure.values : undefined) as
    | Partial<StaffBookingValues>
    | undefined;
  return (
    <RecordView list={LIST} listLabel="All appointments" title="New appointment">
      <div className="space-y-6">
        <PropertySearch
          q={loaderData.q}
          chosen={loaderData.prefill.propertyId}
          shown={loaderData.properties.length}
          more={loaderData.more}
        />
        {clash ? <ClashWarning answer={clash} anywayLabel="Book anyway" state={state} /> : null}
        <StaffBookingForm
          values={values ?? loaderData.prefill}
          errors={failure?.fields ?? {}}
          error={failure?.error}
          properties={loaderData.properties}
          listingRequired={loaderData.listingRequired}
          back={back}
          state={state}
        />
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load appointments" />;
}

export const meta: Route.MetaFunction = () => [
  { title: `New appointment | Admin | ${COMPANY_NAME}` },
];
