import { LinkButton, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TYPES,
  type ContactType,
  REQUIRED_CONTACT_TYPES,
  SINGLE_CONTACT_TYPES,
} from "~/lib/schemas/site-content";
import { EditConflictPanel } from "./edit-conflict-panel";
import { RowEditCancel } from "./row-edit-cancel";
import { AdminForm } from "./unsaved-changes";

// One group of /admin/contact-info per type: its items (edit in the row through ?edit=<id>, a
// plain link; delete asks first, and the last address, phone, e-mail or hours line has no
// Delete), and a form to add one. The value's control suits the type: a multi-line box for
// the address, an e-mail input, a phone input.

const PAGE = "/admin/contact-info";

type Item = { id: string; type: ContactType; label: string; value: string; version?: string };
type Failure = ActionFailure<Record<string, string>> | undefined;
type Defaults = {
  address: string;
  phones: string[];
  emails: string[];
  hours: string[];
};

const HINTS: Record<ContactType, string> = {
  address: "The office address; each line is shown on its own line.",
  phone: "With the country code for callers abroad, e.g. +234 803 123 4567.",
  email: "Where visitors write to.",
  hours: "One line per group of days, e.g. Monday-Friday 9:00 AM-5:00 PM.",
  whatsapp:
    "The number that answers on WhatsApp, with its country code. Visitors get a Chat on WhatsApp link on the contact page and every property.",
};

const ADD_LABELS: Record<ContactType, string> = {
  address: "Add the address",
  phone: "Add a phone number",
  email: "Add an e-mail address",
  hours: "Add a line of business hours",
  whatsapp: "Add the WhatsApp number",
};

function defaultsOf(type: ContactType, defaults: Defaults): string[] {
  if (type === "address") return [defaults.address];
  if (type === "phone") return defaults.phones;
  if (type === "email") return defaults.emails;
  if (type === "hours") return defaults.hours;
  return [];
}

export function ContactTypeGroup({
  type,
  items,
  editing,
  failure,
  defaults,
}: {
  type: ContactType;
  items: readonly Item[];
  editing: string | null;
  failure: Failure;
  defaults: Defaults;
}) {
  const meta = CONTACT_TYPES.find((t) => t.value === type);
  const headingId = `contact-${type}-heading`;
  const ours =
    failure?.values?.type === type ||
    (failure?.intent === "delete" && items.some((item) => item.id === failure.values?.id));
  const addFailure = ours && failure?.intent === "add" ? failure : undefined;
  const canAdd = !(SINGLE_CONTACT_TYPES.includes(type) && items.length > 0);
  const lastRequired = REQUIRED_CONTACT_TYPES.includes(type) && items.length <= 1;
  const fallback = defaultsOf(type, defaults);
  return (
    <Card as="section" aria-labelledby={headingId}>
      <CardTitle id={headingId}>{meta?.plural ?? type}</CardTitle>
      <CardDescription>{HINTS[type]}</CardDescription>
      {ours && failure?.intent !== "add" ? (
        <div className="mt-4">
          <FormAlert error={failure?.error} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          {fallback.length > 0
            ? `Nothing saved yet: the site shows ${fallback.join("; ")}.`
            : "Not set: the site shows no WhatsApp links."}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              {editing === item.id ? (
                <ItemForm
                  key={item.version}
                  intent="update"
                  type={type}
                  item={item}
                  failure={ours && failure?.intent === "update" ? failure : undefined}
                />
              ) : (
                <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-900">{item.label}</p>
                    <p className="whitespace-pre-line break-words text-slate-700">{item.value}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <LinkButton
                      to={`${PAGE}?edit=${item.id}`}
                      variant="outline"
                      size="xs"
                      preventScrollReset
                      aria-label={`Edit ${item.label}`}
                    >
                      Edit
                    </LinkButton>
                    {lastRequired ? null : (
                      <ConfirmForm
                        fields={{ intent: "delete", id: item.id }}
                        label="Delete"
                        question={CONTACT_MESSAGES.confirmDelete}
                        confirmLabel="Yes, delete"
                        pendingLabel="Deleting..."
                        size="xs"
                      />
                    )}
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {canAdd ? (
        <details
          className="mt-4 rounded-md border border-dashed border-slate-300 p-3"
          open={Boolean(addFailure)}
        >
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            {ADD_LABELS[type]}
          </summary>
          <div className="mt-3">
            <ItemForm intent="add" type={type} failure={addFailure} />
          </div>
        </details>
      ) : null}
    </Card>
  );
}

function ItemForm({
  intent,
  type,
  item,
  failure,
}: {
  intent: "add" | "update";
  type: ContactType;
  item?: Item;
  failure: Failure;
}) {
  const pending = useIsPending({ intent, match: item ? { id: item.id } : { type } });
  const conflict = failure?.conflict;
  // After a conflict the form shows the item as it is now; after a refusal, what was typed.
  const typed = conflict ? undefined : failure?.values;
  const label = typed?.label ?? item?.label ?? "";
  const value = typed?.value ?? item?.value ?? "";
  const typeLabel = CONTACT_TYPES.find((t) => t.value === type)?.label ?? type;
  const valueProps = {
    label: typeLabel,
    name: "value",
    required: true,
    defaultValue: value,
    error: failure?.fields?.value,
    maxLength: CONTACT_LIMITS.value,
  };
  // Editing stays at ?edit=<id>, so a refused save shows the form again.
  const action = item ? `${PAGE}?edit=${item.id}` : PAGE;
  return (
    <>
      {item ? (
        <EditConflictPanel
          conflict={conflict}
          labels={{ label: "Label", value: typeLabel }}
          what={`"${item.label}"`}
          action={action}
        />
      ) : null}
      <AdminForm
        method="post"
        action={action}
        version={item?.version}
        className="space-y-3"
        noValidate
        preventScrollReset
        aria-label={item ? `Edit ${item.label}` : ADD_LABELS[type]}
        error={intent === "add" ? failure?.error : undefined}
        intent={intent}
      >
        <input type="hidden" name="type" value={type} />
        {item ? <input type="hidden" name="id" value={item.id} /> : null}
        <TextField
          label="Label"
          name="label"
          required
          defaultValue={label}
          error={failure?.fields?.label}
          maxLength={CONTACT_LIMITS.label}
          placeholder={typeLabel}
        />
        {type === "address" ? (
          <TextAreaField {...valueProps} rows={3} />
        ) : type === "email" ? (
          <TextField {...valueProps} type="email" autoComplete="off" />
        ) : type === "phone" || type === "whatsapp" ? (
          <TextField {...valueProps} type="tel" autoComplete="off" />
        ) : (
          <TextField {...valueProps} />
        )}
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
            {intent === "add" ? "Add" : "Save"}
          </SubmitButton>
          {intent === "update" ? <RowEditCancel page={PAGE} /> : null}
        </div>
      </AdminForm>
    </>
  );
}
