import { Form } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FormMessage } from "~/lib/action-result";
import {
  REPORT_LIMITS,
  REPORT_REASONS,
  type ReportReason,
  type ReportSubject,
  type ReportValues,
  reportSubjectFields,
} from "~/lib/schemas/trust";

// The fraud report form (issue 45): one component for every subject, a listing (its property
// page), an agent (their profile) or a value checked on /verify. It always posts to /report, a
// page of its own, so the pages that carry it stay light: without JavaScript the visitor lands
// on /report with the answer or the form's errors; with it, the same navigation.

export const REPORT_PATH = "/report";

/** The optional contact fields, in order. */
const CONTACT_FIELDS = [
  { name: "name", label: "Your name", autoComplete: "name", maxLength: REPORT_LIMITS.name },
  {
    name: "phone",
    label: "Your phone number",
    type: "tel",
    autoComplete: "tel",
    maxLength: REPORT_LIMITS.phone,
  },
  {
    name: "email",
    label: "Your e-mail address",
    type: "email",
    autoComplete: "email",
    maxLength: REPORT_LIMITS.email,
  },
] as const;

export type ReportFormFailure = {
  error?: FormMessage;
  fields?: Partial<Record<string, string>>;
  values?: ReportValues;
};

export function ReportForm({
  subject,
  reason,
  back,
  failure,
  idPrefix = "report",
}: {
  subject: ReportSubject;
  /** The reason chosen at first ("Someone used our name" on /verify). */
  reason?: ReportReason;
  /** The page to go back to after sending (a path on this site). */
  back?: string;
  /** The last refused post's messages and what was typed (on /report). */
  failure?: ReportFormFailure;
  idPrefix?: string;
}) {
  const pending = useIsPending({ formAction: REPORT_PATH });
  const values = failure?.values ?? {};
  const errors = failure?.fields ?? {};
  return (
    <Form method="post" action={REPORT_PATH} noValidate className="relative space-y-4">
      <FormAlert error={failure?.error} />
      <HoneypotField />
      {Object.entries(reportSubjectFields(subject)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <SelectField
        id={`${idPrefix}-reason`}
        label="What happened?"
        name="reason"
        required
        options={REPORT_REASONS}
        placeholder="Choose one"
        defaultValue={values.reason ?? reason ?? ""}
        error={errors.reason}
      />
      <TextAreaField
        id={`${idPrefix}-message`}
        label="Tell us more"
        optional
        name="message"
        rows={3}
        maxLength={REPORT_LIMITS.message}
        defaultValue={values.message ?? ""}
        error={errors.message}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm text-slate-600">
          Your contact, if you would like us to get back to you (optional)
        </legend>
        {CONTACT_FIELDS.map((spec) => (
          <TextField
            key={spec.name}
            {...spec}
            id={`${idPrefix}-${spec.name}`}
            optional
            defaultValue={values[spec.name] ?? ""}
            error={errors[spec.name]}
          />
        ))}
      </fieldset>
      <SubmitButton pending={pending} pendingLabel="Sending..." variant="destructive">
        Send report
      </SubmitButton>
    </Form>
  );
}
