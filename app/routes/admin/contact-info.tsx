import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { ContactTypeGroup } from "~/components/admin/contact-items";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { saveMerging, versionToken } from "~/http/edit-merge.server";
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
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { CONTACT_MESSAGES, CONTACT_TYPES, contactItemSchema } from "~/lib/schemas/site-content";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  addContactItem,
  deleteContactItem,
  listContactItemsForAdmin,
  updateContactItem,
} from "~/models/admin-site-content.server";
import { defaultContactDetails } from "~/models/site-content.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/contact-info";

// /admin/contact-info: the address (multi-line), phone numbers, e-mail addresses, business
// hours and the WhatsApp number, each an item with a label (spec §3, §5, §7). The footer, the
// contact page, the property page's Contact Agent block, the e-mails and the JSON-LD read them
// from the next page on. Edit in the row (?edit=<id>, a plain link), add per type, delete asks.

const PAGE = "/admin/contact-info";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the contact information", CONTACT_MESSAGES.loadFailed, async () => {
    // Each item's form carries the values it opens with: the base of a merge (issue 42).
    const items = (await listContactItemsForAdmin(actor)).map((item) => ({
      ...item,
      version: versionToken(item.version, { label: item.label, value: item.value }),
    }));
    const edit = new URL(args.request.url).searchParams.get("edit");
    const editing = items.find((item) => item.id === edit)?.id ?? null;
    return { items, editing, defaults: defaultContactDetails() };
  });
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "add" || intent === "update") return save(actor, form, intent);
  if (intent === "delete") return remove(actor, form);
  return unknownIntent();
}

const REFUSALS = {
  "label-taken": { field: "label", message: CONTACT_MESSAGES.labelTaken },
  single: { field: "value", message: CONTACT_MESSAGES.single },
} as const;

/** The item's form checked: its input, or the 400 that keeps what was typed. */
function check(form: FormData, intent: "add" | "update") {
  const id = String(form.get("id") ?? "");
  const values = {
    type: String(form.get("type") ?? ""),
    label: String(form.get("label") ?? ""),
    value: String(form.get("value") ?? ""),
  };
  const parsed = contactItemSchema().safeParse(values);
  if (parsed.success) return { ok: true as const, input: parsed.data };
  const fields = fieldErrorsOf(parsed.error);
  // A type that is not one of the five comes from a tampered form, not from a person.
  if (fields.type) notFound();
  const message = Object.values(fields)[0] ?? CONTACT_MESSAGES.missing;
  const error = { title: "Validation Error", message };
  return {
    ok: false as const,
    response: badRequest({ intent, error, fields, values: { ...values, id } }),
  };
}

async function save(actor: AdminActor, form: FormData, intent: "add" | "update") {
  const id = String(form.get("id") ?? "");
  const values = {
    type: String(form.get("type") ?? ""),
    label: String(form.get("label") ?? ""),
    value: String(form.get("value") ?? ""),
  };
  let result: Awaited<ReturnType<typeof addContactItem>>;
  let theirsKept: string[] = [];
  try {
    if (intent === "add") {
      const checked = check(form, intent);
      if (!checked.ok) return checked.response;
      result = await addContactItem(actor, checked.input);
    } else {
      const saved = await saveMerging({
        form,
        fields: { label: "text", value: "text" },
        save: async (merged, version) => {
          const checked = check(merged, intent);
          if (!checked.ok) return checked.response;
          return updateContactItem(actor, id, checked.input, version);
        },
        current: async () => {
          const item = (await listContactItemsForAdmin(actor)).find((i) => i.id === id);
          return (
            item && { version: item.version, values: { label: item.label, value: item.value } }
          );
        },
        extra: { intent, values: { ...values, id } },
      });
      if (!saved.ok) return saved.response;
      if (!("ok" in saved.result)) return saved.result;
      result = saved.result;
      theirsKept = saved.theirsKept;
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, intent }, "Saving contact information failed");
    return failed(500, { intent, error: CONTACT_MESSAGES.failed, values: { ...values, id } });
  }
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    const refusal = REFUSALS[result.reason === "label-taken" ? "label-taken" : "single"];
    return badRequest({
      intent,
      error: { title: CONTACT_MESSAGES.failed.message, message: refusal.message },
      fields: { [refusal.field]: refusal.message },
      values: { ...values, id },
    });
  }
  throw redirectWithFlash(PAGE, theirsKept.length ? "savedWithTheirs" : "contactInfoUpdated");
}

async function remove(actor: AdminActor, form: FormData) {
  const intent = "delete";
  const id = String(form.get("id") ?? "");
  if (!isConfirmed(form)) return askToConfirm(form, CONTACT_MESSAGES.confirmDelete);
  let result: Awaited<ReturnType<typeof deleteContactItem>>;
  try {
    result = await deleteContactItem(actor, id);
  } catch (error) {
    logger.error({ err: error }, "Deleting a contact item failed");
    return failed(500, { intent, error: CONTACT_MESSAGES.failed, values: { id } });
  }
  if (!result.ok) {
    if (result.reason === "not-found") notFound();
    const error = { title: CONTACT_MESSAGES.failed.message, message: CONTACT_MESSAGES.lastOfType };
    return badRequest({ intent, error, values: { id } });
  }
  throw redirectWithFlash(PAGE, "contactInfoUpdated");
}

export const shouldRevalidate = revalidateAfterConflict;

export default function ContactInfoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, editing, defaults } = loaderData;
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Contact Info</h1>
        <p className="mt-1 text-slate-600">
          Shown in the site's footer, on the contact page, beside every property, in e-mails and to
          search engines. The first phone number and e-mail address are the main ones.
        </p>
      </div>
      {CONTACT_TYPES.map((type) => (
        <ContactTypeGroup
          key={type.value}
          type={type.value}
          items={items.filter((item) => item.type === type.value)}
          editing={editing}
          failure={failure}
          defaults={defaults}
        />
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={CONTACT_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Contact Info | Admin | ${COMPANY_NAME}` }];
