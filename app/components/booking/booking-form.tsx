import { Form, Link } from "react-router";
import { AppointmentSlotFields } from "~/components/booking/appointment-slot-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { CalendarCheck, MapPin } from "~/components/icons";
import { ListingCode } from "~/components/listing/listing-code";
import { SubmitButton } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField, type TextFieldSpec } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import { APPOINTMENT_PURPOSES } from "~/lib/appointment-rules";
import { propertyTypeLabel } from "~/lib/property-options";

// The booking form of /book-appointment, for visitors and signed-in customers. A plain POST form
// (it works without JavaScript); the route decides the defaults and shows the outcome.

export type BookingValues = {
  fullName: string;
  email: string;
  phone: string;
  appointmentDate: string;
  appointmentTime: string;
  propertyType: string;
  propertyLocation: string;
  purpose: string;
  message: string;
};

export const BOOKING_FIELDS = [
  "fullName",
  "email",
  "phone",
  "appointmentDate",
  "appointmentTime",
  "propertyType",
  "propertyLocation",
  "purpose",
  "message",
] as const satisfies readonly (keyof BookingValues)[];

const TEXT_FIELDS = {
  fullName: { label: "Full Name", autoComplete: "name" },
  email: { label: "Email Address", type: "email", autoComplete: "email" },
  phone: {
    label: "Phone Number",
    type: "tel",
    autoComplete: "tel",
    placeholder: "e.g. 0803 123 4567",
  },
  propertyType: { label: "Property Type", placeholder: "e.g. Apartment, House, Land" },
  propertyLocation: {
    label: "Property Location",
    optional: true,
    placeholder: "e.g. Lekki, Lagos",
  },
} as const satisfies Partial<Record<keyof BookingValues, TextFieldSpec>>;

/** Where a listing is, as a booking shows it: "Admiralty Way, Lekki" (either part may be empty). */
function placeOf(property: { address: string; city: string }) {
  return [property.address, property.city].filter((part) => part.trim()).join(", ");
}

/**
 * What a booking of a viewing says about the listing (its Property Type and Location fields):
 * the web form's prefill for ?property=<id>, and what a staff booking of a listing stores.
 */
export function bookingPropertyFields(property: {
  propertyType: string;
  address: string;
  city: string;
}): Pick<BookingValues, "propertyType" | "propertyLocation"> {
  return {
    propertyType: propertyTypeLabel(property.propertyType),
    propertyLocation: placeOf(property),
  };
}

export type BookingPropertyView = {
  id: string;
  title: string;
  city: string;
  address: string;
  referenceCode: string;
};

export function BookingForm({
  values,
  fields,
  error,
  property,
  pending,
}: {
  values: Partial<BookingValues>;
  fields: FieldErrors;
  error: FormMessage | undefined;
  property: BookingPropertyView | null;
  pending: boolean;
}) {
  const textField = (name: keyof typeof TEXT_FIELDS) => (
    <TextField
      {...TEXT_FIELDS[name]}
      name={name}
      defaultValue={values[name]}
      error={fields[name]}
    />
  );
  return (
    <>
      <FormAlert error={error} />
      <Form method="post" className="space-y-5" noValidate>
        <HoneypotField />
        {property ? <input type="hidden" name="propertyId" value={property.id} /> : null}
        <BookerFields values={values} errors={fields} />
        <AppointmentSlotFields
          defaultDate={values.appointmentDate}
          defaultTime={values.appointmentTime}
          errors={fields}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          {textField("propertyType")}
          {textField("propertyLocation")}
        </div>
        <PurposeFields
          values={values}
          errors={fields}
          messageRows={4}
          messagePlaceholder="Anything we should know before we meet?"
        />
        <SubmitButton pending={pending} pendingLabel="Booking..." fullWidth>
          Book Appointment
        </SubmitButton>
      </Form>
    </>
  );
}

/**
 * Who books: the name, then e-mail and phone side by side. Staff typing in a caller's details
 * (`autoFill={false}`) get no suggestions from their own browser's autofill.
 */
export function BookerFields({
  values,
  errors,
  autoFill = true,
  emailOptional = false,
}: {
  values: Partial<Pick<BookingValues, "fullName" | "email" | "phone">>;
  errors: FieldErrors;
  autoFill?: boolean;
  /** Staff booking a caller (issue 47): the caller may have no e-mail address. */
  emailOptional?: boolean;
}) {
  const field = (name: "fullName" | "email" | "phone") => (
    <TextField
      {...TEXT_FIELDS[name]}
      {...(autoFill ? {} : { autoComplete: "off" })}
      {...(name === "email" && emailOptional ? { optional: true } : {})}
      name={name}
      defaultValue={values[name]}
      error={errors[name]}
    />
  );
  return (
    <>
      {field("fullName")}
      <div className="grid gap-5 sm:grid-cols-2">
        {field("email")}
        {field("phone")}
      </div>
    </>
  );
}

/** What the meeting is for, and anything else the booker wants to say. */
export function PurposeFields({
  values,
  errors,
  messageRows,
  messagePlaceholder,
}: {
  values: Partial<Pick<BookingValues, "purpose" | "message">>;
  errors: FieldErrors;
  messageRows: number;
  messagePlaceholder?: string;
}) {
  return (
    <>
      <SelectField
        label="Purpose"
        name="purpose"
        placeholder="Select a purpose"
        options={APPOINTMENT_PURPOSES}
        defaultValue={values.purpose}
        error={errors.purpose}
      />
      <TextAreaField
        label="Additional Information"
        name="message"
        rows={messageRows}
        optional
        placeholder={messagePlaceholder}
        defaultValue={values.message}
        error={errors.message}
      />
    </>
  );
}

/** Which property the viewing is for, with a way back to it. */
export function BookingPropertySummary({ property }: { property: BookingPropertyView }) {
  const place = placeOf(property);
  return (
    <div className="mb-6 rounded-md border border-brand-100 bg-brand-50 p-4">
      <p className="text-sm text-slate-600">Booking a viewing of</p>
      <p className="font-semibold text-slate-900">{property.title}</p>
      <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
        <MapPin className="size-4 shrink-0" aria-hidden />
        {place}
      </p>
      <ListingCode code={property.referenceCode} className="mt-1 block" />
      <Link
        to={`/property/${property.id}`}
        className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        Back to the property
      </Link>
    </div>
  );
}

/** The outcome of a booking, in the page: what a visitor without JavaScript sees after posting. */
export function BookingConfirmation({
  title,
  description,
}: {
  title: string;
  description: string;
}) {
  return (
    <div
      role="status"
      className="mb-6 flex gap-3 rounded-md border border-green-200 bg-green-50 p-4 text-green-900"
    >
      <CalendarCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{description}</p>
      </div>
    </div>
  );
}
