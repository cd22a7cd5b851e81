import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { toast } from "sonner";
import { FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { useHydrated } from "~/components/listing/use-hydrated";
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
  const location = useLocation();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formAction?.split("?")[0] === location.pathname;

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
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
      </Form>
    </>
  );
}

function SuccessPanel({ message }: { message: FormMessage }) {
  return (
    <div
      role="status"
      className="mb-4 flex gap-3 rounded-md border border-green-200 bg-green-50 p-4"
    >
      <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
      <div className="text-sm">
        <p className="font-semibold text-green-900">{message.title}</p>
        <p className="text-green-800">{message.message}</p>
      </div>
    </div>
  );
}
