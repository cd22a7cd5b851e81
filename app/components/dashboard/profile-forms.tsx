import { Form } from "react-router";
import { NewPasswordFields } from "~/components/auth/auth-fields";
import { LogOut } from "~/components/icons";
import { Button, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { PasswordField, TextField, type TextFieldSpec } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors } from "~/lib/action-result";
import { FormButtons } from "./form-buttons";

// The profile page's cards. Plain POST forms to the profile action, told apart by `intent`.

const PERSONAL_FIELDS = [
  {
    name: "email",
    label: "Email",
    type: "email",
    readOnly: true,
    hint: "Your email address cannot be changed.",
  },
  { name: "fullName", label: "Full Name", autoComplete: "name" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
] as const satisfies readonly (TextFieldSpec & { name: string })[];

/** The profile's two forms: where each posts, its intent and its button. */
const PROFILE_FORMS = {
  personal: {
    title: "Personal Information",
    intent: "profile",
    submit: { label: "Save Changes", pendingLabel: "Saving..." },
  },
  security: {
    title: "Change Password",
    intent: "password",
    submit: { label: "Update Password", pendingLabel: "Updating..." },
  },
} as const;

export function PersonalInfoForm({
  email,
  values,
  errors,
  formKey,
}: {
  email: string;
  values: { fullName: string; phone: string };
  errors: FieldErrors;
  formKey: string;
}) {
  const shown = { email, ...values };
  return (
    <ProfileFormCard tab="personal" formKey={formKey}>
      {PERSONAL_FIELDS.map((field) => (
        <TextField
          key={field.name}
          {...field}
          defaultValue={shown[field.name]}
          error={errors[field.name]}
        />
      ))}
    </ProfileFormCard>
  );
}

export function SecurityForm({ errors, formKey }: { errors: FieldErrors; formKey: string }) {
  return (
    <ProfileFormCard tab="security" formKey={formKey}>
      <PasswordField
        label="Current Password"
        name="currentPassword"
        autoComplete="current-password"
        error={errors.currentPassword}
      />
      <NewPasswordFields
        labels={{ password: "New Password", confirm: "Confirm New Password" }}
        names={{ password: "newPassword", confirm: "confirmPassword" }}
        errors={errors}
      />
      <p className="text-sm text-slate-600">
        Changing your password signs you out on your other devices.
      </p>
    </ProfileFormCard>
  );
}

/** One of the profile's forms in its card: its fields, then Cancel and the submit button. */
function ProfileFormCard({
  tab,
  formKey,
  children,
}: {
  /** The tab the form posts to and comes back on. */
  tab: keyof typeof PROFILE_FORMS;
  /** A new key empties the form (after a success). */
  formKey: string;
  children: React.ReactNode;
}) {
  const { title, intent, submit } = PROFILE_FORMS[tab];
  const pending = useIsPending({ intent });
  return (
    <Card as="section">
      <CardTitle>{title}</CardTitle>
      <Form
        method="post"
        action={`/dashboard/profile?tab=${tab}`}
        className="mt-4 space-y-4"
        noValidate
        key={formKey}
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
        <FormButtons>
          <SubmitButton pending={pending} pendingLabel={submit.pendingLabel} fullWidth>
            {submit.label}
          </SubmitButton>
        </FormButtons>
      </Form>
    </Card>
  );
}

export function SignOutCard() {
  return (
    <Card as="section" tone="danger">
      <CardTitle>Sign Out of Account</CardTitle>
      <CardDescription>End your session on this device.</CardDescription>
      <Form method="post" action="/signout" className="mt-4">
        <Button type="submit" variant="destructive">
          <LogOut className="size-4" aria-hidden />
          Sign Out of Account
        </Button>
      </Form>
    </Card>
  );
}
