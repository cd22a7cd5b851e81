import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { CheckCircle2 } from "~/components/icons";
import { toast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { type ActionResult, type FormMessage, failureOf } from "~/lib/action-result";
import { INQUIRY_LIMITS, type InquiryField, type InquiryValues } from "~/lib/schemas/inquiry";

// The form behind 'Send Us a Message' (/contact) and 'Inquire About This Service'
// (/services/{id}). A plain POST form: without JavaScript the page comes back with the errors
// beside the fields, or with a success panel; with it, the same answers arrive as toasts, the
// button shows its pending label, and a sent form is cleared.

export type InquiryActionData = ActionResult<object, InquiryValues> | undefined;

type FieldSpec = { label: string; required: boolean };

export type InquiryFormProps = {
  id?: string;
  actionData: InquiryActionData;
  /** The fields in order with their labels; a field left out is not shown. */
  fields: Partial<Record<InquiryField, FieldSpec>>;
  /** Initial values (the signed-in user's name and e-mail, a subject from the link). */
  defaults?: InquiryValues;
  messageRows: number;
  submitLabel: string;
  pendingLabel: string;
  success: FormMessage;
};

const ORDER: readonly InquiryField[] = ["name", "email", "phone", "subject", "message"];

const INPUTS: Record<
  Exclude<InquiryField, "message">,
  { type: "text" | "email" | "tel"; autoComplete: string }
> = {
  name: { type: "text", autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel" },
  subject: { type: "text", autoComplete: "off" },
};

export function InquiryForm({
  id,
  actionData,
  fields,
  defaults = {},
  messageRows,
  submitLabel,
  pendingLabel,
  success,
}: InquiryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const pending = useIsPending();

  const sent = actionData?.ok === true;
  const failure = failureOf(actionData);

  // Keyed on the answer itself, so a second message sent in a row is acknowledged too.
  useEffect(() => {
    if (!actionData?.ok) return;
    formRef.current?.reset();
    // After the Toaster (rendered later in the document) has subscribed, for a form that was
    // posted before the page hydrated.
    const timer = setTimeout(() => {
      toast.success(success.title, { description: success.message });
    }, 0);
    return () => clearTimeout(timer);
  }, [actionData, success]);

  const initialValue = (field: InquiryField) => failure?.values?.[field] ?? defaults[field] ?? "";

  return (
    <>
      {sent && !hydrated ? <SuccessPanel message={success} /> : null}
      <FormAlert error={failure?.error} />
      <Form
        ref={formRef}
        id={id}
        method="post"
        noValidate
        preventScrollReset
        className="relative space-y-4"
      >
        <HoneypotField />
        {ORDER.map((field) => {
          const spec = fields[field];
          if (!spec) return null;
          const error = failure?.fields?.[field];
          if (field === "message") {
            return (
              <TextAreaField
                key={field}
                label={spec.label}
                name={field}
                rows={messageRows}
                required={spec.required}
                defaultValue={initialValue(field)}
                error={error}
                maxLength={INQUIRY_LIMITS.message}
              />
            );
          }
          return (
            <TextField
              key={field}
              label={spec.label}
              name={field}
              type={INPUTS[field].type}
              autoComplete={INPUTS[field].autoComplete}
              required={spec.required}
              defaultValue={initialValue(field)}
              error={error}
              maxLength={INQUIRY_LIMITS[field]}
            />
          );
        })}
        <SubmitButton pending={pending} pendingLabel={pendingLabel} fullWidth>
          {submitLabel}
        </SubmitButton>
      </Form>
    </>
  );
}

function SuccessPanel({ message }: { message: FormMessage }) {
  return (
    <Alert icon={CheckCircle2} className="mb-4">
      <div className="text-sm">
        <p className="font-semibold text-green-900">{message.title}</p>
        <p className="text-green-800">{message.message}</p>
      </div>
    </Alert>
  );
}
