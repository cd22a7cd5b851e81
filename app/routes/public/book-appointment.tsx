import { useRouteLoaderData } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import {
  BOOKING_FIELDS,
  BookingConfirmation,
  BookingForm,
  BookingPropertySummary,
  type BookingValues,
  bookingPropertyFields,
} from "~/components/booking/booking-form";
import { NoFeePromise } from "~/components/listing/no-fee-promise";
import { useIsPending } from "~/hooks/use-is-pending";
import { refuseBooking, storeBooking } from "~/http/booking-submit.server";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import { limitAttempt, redirectWithFlash, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { Flash } from "~/lib/flash";
import { bookingSchema } from "~/lib/schemas/appointment";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { createAppointment, findPropertyForBooking } from "~/models/appointment.server";
import { findVerifiedUserIdByEmail } from "~/models/user.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/book-appointment";

// /book-appointment: anyone may book; a signed-in customer's booking is stored under their
// account, and ?property=<id> books a viewing of that property. Success redirects back here with
// a flash: a toast with JavaScript, the confirmation panel in the page either way.

export async function loader({ request }: Route.LoaderArgs) {
  const propertyId = new URL(request.url).searchParams.get("property") ?? "";
  const [user, property] = await Promise.all([
    getSessionUser(request),
    propertyId ? findPropertyForBooking(propertyId) : undefined,
  ]);
  const prefill: Partial<BookingValues> = {};
  if (user) {
    prefill.fullName = user.name || `${user.firstName} ${user.lastName}`.trim();
    prefill.email = user.email;
    prefill.phone = user.phone ?? "";
  }
  return {
    prefill: { ...prefill, ...(property ? bookingPropertyFields(property) : {}) },
    property: property
      ? {
          id: property.id,
          title: property.title,
          city: property.city,
          address: property.address,
          referenceCode: property.referenceCode,
        }
      : null,
  };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const values = Object.fromEntries(
    BOOKING_FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
  ) as BookingValues;
  // Only an existing property is kept: a forged or stale id is dropped, never an error.
  const property = await findPropertyForBooking(String(form.get("propertyId") ?? ""));
  const booked = redirectWithFlash(
    `/book-appointment${property ? `?property=${property.id}` : ""}`,
    "appointmentBooked",
  );

  // A bot is answered like a person whose booking went through; nothing is stored.
  if (isHoneypotTripped(form)) throw booked;

  const limited = await limitAttempt(
    rateLimitKey("publicForm", "booking", getClientIp(args)),
    RATE_LIMITS.publicForm,
    { values },
  );
  if (limited) return limited;

  const parsed = bookingSchema().safeParse(values);
  if (!parsed.success) return refuseBooking(fieldErrorsOf(parsed.error), BOOKING_FIELDS, values);

  // The account comes from the session, never from the form; signed out, a booking with the
  // confirmed e-mail address of an account belongs to that account (ADR 8).
  const user = await getSessionUser(args.request);
  const userId = user?.id ?? (await findVerifiedUserIdByEmail(parsed.data.email)) ?? null;
  // The booking is stored with its notification (the confirmation and the admins' notices):
  // a process that dies right after the commit still has it in the outbox (ADR 11).
  const owner = { userId, propertyId: property?.id ?? null };
  const refused = await storeBooking(
    createAppointment,
    parsed.data,
    owner,
    values,
    "an appointment",
  );
  if (refused) return refused;
  throw booked;
}

export default function BookAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const layout = useRouteLoaderData("routes/public/layout") as { flash?: Flash | null } | undefined;
  const booked = layout?.flash?.key === "appointmentBooked" ? layout.flash : null;
  const failed = failureOf(actionData);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">Book an Appointment</h1>
      <p className="mt-2 text-slate-600">
        Choose a day and time to meet us or view a property. We are open Monday to Saturday.
      </p>
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {booked ? (
          <BookingConfirmation title={booked.title} description={booked.description ?? ""} />
        ) : null}
        {loaderData.property ? <BookingPropertySummary property={loaderData.property} /> : null}
        {/* Where a visitor books, and on the confirmation: no fee is ever asked (issue 45). */}
        <NoFeePromise className="mb-6" />
        <BookingForm
          // A new booking remounts the form: empty again, apart from the account's details.
          key={booked?.id ?? "booking"}
          values={failed?.values ?? loaderData.prefill}
          fields={failed?.fields ?? {}}
          error={failed?.error}
          property={loaderData.property}
          pending={pending}
        />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Book an Appointment",
    description:
      "Book a property viewing or a meeting with NaijaHomes Realty: pick a day and a time slot, Monday to Saturday.",
    path: "/book-appointment",
  });
