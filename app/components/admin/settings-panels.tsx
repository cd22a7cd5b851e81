import { Form, useNavigate, useSubmit } from "react-router";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { NewPasswordFields } from "~/components/auth/auth-fields";
import { Badge } from "~/components/ui/badge";
import { Button, LinkButton, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { PasswordField, SwitchField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import { USER_STATUS_LABELS } from "~/lib/admin-users";
import { formatMoment } from "~/lib/appointment-format";
import { MIN_PASSWORD_LENGTH } from "~/lib/schemas/account";
import {
  DELETE_ACCOUNT_WORD,
  isSettingInEffect,
  NOTIFICATION_SETTINGS,
  type NotificationSetting,
  requiredSetting,
} from "~/lib/schemas/admin-settings";

// The tabs of /admin/settings. Every form is a plain POST to the settings action, told apart by
// `intent`; the switches post as soon as they change once JavaScript runs (a Save button
// without it), and the add-admin dialog is a section of the page without JavaScript.

const SETTINGS = "/admin/settings";

type Failure = ActionFailure<Record<string, string>> | undefined;

export function GeneralPanel({
  settings,
  failure,
}: {
  settings: Record<NotificationSetting, boolean>;
  failure?: Failure;
}) {
  return (
    <Card as="section" aria-labelledby="general-heading">
      <CardTitle id="general-heading">Notifications</CardTitle>
      <CardDescription>Your own switches: other admins have theirs.</CardDescription>
      <div className="mt-4">
        <FormAlert error={failure?.error} />
      </div>
      <div className="divide-y divide-slate-100">
        {(Object.keys(NOTIFICATION_SETTINGS) as NotificationSetting[]).map((setting) => {
          const required = requiredSetting(setting);
          return (
            <NotificationSwitch
              key={setting}
              setting={setting}
              // Off while the switch it depends on is off, whatever its own stored choice.
              enabled={isSettingInEffect(settings, setting)}
              blocked={required !== undefined && !isSettingInEffect(settings, required)}
            />
          );
        })}
      </div>
    </Card>
  );
}

function NotificationSwitch({
  setting,
  enabled,
  blocked,
}: {
  setting: NotificationSetting;
  enabled: boolean;
  /** The switch it depends on is off: shown off, and it cannot be turned on. */
  blocked: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const pending = useIsPending({ intent: "notification", match: { setting } });
  const entry: { label: string; hint: string; offWhile?: string } = NOTIFICATION_SETTINGS[setting];
  const { label } = entry;
  const hint = blocked && entry.offWhile ? entry.offWhile : entry.hint;
  return (
    <Form
      method="post"
      action={`${SETTINGS}?tab=general`}
      className="flex flex-wrap items-end gap-3 py-3"
      preventScrollReset
    >
      <input type="hidden" name="intent" value="notification" />
      <input type="hidden" name="setting" value={setting} />
      <SwitchField
        // A new key when the stored value changes, so the switch shows what is stored.
        key={`${enabled}:${blocked}`}
        label={label}
        name="enabled"
        hint={hint}
        defaultChecked={enabled}
        disabled={pending || blocked}
        className="min-w-0 flex-1"
        onCheckedChange={(checked) =>
          submit(
            { intent: "notification", setting, ...(checked ? { enabled: "on" } : {}) },
            { method: "post", action: `${SETTINGS}?tab=general`, preventScrollReset: true },
          )
        }
      />
      {hydrated || blocked ? null : (
        <Button type="submit" variant="outline" size="sm">
          Save<span className="sr-only"> {label}</span>
        </Button>
      )}
    </Form>
  );
}

export function PasswordPanel({ failure }: { failure: Failure }) {
  const pending = useIsPending({ intent: "password" });
  return (
    <Card as="section" aria-labelledby="password-heading">
      <CardTitle id="password-heading">Change Password</CardTitle>
      <CardDescription>
        Changing your password signs you out everywhere else; this browser stays signed in.
      </CardDescription>
      <SecurityForm intent="password" failure={failure} clearOnSave>
        <PasswordField
          label="Current Password"
          name="currentPassword"
          autoComplete="current-password"
          error={failure?.fields?.currentPassword}
        />
        <NewPasswordFields
          labels={{ password: "New Password", confirm: "Confirm New Password" }}
          names={{ password: "newPassword", confirm: "confirmPassword" }}
          errors={failure?.fields ?? {}}
        />
        <p className="text-sm text-slate-600">At least {MIN_PASSWORD_LENGTH} characters.</p>
        <SubmitButton pending={pending} pendingLabel="Updating...">
          Update Password
        </SubmitButton>
      </SecurityForm>
    </Card>
  );
}

export function DangerZone({
  failure,
  lastSuperAdmin,
}: {
  failure: Failure;
  lastSuperAdmin: boolean;
}) {
  const pending = useIsPending({ intent: "delete-account" });
  return (
    <Card as="section" tone="danger" aria-labelledby="danger-heading">
      <CardTitle id="danger-heading">Danger Zone</CardTitle>
      <CardDescription>
        Deleting your account signs you out and cannot be undone. What you changed stays in the
        audit log.
      </CardDescription>
      <SecurityForm intent="delete-account" failure={failure}>
        {lastSuperAdmin ? (
          <p className="text-sm text-slate-700">
            You are the last super admin, so this account cannot be deleted.
          </p>
        ) : null}
        <TextField
          label={`Type ${DELETE_ACCOUNT_WORD} to confirm`}
          name="confirmation"
          autoComplete="off"
          error={failure?.fields?.confirmation}
          defaultValue={failure?.values?.confirmation}
        />
        <SubmitButton pending={pending} pendingLabel="Deleting..." variant="destructive">
          Delete Account
        </SubmitButton>
      </SecurityForm>
    </Card>
  );
}

/** A form of the Security tab: it posts to the tab, which shows its answer. */
function SecurityForm({
  intent,
  failure,
  clearOnSave,
  children,
}: {
  intent: "password" | "delete-account";
  failure: Failure;
  clearOnSave?: boolean;
  children: React.ReactNode;
}) {
  return (
    <AdminForm
      method="post"
      action={`${SETTINGS}?tab=security`}
      className="mt-4 space-y-4"
      noValidate
      clearOnSave={clearOnSave}
      error={failure?.error}
      intent={intent}
    >
      {children}
    </AdminForm>
  );
}

export type AdminAccount = {
  id: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
  status: "active" | "inactive";
  createdAt: Date;
};

export function AdminsPanel({
  admins,
  viewerId,
  adding,
  failure,
}: {
  admins: readonly AdminAccount[];
  viewerId: string;
  adding: boolean;
  failure: Failure;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const superAdmins = admins.filter((a) => a.isSuperAdmin && a.status === "active").length;
  const form = <AddAdminForm failure={failure?.intent === "add-admin" ? failure : undefined} />;
  return (
    <div className="space-y-4">
      <Card as="section" aria-labelledby="admins-heading">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <CardTitle id="admins-heading">Admin Users</CardTitle>
            <CardDescription>
              Only super admins add or remove admins. New admins are not super admins.
            </CardDescription>
          </div>
          <LinkButton to={`${SETTINGS}?tab=admins&add=1`} size="md" preventScrollReset>
            Add Admin
          </LinkButton>
        </div>
        {failure?.intent === "remove-admin" ? <FormAlert error={failure.error} /> : null}
        <ul className="mt-4 divide-y divide-slate-100">
          {admins.map((admin) => {
            const last = admin.isSuperAdmin && admin.status === "active" && superAdmins <= 1;
            return (
              <li key={admin.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{admin.name || admin.email}</p>
                  <p className="break-all text-sm text-slate-600">{admin.email}</p>
                  <p className="text-xs text-slate-500">Added {formatMoment(admin.createdAt)}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {admin.isSuperAdmin ? (
                    <Badge tone="blue">Super Admin</Badge>
                  ) : (
                    <Badge>Admin</Badge>
                  )}
                  {admin.status === "inactive" ? (
                    <Badge tone="red">{USER_STATUS_LABELS.inactive}</Badge>
                  ) : null}
                  {admin.id === viewerId ? <Badge tone="green">You</Badge> : null}
                </div>
                {admin.id !== viewerId && !last ? (
                  <ConfirmForm
                    fields={{ intent: "remove-admin", userId: admin.id }}
                    label={
                      <>
                        Remove<span className="sr-only"> {admin.email}</span>
                      </>
                    }
                    question="Remove this admin?"
                    description={`${admin.email} loses the admin role and is signed out at once. The account stays, as a customer account.`}
                    confirmLabel="Yes, remove"
                    cancelLabel="Cancel"
                    pendingLabel="Removing..."
                    mode="dialog"
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      </Card>
      {adding && hydrated ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) navigate(`${SETTINGS}?tab=admins`, { preventScrollReset: true });
          }}
        >
          <DialogContent aria-describedby={undefined}>
            <DialogHeader>
              <DialogTitle>Add Admin</DialogTitle>
            </DialogHeader>
            <div className="mt-4">{form}</div>
          </DialogContent>
        </Dialog>
      ) : adding ? (
        <Card as="section" aria-labelledby="add-admin-heading">
          <CardTitle id="add-admin-heading">Add Admin</CardTitle>
          <div className="mt-4">{form}</div>
        </Card>
      ) : null}
    </div>
  );
}

function AddAdminForm({ failure }: { failure: Failure }) {
  const pending = useIsPending({ intent: "add-admin" });
  return (
    <AdminForm
      method="post"
      action={`${SETTINGS}?tab=admins&add=1`}
      className="space-y-4"
      noValidate
      preventScrollReset
      error={failure?.error}
      intent="add-admin"
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        defaultValue={failure?.values?.email}
        error={failure?.fields?.email}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        error={failure?.fields?.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. Give it to the new admin privately.`}
      />
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="off"
        optional
        defaultValue={failure?.values?.fullName}
        error={failure?.fields?.fullName}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={pending} pendingLabel="Adding...">
          Add Admin
        </SubmitButton>
        <LinkButton to={`${SETTINGS}?tab=admins`} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}
