import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { UserForm } from "~/components/admin/user-parts";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed, redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { roleOptions } from "~/lib/admin-users";
import { listReturnPath } from "~/lib/list-params";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { addUserSchema, USER_MESSAGES, USER_REFUSALS } from "~/lib/schemas/user";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { createUserByAdmin } from "~/models/admin-users.server";
import type { Route } from "./+types/user-new";

// Add User: an account without a password; the person gets an e-mail with a link to choose
// one (staff never type it). Over the list with JavaScript, a page without. A guest's "Add as
// user" link fills the form in (?email=&firstName=&lastName=).

const LIST = "/admin/users";
const PREFILLED = ["email", "firstName", "lastName"] as const;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const search = new URL(args.request.url).searchParams;
  const prefill = Object.fromEntries(
    PREFILLED.map((name) => [name, (search.get(name) ?? "").slice(0, 254)]),
  );
  return { prefill, isSuperAdmin: actor.isSuperAdmin };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const values = {
    email: String(form.get("email") ?? ""),
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    phone: String(form.get("phone") ?? ""),
    role: String(form.get("role") ?? ""),
  };
  const title = USER_MESSAGES.addFailed;
  const parsed = addUserSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const message = Object.values(fields)[0] ?? USER_MESSAGES.tryAgain;
    return badRequest({ error: { title, message }, fields, values });
  }
  let created: Awaited<ReturnType<typeof createUserByAdmin>>;
  try {
    // The invitation is stored with the account, in its transaction.
    created = await createUserByAdmin(actor, parsed.data);
  } catch (error) {
    logger.error({ err: error }, "Adding a user failed");
    return failed(500, { error: { title, message: USER_MESSAGES.tryAgain }, values });
  }
  if (!created.ok) {
    const message = USER_REFUSALS[created.reason];
    const field = created.reason === "exists" ? "email" : "role";
    const status = created.reason === "exists" ? 400 : 403;
    return failed(status, { error: { title, message }, fields: { [field]: message }, values });
  }
  kickMailSender();
  throw redirectWithFlash(back, "userAdded");
}

export default function AddUserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { back, state } = useRecordBack(LIST);
  const failure = failureOf(actionData);
  return (
    <RecordView list={LIST} listLabel="All users" title="Add User">
      <UserForm
        mode="add"
        values={failure?.values ?? loaderData.prefill}
        errors={failure?.fields ?? {}}
        error={failure?.error}
        roles={roleOptions(loaderData.isSuperAdmin)}
        back={back}
        state={state}
      />
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={USER_MESSAGES.addFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Add User | Admin | ${COMPANY_NAME}` }];
