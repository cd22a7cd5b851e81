import { AdminForm } from "~/components/admin/unsaved-changes";
import { Badge } from "~/components/ui/badge";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { fieldBinder, SelectField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import {
  ROLE_TONES,
  roleLabel,
  STATUS_OPTIONS,
  USER_STATUS_LABELS,
  USER_STATUS_TONES,
  type UserKind,
} from "~/lib/admin-users";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import type { UserStatus } from "~/lib/roles";
import { NAME_MAX_LENGTH, USER_MESSAGES } from "~/lib/schemas/user";

// The pieces /admin/users and its add and edit forms share: the Role and Status badges, the
// delete question, and the account form.

export function RoleBadge({ kind, isSuperAdmin }: { kind: UserKind; isSuperAdmin: boolean }) {
  return (
    <Badge tone={ROLE_TONES[kind]} data-role={kind} className="whitespace-nowrap">
      {roleLabel(kind, isSuperAdmin)}
    </Badge>
  );
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge tone={USER_STATUS_TONES[status]} data-status={status} className="whitespace-nowrap">
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * Delete, after the spec's 'Are you absolutely sure?' (an alert dialog with JavaScript; a second
 * post on the account's page without it). Posts to the account's route; `action` is left out on
 * that page itself.
 */
export function DeleteUserForm({
  userId,
  name,
  back,
  onOwnPage = false,
  size = "sm",
}: {
  userId: string;
  name: string;
  back: string;
  onOwnPage?: boolean;
  size?: "xs" | "sm";
}) {
  return (
    <ConfirmForm
      action={onOwnPage ? undefined : `/admin/users/${userId}`}
      fields={{ intent: "delete", back }}
      label={
        <>
          Delete<span className="sr-only"> {name}</span>
        </>
      }
      question={USER_MESSAGES.deleteQuestion}
      description={`This deletes the account of ${name}: they can no longer sign in. Their bookings and inquiries are kept, no longer linked to an account. This cannot be undone.`}
      confirmLabel="Yes, delete the account"
      cancelLabel="Cancel"
      pendingLabel="Deleting..."
      mode="dialog"
      size={size}
    />
  );
}

export type UserFormValues = {
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  role?: string;
  status?: string;
};

/** The form's fields with the labels it shows (the conflict panel's rows). */
export const USER_FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: "First Name",
  lastName: "Last Name",
  phone: "Phone",
  role: "Role",
  status: "Status",
};

/**
 * The add and edit form. `lockedReason`: the role and status cannot be changed by this admin
 * (they are shown and posted unchanged, with the reason).
 */
export function UserForm({
  mode,
  values,
  errors,
  error,
  roles,
  lockedReason,
  back,
  state,
  version,
}: {
  mode: "add" | "edit";
  /** Editing: the version of the account the form was opened at. */
  version?: string;
  values: UserFormValues;
  errors: FieldErrors;
  error?: FormMessage;
  roles: readonly { value: string; label: string }[];
  lockedReason?: string;
  back: string;
  state: unknown;
}) {
  const intent = mode === "add" ? "create" : "update";
  const pending = useIsPending({ intent });
  // An empty role or status falls back too: tenant and active are the first choices, which
  // the select would show for a value it has no option for anyway.
  const bind = fieldBinder(values, errors);
  return (
    <AdminForm
      method="post"
      state={state}
      version={version}
      className="space-y-4"
      noValidate
      error={error}
      intent={intent}
    >
      <input type="hidden" name="back" value={back} />
      <TextField
        label="Email"
        {...bind("email")}
        type="email"
        autoComplete="off"
        readOnly={mode === "edit"}
        required={mode === "add"}
        hint={
          mode === "add"
            ? "We e-mail this address a link to choose a password."
            : "The e-mail address is the sign-in name and cannot be changed."
        }
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          {...bind("firstName")}
          autoComplete="off"
          required
          maxLength={NAME_MAX_LENGTH}
        />
        <TextField
          label="Last Name"
          {...bind("lastName")}
          autoComplete="off"
          optional
          maxLength={NAME_MAX_LENGTH}
        />
      </div>
      <TextField
        label="Phone"
        {...bind("phone")}
        type="tel"
        autoComplete="off"
        optional
        maxLength={PHONE_MAX_LENGTH}
      />
      {lockedReason ? (
        <div className="space-y-1">
          <input type="hidden" name="role" value={values.role} />
          <input type="hidden" name="status" value={values.status} />
          <p className="text-sm text-slate-800">
            <span className="font-medium">Role and status:</span>{" "}
            {roles.find((r) => r.value === values.role)?.label ?? values.role},{" "}
            {USER_STATUS_LABELS[values.status as UserStatus] ?? values.status}
          </p>
          <p className="text-xs text-slate-500">{lockedReason}</p>
          {errors.role || errors.status ? (
            <p className="text-sm text-red-700">{errors.role ?? errors.status}</p>
          ) : null}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Role" {...bind("role", "tenant")} options={roles} />
          {mode === "edit" ? (
            <SelectField
              label="Status"
              {...bind("status", "active")}
              options={STATUS_OPTIONS}
              hint="Inactive accounts are signed out at once and cannot sign in."
            />
          ) : null}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <SubmitButton pending={pending} pendingLabel={mode === "add" ? "Adding..." : "Saving..."}>
          {mode === "add" ? "Add User" : "Save Changes"}
        </SubmitButton>
        <LinkButton to={back} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}
