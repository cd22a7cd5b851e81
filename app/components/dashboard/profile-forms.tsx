import { LogOut } from "lucide-react";
import { Form } from "react-router";
import type { FieldErrors } from "~/auth/forms";
import { Button, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { PasswordField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { FormButtons } from "./form-buttons";

// The profile page's cards. Plain POST forms to the profile action, told apart by `intent`.

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
  const pending = useIsPending({ intent: "profile" });
  return (
    <Card asChild>
      <section>
        <CardTitle>Personal Information</CardTitle>
        <Form
          method="post"
          action="/dashboard/profile?tab=personal"
          className="mt-4 space-y-4"
          noValidate
          key={formKey}
        >
          <input type="hidden" name="intent" value="profile" />
          <TextField
            label="Email"
            name="email"
            type="email"
            defaultValue={email}
            readOnly
            hint="Your email address cannot be changed."
          />
          <TextField
            label="Full Name"
            name="fullName"
            autoComplete="name"
            defaultValue={values.fullName}
            error={errors.fullName}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            error={errors.phone}
          />
          <FormButtons>
            <SubmitButton pending={pending} pendingLabel="Saving..." fullWidth>
              Save Changes
            </SubmitButton>
          </FormButtons>
        </Form>
      </section>
    </Card>
  );
}

export function SecurityForm({ errors, formKey }: { errors: FieldErrors; formKey: string }) {
  const pending = useIsPending({ intent: "password" });
  return (
    <Card asChild>
      <section>
        <CardTitle>Change Password</CardTitle>
        <Form
          method="post"
          action="/dashboard/profile?tab=security"
          className="mt-4 space-y-4"
          noValidate
          key={formKey}
        >
          <input type="hidden" name="intent" value="password" />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            error={errors.newPassword}
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            error={errors.confirmPassword}
          />
          <p className="text-sm text-slate-600">
            Changing your password signs you out on your other devices.
          </p>
          <FormButtons>
            <SubmitButton pending={pending} pendingLabel="Updating..." fullWidth>
              Update Password
            </SubmitButton>
          </FormButtons>
        </Form>
      </section>
    </Card>
  );
}

export function SignOutCard() {
  return (
    <Card asChild tone="danger">
      <section>
        <CardTitle>Sign Out of Account</CardTitle>
        <CardDescription>End your session on this device.</CardDescription>
        <Form method="post" action="/signout" className="mt-4">
          <Button type="submit" variant="destructive">
            <LogOut className="size-4" aria-hidden />
            Sign Out of Account
          </Button>
        </Form>
      </section>
    </Card>
  );
}
