import { Link, useActionData } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AGENT_PROFILE_INTENT, AgentProfileForm } from "~/components/admin/agent-profile-form";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import {
  DeleteUserForm,
  RoleBadge,
  USER_FIELD_LABELS,
  UserForm,
  UserStatusBadge,
} from "~/components/admin/user-parts";
import { PhoneLinks } from "~/components/contact-links";
import { ErrorText } from "~/components/ui/alert";
import { isThrownResponse, saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { roleOptions } from "~/lib/admin-users";
import { AGENT_PROFILE_LABELS } from "~/lib/agent-profile";
import { formatMoment } from "~/lib/appointment-format";
import { askToConfirm, confirmationFor, isConfirmed } from "~/lib/confirm";
import { mergeFieldsOf } from "~/lib/edit-conflict";
import { listReturnPath } from "~/lib/list-params";
import type { AgentProfileValues } from "~/lib/schemas/agent-profile";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { editUserSchema, USER_MESSAGES, USER_REFUSALS } from "~/lib/schemas/user";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  type AdminUser,
  deleteUserByAdmin,
  getUserForAdmin,
  updateUserByAdmin,
} from "~/models/admin-users.server";
import type { Route } from "./+types/user";
import { loadAgentProfileForm, saveAgentProfileForm } from "./agent-profile.server";

// One account: edit its names, phone, role and status (deactivating signs it out everywhere at
// once), or delete it after 'Are you absolutely sure?'. Over the list with JavaScript, a page
// without. Unknown ids are the admin 404.

const LIST = "/admin/users";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const user = await getUserForAdmin(actor, args.params.id);
  if (!user) notFound();
  return {
    // The form's version carries the values it opens with: the base of a merge (issue 42).
    user: { ...user, version: versionToken(user.version, formValuesOf(user)) },
    viewer: { id: actor.id, isSuperAdmin: actor.isSuperAdmin },
    // An agent's public profile (issue 45): its own form below the account's.
    agentProfile: user.role === "agent" ? await loadAgentProfileForm(actor, user.id) : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");

  if (intent === "update") {
    const title = USER_MESSAGES.updateFailed;
    const saved = await saveMerging({
      form,
      fields: USER_MERGE_FIELDS,
      save: (merged, version) => saveUser(actor, id, merged, version),
      current: async () => {
        const now = await getUserForAdmin(actor, id);
        return now && { version: now.version, values: formValuesOf(now) };
      },
      extra: { intent },
    }).catch((error: unknown) => {
      if (isThrownResponse(error)) throw error;
      logger.error({ err: error, userId: id }, "Updating a user failed");
      return null;
    });
    if (!saved) {
      const values = postedUserValues(form);
      return failed(500, { intent, error: { title, message: USER_MESSAGES.tryAgain }, values });
    }
    if (!saved.ok) return saved.response;
    const updated = saved.result;
    if (!("ok" in updated)) return updated;
    if (!updated.ok) {
      if (updated.reason === "not-found") notFound();
      const message = USER_REFUSALS[updated.reason];
      const field = updated.reason === "admin-role" ? "role" : "status";
      return failed(403, {
        intent,
        error: { title, message },
        fields: { [field]: message },
        values: postedUserValues(form),
      });
    }
    throw redirectWithFlash(back, saved.theirsKept.length ? "savedWithTheirs" : "userUpdated");
  }

  if (intent === AGENT_PROFILE_INTENT) return saveAgentProfileForm(actor, id, form, back);

  if (intent === "delete") {
    if (!isConfirmed(form)) return askToConfirm(form, USER_MESSAGES.deleteQuestion);
    const title = USER_MESSAGES.deleteFailed;
    let deleted: Awaited<ReturnType<typeof deleteUserByAdmin>>;
    try {
      deleted = await deleteUserByAdmin(actor, id);
    } catch (error) {
      logger.error({ err: error, userId: id }, "Deleting a user failed");
      return failed(500, { intent, error: { title, message: USER_MESSAGES.tryAgain } });
    }
    if (!deleted.ok) {
      if (deleted.reason === "not-found") notFound();
      return failed(403, { intent, error: { title, message: USER_REFUSALS[deleted.reason] } });
    }
    throw redirectWithFlash(back, "userDeleted");
  }

  return unknownIntent();
}

/** The form's values for a stored account. */
/** The edit form's fields as posted. */
function postedUserValues(form: FormData) {
  return {
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    phone: String(form.get("phone") ?? ""),
    role: String(form.get("role") ?? ""),
    status: String(form.get("status") ?? ""),
  };
}

const USER_MERGE_FIELDS = mergeFieldsOf(Object.keys(USER_FIELD_LABELS));

/** Checks the edit form and saves it at `version`: the model's answer, or the 400. */
async function saveUser(actor: AdminActor, id: string, form: FormData, version: string) {
  const intent = "update";
  const values = postedUserValues(form);
  const parsed = editUserSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const message = Object.values(fields)[0] ?? USER_MESSAGES.tryAgain;
    const title = USER_MESSAGES.updateFailed;
    return badRequest({ intent, error: { title, message }, fields, values });
  }
  return updateUserByAdmin(actor, id, parsed.data, version);
}

function formValuesOf(user: AdminUser) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? "",
    role: user.role,
    status: user.status,
  };
}

export const shouldRevalidate = revalidateAfterConflict;

/** Why this admin may not change the account's role and status, if they may not. */
function lockedReason(user: AdminUser, viewer: { id: string; isSuperAdmin: boolean }) {
  if (user.id === viewer.id) return USER_MESSAGES.self;
  if (user.role === "admin" && !viewer.isSuperAdmin) return USER_MESSAGES.adminAccount;
  return undefined;
}

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { user, viewer, agentProfile } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const actionData = useActionData<typeof action>();
  const failure = failureOf(actionData);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  // Without JavaScript the delete question comes back from the action: keep its list address.
  const asked = confirmationFor(actionData, { intent: "delete" });
  const canDelete = user.id !== viewer.id && (user.role !== "admin" || viewer.isSuperAdmin);
  return (
    <RecordView list={LIST} listLabel="All users" title={`Edit ${name}`}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <RoleBadge kind={user.role} isSuperAdmin={user.isSuperAdmin} />
          <UserStatusBadge status={user.status} />
          <span>Account since {formatMoment(user.createdAt)}</span>
          <span aria-hidden>·</span>
          <Link
            to={`/admin/appointments?q=${encodeURIComponent(user.email)}`}
            className="text-brand-700 hover:underline"
          >
            {user.bookings} {user.bookings === 1 ? "booking" : "bookings"}
          </Link>
          <span aria-hidden>·</span>
          <Link
            to={`/admin/complaints?q=${encodeURIComponent(user.email)}`}
            className="text-brand-700 hover:underline"
          >
            {user.inquiries} {user.inquiries === 1 ? "inquiry" : "inquiries"}
          </Link>
          {user.phone ? (
            <>
              <span aria-hidden>·</span>
              <PhoneLinks phone={user.phone} name={user.firstName} />
            </>
          ) : null}
        </div>
        <EditConflictPanel
          conflict={failure?.conflict}
          labels={{ ...USER_FIELD_LABELS, ...AGENT_PROFILE_LABELS }}
          what="this account"
          state={state}
        />
        <UserForm
          key={user.version}
          version={user.version}
          mode="edit"
          values={{
            email: user.email,
            ...(failure?.intent === "update" && failure.values && !failure.conflict
              ? failure.values
              : formValuesOf(user)),
          }}
          errors={failure?.intent === "update" ? (failure.fields ?? {}) : {}}
          error={failure?.intent === "update" ? failure.error : undefined}
          roles={roleOptions(viewer.isSuperAdmin, user.role)}
          lockedReason={lockedReason(user, viewer)}
          back={back}
          state={state}
        />
        {agentProfile ? (
          <AgentProfileForm
            key={agentProfile.version}
            slug={agentProfile.slug}
            signInEmail={user.email}
            member={agentProfile.member}
            version={agentProfile.version}
            values={
              failure?.intent === AGENT_PROFILE_INTENT && failure.values && !failure.conflict
                ? (failure.values as Partial<AgentProfileValues>)
                : agentProfile.values
            }
            errors={failure?.intent === AGENT_PROFILE_INTENT ? (failure.fields ?? {}) : {}}
            error={failure?.intent === AGENT_PROFILE_INTENT ? failure.error : undefined}
            back={back}
            state={state}
          />
        ) : null}
        {canDelete || failure?.intent === "delete" ? (
          <section aria-labelledby="delete-user-heading" className="border-t border-slate-200 pt-4">
            <h2 id="delete-user-heading" className="text-lg font-semibold text-slate-900">
              Delete account
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              Their bookings and inquiries are kept, no longer linked to an account.
            </p>
            {failure?.intent === "delete" && failure.error ? (
              <ErrorText className="mb-3">
                {failure.error.title}: {failure.error.message}
              </ErrorText>
            ) : null}
            {canDelete ? (
              <DeleteUserForm
                userId={user.id}
                name={name}
                back={asked?.fields.back ?? back}
                onOwnPage
              />
            ) : null}
          </section>
        ) : null}
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={USER_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Edit User | Admin | ${COMPANY_NAME}` }];
