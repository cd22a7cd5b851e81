import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { AppointmentSlotFields } from "~/components/booking/appointment-slot-fields";
import { BookerFields, PurposeFields } from "~/components/booking/booking-form";
import { Button, SubmitButton } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";

// The New appointment screen's form (/admin/appointments/new): staff (an agent: for their own
// listings) book for a caller, with the public booking form's date and slot fields and rules,
// the e-mail optional (issue 47 item 2). A plain POST form. The listing is picked from a list
// showing code, title, area and agent, narrowed by a GET search field above it: typing searches
// as you type with JavaScript; without, the Search button reloads the filtered list.

export const STAFF_BOOKING_FIELDS = [
  "fullName",
  "email",
  "phone",
  "propertyId",
  "appointmentDate",
  "appointmentTime",
  "purpose",
  "message",
] as const;

export type StaffBookingValues = Record<(typeof STAFF_BOOKING_FIELDS)[number], string>;

export type StaffBookingProperty = {
  id: string;
  code: string;
  title: string;
  city: string;
  agentName: string | null;
};

/** "NH-LAG-0421 · 3-bed flat · Lekki · Tunde Bello": the same titles told apart. */
export function pickerLabel(property: StaffBookingProperty): string {
  return [property.code, property.title, property.city, property.agentName ?? "Office"].join(" · ");
}

/** How long typing pauses before the list is searched again. */
const SEARCH_PAUSE_MS = 300;

/** The GET search over the listings (the page's `q`), submitted as you type with JavaScript. */
export function PropertySearch({
  q,
  chosen,
  shown,
  more,
}: {
  q: string;
  chosen: string;
  shown: number;
  more: boolean;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      role="search"
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(
          () => submit(form, { replace: true, preventScrollReset: true }),
          SEARCH_PAUSE_MS,
        );
      }}
    >
      {chosen ? <input type="hidden" name="property" value={chosen} /> : null}
      <div className="min-w-0 flex-1">
        <TextField
          label="Find a listing"
          name="q"
          defaultValue={q}
          autoComplete="off"
          placeholder="Code, title, area or agent"
          hint={
            more
              ? `The first ${shown} listings are shown: type to narrow them.`
              : `${shown} listing${shown === 1 ? "" : "s"} shown.`
          }
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

export function StaffBookingForm({
  values,
  errors,
  error,
  properties,
  listingRequired,
  back,
  state,
}: {
  values: Partial<StaffBookingValues>;
  errors: FieldErrors;
  error?: FormMessage;
  properties: StaffBookingProperty[];
  /** An agent books only for one of their listings: no "no specific property". */
  listingRequired: boolean;
  back: string;
  state: unknown;
}) {
  const pending = useIsPending({ intent: "create" });
  return (
    <Form method="post" state={state} className="space-y-5" noValidate>
      <FormAlert error={error} />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="back" value={back} />
      <SelectField
        label="Property"
        name="propertyId"
        placeholder={listingRequired ? "Choose one of your listings" : "No specific property"}
        options={properties.map((p) => ({ value: p.id, label: pickerLabel(p) }))}
        defaultValue={values.propertyId}
        error={errors.propertyId}
      />
      <BookerFields values={values} errors={errors} autoFill={false} emailOptional />
      <AppointmentSlotFields
        defaultDate={values.appointmentDate}
        defaultTime={values.appointmentTime}
        errors={errors}
      />
      <PurposeFields values={values} errors={errors} messageRows={3} />
      <p className="text-sm text-slate-600">
        A viewing booked here is confirmed at once, with its viewing code. The next screen shows a
        text to send the caller by WhatsApp or SMS; they are e-mailed too when you give an address.
      </p>
      <SubmitButton pending={pending} pendingLabel="Booking...">
        Book Appointment
      </SubmitButton>
    </Form>
  );
}
