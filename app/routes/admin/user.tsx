import { Form } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { SubmitButton } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { failureOf } from "~/lib/action-result";
import { badRequest, notFound, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { ROLES, USER_STATUSES } from "~/lib/roles";
import { ADMIN_USER_MESSAGES, adminUserSchema, ROLE_LABELS } from "~/lib/schemas/admin-user";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { COMPANY_NAME } from "~/lib/site";
import { statusLabel } from "~/lib/status-tones";
import { getUserForAdmin, updateUserByAdmin } from "~/models/admin-users.server";
import type { Route } from "./+types/user";

// Editing an account: first and last name, phone, role (the admin role only by a super admin)
// and status (inactive signs the person out everywhere at once).

const LIST = "/admin/users";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const user = await getUserForAdmin(actor, args.params.id);
  if (!user) notFound();
  return { user, canGrantAdmin: actor.isSuperAdmin, isSelf: user.id === actor.id };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await args.request.formData();
  const back = listReturnPath(form.get("back"), LIST);
  const values = Object.fromEntries(
    ["firstName", "lastName", "phone", "role", "status"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = adminUserSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    return badRequest({
      error: { title: "Validation Error", message: Object.values(fields)[0] ?? "" },
      fields,
      values,
    });
  }
  const result = await updateUserByAdmin(actor, args.params.id, parsed.data);
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    return badRequest({
      error: { title: "Not changed", message: ADMIN_USER_MESSAGES[result.reason] },
      values,
    });
  }
  throw redirectWithFlash(back, "userUpdated");
}

export default function AdminUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, canGrantAdmin, isSelf } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const pending = useIsPending();
  const failure = failureOf(actionData);
  const value = (name: "firstName" | "lastName" | "phone" | "role" | "status") =>
    failure?.values?.[name] ?? String(user[name] ?? "");
  const roleOptions = ROLES.filter(
    (r) => canGrantAdmin || r !== "admin" || user.role === "admin",
  ).map((r) => ({ value: r, label: ROLE_LABELS[r] }));
  return (
    <RecordView list={LIST} listLabel="All users" title={user.email}>
      <Form method="post" state={state} className="space-y-4" noValidate>
        <input type="hidden" name="back" value={back} />
        <FormAlert error={failure?.error} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            defaultValue={value("firstName")}
            error={failure?.fields?.firstName}
          />
          <TextField
            label="Last Name"
            name="lastName"
            optional
            defaultValue={value("lastName")}
            error={failure?.fields?.lastName}
          />
        </div>
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          optional
          defaultValue={value("phone")}
          error={failure?.fields?.phone}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Role"
            name="role"
            options={roleOptions}
            defaultValue={value("role")}
            disabled={isSelf || (!canGrantAdmin && user.role === "admin")}
            hint={
              canGrantAdmin ? undefined : "Only a super admin grants or removes the admin role."
            }
            error={failure?.fields?.role}
          />
          <SelectField
            label="Status"
            name="status"
            options={USER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            defaultValue={value("status")}
            disabled={isSelf}
            hint="Inactive accounts are signed out at once and cannot sign in."
            error={failure?.fields?.status}
          />
        </div>
        {/* A disabled select posts nothing: send the current value. */}
        {isSelf || (!canGrantAdmin && user.role === "admin") ? (
          <input type="hidden" name="role" value={user.role} />
        ) : null}
        {isSelf ? <input type="hidden" name="status" value={user.status} /> : null}
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel="Saving...">
            Save Changes
          </SubmitButton>
        </div>
      </Form>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load users data" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit User | Admin | ${COMPANY_NAME}` }];
