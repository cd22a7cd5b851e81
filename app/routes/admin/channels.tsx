import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import {
  type ChannelFormValues,
  OfficialChannelForm,
} from "~/components/admin/official-channel-form";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FormAlert } from "~/components/ui/form-alert";
import { Pagination } from "~/components/ui/pagination";
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
import { formatMoment } from "~/lib/appointment-format";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { formatNumber } from "~/lib/money";
import { CHANNEL_KINDS, CHANNEL_MESSAGES, readChannelForm } from "~/lib/schemas/trust";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  addOfficialChannel,
  CHECKED_VALUES_PAGE_SIZE,
  deleteOfficialChannel,
  listCheckedValuesForAdmin,
  listOfficialChannelsForAdmin,
  updateOfficialChannel,
} from "~/models/official-channels.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/channels";

// /admin/channels (issue 45): the phones, WhatsApp lines, e-mail addresses and bank accounts
// /verify answers "ours" for, the known impostors it warns about, and what visitors checked
// there that is not ours (how often, how often reported). Admins only (office:manage). Edit in
// the row (?edit=<id>, a plain link), add per kind, delete asks first.

const PAGE = "/admin/channels";
/** The search parameter of the checked values' page (the channels above are one short list). */
const CHECKED_PAGE_PARAM = "checked";

/** The checked values' page asked for: a whole number from 1; anything else is page 1. */
function checkedPageOf(url: URL) {
  const page = Number(url.searchParams.get(CHECKED_PAGE_PARAM) ?? "1");
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}
const LOAD_FAILED = "Failed to load the official channels";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the official channels", LOAD_FAILED, async () => {
    const url = new URL(args.request.url);
    const page = checkedPageOf(url);
    const [channels, checked] = await Promise.all([
      listOfficialChannelsForAdmin(actor),
      listCheckedValuesForAdmin(actor, page),
    ]);
    const edit = url.searchParams.get("edit");
    return {
      channels,
      checked: {
        ...checked,
        page,
        pageCount: Math.max(1, Math.ceil(checked.total / CHECKED_VALUES_PAGE_SIZE)),
      },
      editing: channels.find((c) => c.id === edit)?.id ?? null,
    };
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

async function save(actor: AdminActor, form: FormData, intent: "add" | "update") {
  const id = String(form.get("id") ?? "");
  const kind = String(form.get("kind") ?? "");
  if (!CHANNEL_KINDS.some((k) => k.value === kind)) notFound();
  const values: Record<string, string> = { id, kind };
  for (const name of ["value", "label", "bankName", "accountName", "usedFor"]) {
    values[name] = String(form.get(name) ?? "");
  }
  const read = readChannelForm(form);
  if (!read.ok) {
    const message = Object.values(read.fields)[0] ?? CHANNEL_MESSAGES.valueMissing;
    const error = { title: "Validation Error", message };
    return badRequest({ intent, error, fields: read.fields, values });
  }
  try {
    const result =
      intent === "add"
        ? await addOfficialChannel(actor, read.input)
        : await updateOfficialChannel(actor, id, read.input);
    if (!result.ok && result.reason === "not-found") notFound();
    if (!result.ok) {
      const error = { title: "Validation Error", message: CHANNEL_MESSAGES.taken };
      return badRequest({ intent, error, fields: { value: CHANNEL_MESSAGES.taken }, values });
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, intent }, "Saving an official channel failed");
    return failed(500, { intent, error: CHANNEL_MESSAGES.failed, values });
  }
  throw redirectWithFlash(PAGE, "channelsUpdated");
}

async function remove(actor: AdminActor, form: FormData) {
  if (!isConfirmed(form)) return askToConfirm(form, CHANNEL_MESSAGES.confirmDelete);
  const result = await deleteOfficialChannel(actor, String(form.get("id") ?? ""));
  if (!result.ok) notFound();
  throw redirectWithFlash(PAGE, "channelsUpdated");
}

export default function OfficialChannelsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { channels, checked, editing } = loaderData;
  const failure = failureOf(actionData);
  const failedValues = (failure?.values ?? {}) as ChannelFormValues & { kind?: string };
  const failedHere = (intent: string, kind: string, id?: string) =>
    failure?.intent === intent &&
    failedValues.kind === kind &&
    (id === undefined || failedValues.id === id);
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Official channels</h1>
        <p className="mt-1 text-slate-600">
          What{" "}
          <Link to="/verify" className="text-brand-700 underline">
            Check before you pay
          </Link>{" "}
          answers "ours" for, besides active staff's and team members' phones and the contact
          details. The lines, e-mails and accounts (never the impostors) are listed on that page.
        </p>
      </div>
      {CHANNEL_KINDS.map((kind) => {
        const items = channels.filter((c) => c.kind === kind.value);
        return (
          <Card as="section" key={kind.value} aria-labelledby={`channels-${kind.value}`}>
            <h2 id={`channels-${kind.value}`} className="text-lg font-semibold text-slate-900">
              {kind.label}
            </h2>
            {items.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">None yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200">
                {items.map((item) => (
                  <li key={item.id} className="py-3">
                    {editing === item.id || failedHere("update", kind.value, item.id) ? (
                      <>
                        {failedHere("update", kind.value, item.id) ? (
                          <FormAlert error={failure?.error} />
                        ) : null}
                        <OfficialChannelForm
                          kind={kind.value}
                          intent="update"
                          values={
                            failedHere("update", kind.value, item.id)
                              ? failedValues
                              : {
                                  ...item,
                                  bankName: item.bankName ?? "",
                                  accountName: item.accountName ?? "",
                                }
                          }
                          errors={
                            failedHere("update", kind.value, item.id) ? failure?.fields : undefined
                          }
                        />
                      </>
                    ) : (
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="text-sm">
                          <p className="font-medium text-slate-900">{item.value}</p>
                          <p className="text-slate-600">
                            {item.kind === "bank_account"
                              ? `${item.bankName} · ${item.accountName}`
                              : item.label}
                          </p>
                          {item.usedFor ? <p className="text-slate-500">{item.usedFor}</p> : null}
                        </div>
                        <div className="flex items-center gap-3">
                          <Link
                            to={`${PAGE}?edit=${item.id}`}
                            className="text-sm font-medium text-brand-700 hover:underline"
                          >
                            Edit<span className="sr-only"> {item.value}</span>
                          </Link>
                          <ConfirmForm
                            fields={{ intent: "delete", id: item.id }}
                            label={
                              <>
                                Delete<span className="sr-only"> {item.value}</span>
                              </>
                            }
                            question={CHANNEL_MESSAGES.confirmDelete}
                            confirmLabel="Yes, remove"
                            pendingLabel="Removing..."
                            size="xs"
                          />
                        </div>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <details className="mt-3" open={failedHere("add", kind.value)}>
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                Add to {kind.label.toLowerCase()}
              </summary>
              <div className="mt-3">
                {failedHere("add", kind.value) ? <FormAlert error={failure?.error} /> : null}
                <OfficialChannelForm
                  kind={kind.value}
                  intent="add"
                  values={failedHere("add", kind.value) ? failedValues : undefined}
                  errors={failedHere("add", kind.value) ? failure?.fields : undefined}
                />
              </div>
            </details>
          </Card>
        );
      })}
      <CheckedValues checked={checked} />
    </div>
  );
}

function CheckedValues({ checked }: { checked: Route.ComponentProps["loaderData"]["checked"] }) {
  const { rows, total, page, pageCount } = checked;
  return (
    <Card as="section" aria-labelledby="checked-values">
      <h2 id="checked-values" className="text-lg font-semibold text-slate-900">
        Checked on /verify, not ours
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Numbers, accounts, e-mails and codes visitors checked that are not the agency's, most recent
        first. One checked often or reported may be an impostor: add it above.
      </p>
      {total === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nothing checked yet.</p>
      ) : rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">
          No values on page {page}: there {pageCount === 1 ? "is" : "are"} {pageCount}{" "}
          {pageCount === 1 ? "page" : "pages"}.
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600">
            {total === 1 ? "1 value" : `${formatNumber(total)} values`}
            {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
          </p>
          <ul className="mt-2 divide-y divide-slate-200 text-sm">
            {rows.map((row) => (
              <li
                key={`${row.kind}:${row.value}`}
                className="flex flex-wrap justify-between gap-2 py-2"
              >
                <span>
                  <span className="font-medium text-slate-900">{row.value}</span>
                  {row.verdict === "impostor" ? (
                    <span className="ml-2 text-red-700">known impostor</span>
                  ) : null}
                </span>
                <span className="text-slate-600">
                  checked {row.checks} {row.checks === 1 ? "time" : "times"}, reported {row.reports}{" "}
                  {row.reports === 1 ? "time" : "times"} · last {formatMoment(row.lastCheckedAt)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} param={CHECKED_PAGE_PARAM} className="mt-4" />
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Official channels | Admin | ${COMPANY_NAME}` },
];
