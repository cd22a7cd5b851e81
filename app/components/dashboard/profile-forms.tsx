import { LogOut } from "lucide-react";
import { Form } from "react-router";
import { PasswordField, SubmitButton, TextField } from "~/components/auth/auth-fields";
import type { FieldErrors } from "~/lib/action-result";
import { FormButtons } from "./form-buttons";

// The profile page's cards. Plain POST forms to the profile action, told apart by `intent`.

export function PersonalInfoForm({
  email,
  values,
  errors,
  pending,
  formKey,
}: {
  email: string;
  values: { fullName: string; phone: string };
  errors: FieldErrors;
  pending: boolean;
  formKey: string;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">Personal Information</h2>
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
          <SubmitButton pending={pending} label="Save Changes" pendingLabel="Saving..." />
        </FormButtons>
      </Form>
    </section>
  );
}

export function SecurityForm({
  errors,
  pending,
  formKey,
}: {
  errors: FieldErrors;
  pending: boolean;
  formKey: string;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">Change Password</h2>
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
          <SubmitButton pending={pending} label="Update Password" pendingLabel="Updating..." />
        </FormButtons>
      </Form>
    </section>
  );
}

export function SignOutCard() {
  return (
    <section className="rounded-lg border border-red-200 bg-white p-5 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">Sign Out of Account</h2>
      <p className="mt-1 text-sm text-slate-600">End your session on this device.</p>
      <Form method="post" action="/signout" className="mt-4">
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-md bg-red-700 px-4 py-2.5 font-medium text-white hover:bg-red-800"
        >
          <LogOut className="size-4" aria-hidden />
          Sign Out of Account
        </button>
      </Form>
    </section>
  );
}
