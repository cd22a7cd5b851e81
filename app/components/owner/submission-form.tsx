import { useRef } from "react";
import { Form } from "react-router";
import { PhotoPicker } from "~/components/admin/photo-drop";
import { PropertyFieldSections } from "~/components/admin/property-form";
import { useUnsavedChanges } from "~/components/admin/unsaved-changes";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/ui/button";
import { fieldBinder, SelectField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FormMessage } from "~/lib/action-result";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import type { PropertyFormValues } from "~/lib/schemas/property";
import type { SubmissionValues } from "~/lib/schemas/submission";
import { CONTACT_METHODS } from "~/lib/submissions";

// The owner's submission form (issue 20): the admin listing form's fields (status and featured
// are the office's), when the property is available and how the owner prefers to be reached,
// and photos. Two buttons: keep it as a draft, or send it for review. Signed out, the photos
// wait until the visitor has signed in (nothing of theirs is stored but what they typed).
// Under My Listings (whose layout has the admin forms' UnsavedChangesGuard) leaving it with
// typed work asks first, as the admin forms do; elsewhere there is no guard and it does not.

export function OwnerSubmissionForm({
  values,
  fields,
  error,
  signedIn,
  canSaveDraft = true,
  sendLabel = "Send for review",
  action,
  savedAt,
  version,
}: {
  values: SubmissionValues;
  fields: Partial<Record<string, string>>;
  error: FormMessage | undefined;
  signedIn: boolean;
  /** A change to a live listing is sent at once: no draft. */
  canSaveDraft?: boolean;
  sendLabel?: string;
  action?: string;
  /** Changes when the values shown were saved (the page stays): the form is clean again. */
  savedAt?: unknown;
  /** A change to a live listing: the signed copy of the listing the form was opened at. */
  version?: string;
}) {
  const pending = useIsPending();
  const bind = fieldBinder(values, fields, "");
  const form = useRef<HTMLFormElement>(null);
  const submitting = useUnsavedChanges(form, savedAt);
  return (
    <Form
      ref={form}
      onSubmit={submitting}
      method="post"
      action={action}
      encType={signedIn ? "multipart/form-data" : undefined}
      noValidate
      className="space-y-6"
    >
      <FormAlert error={error} />
      <HoneypotField />
      {version ? <input type="hidden" name={VERSION_FIELD} value={version} /> : null}
      <PropertyFieldSections values={values as PropertyFormValues} fields={fields} forOwner />
      <section className="space-y-4" aria-labelledby="owner-contact-title">
        <h2 id="owner-contact-title" className="text-lg font-semibold text-slate-900">
          Availability and contact
        </h2>
        <p className="text-sm text-slate-600">
          Only our office sees how to reach you: the listing on our website is ours, never with your
          name or number.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Available from" {...bind("availableFrom")} type="date" optional />
          <SelectField
            label="How should we reach you?"
            {...bind("contactMethod")}
            placeholder="Choose one"
            options={CONTACT_METHODS}
          />
          <TextField
            label="Phone number"
            {...bind("contactPhone")}
            type="tel"
            autoComplete="tel"
            hint="For a call or WhatsApp."
          />
        </div>
      </section>
      <section className="space-y-2" aria-labelledby="owner-photos-title">
        <h2 id="owner-photos-title" className="text-lg font-semibold text-slate-900">
          Photos
        </h2>
        {signedIn ? (
          <PhotoPicker error={fields.photos} />
        ) : (
          <p className="text-sm text-slate-600">
            You add photos once you have signed in: what you type here is kept for you.
          </p>
        )}
      </section>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        {canSaveDraft ? (
          <SubmitButton
            name="intent"
            value="save"
            variant="outline"
            pending={pending}
            pendingLabel="Saving..."
          >
            Save draft
          </SubmitButton>
        ) : null}
        <SubmitButton name="intent" value="submit" pending={pending} pendingLabel="Sending...">
          {signedIn ? sendLabel : "Continue: sign in to send"}
        </SubmitButton>
      </div>
    </Form>
  );
}
