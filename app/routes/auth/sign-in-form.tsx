import { Form, useSearchParams } from "react-router";
import { CredentialFields } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FormMessage } from "~/lib/action-result";

/**
 * The form of both logins (/signin and /admin/login, answered by signInAction): the failed
 * attempt's message, e-mail and password, the page to go back to, and `children` (the
 * customers' "Forgot password?") above the submit button.
 */
export function SignInForm({
  actionData,
  emailAutoComplete,
  submitLabel,
  children,
}: {
  actionData: { error?: FormMessage; values?: { email?: string } } | undefined;
  emailAutoComplete: "email" | "username";
  submitLabel: string;
  children?: React.ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  return (
    <>
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <HoneypotField />
        <CredentialFields
          email={actionData?.values?.email}
          failed={Boolean(actionData?.error)}
          emailAutoComplete={emailAutoComplete}
        />
        {children}
        <SubmitButton pending={pending} pendingLabel="Signing In..." fullWidth>
          {submitLabel}
        </SubmitButton>
      </Form>
    </>
  );
}
