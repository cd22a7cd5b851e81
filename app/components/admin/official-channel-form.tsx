import { Form } from "react-router";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { CHANNEL_KINDS, CHANNEL_LIMITS, type ChannelKind } from "~/lib/schemas/trust";

// One official channel's form on /admin/channels (issue 45): add one of a kind, or edit one in
// its row. The fields follow the kind: whose it is for lines and e-mails, bank and account
// name for accounts, a note for a known impostor.

export type ChannelFormValues = Partial<
  Record<"id" | "value" | "label" | "bankName" | "accountName" | "usedFor", string>
>;

export function OfficialChannelForm({
  kind,
  intent,
  values = {},
  errors = {},
}: {
  kind: ChannelKind;
  intent: "add" | "update";
  values?: ChannelFormValues;
  errors?: Partial<Record<string, string>>;
}) {
  const pending = useIsPending({
    match: { intent, kind, ...(values.id ? { id: values.id } : {}) },
  });
  const spec = CHANNEL_KINDS.find((k) => k.value === kind);
  const prefix = `${intent}-${kind}-${values.id ?? "new"}`;
  const field = (name: keyof ChannelFormValues) => ({
    id: `${prefix}-${name}`,
    name,
    defaultValue: values[name] ?? "",
    error: errors[name],
  });
  return (
    <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
      <TextField
        label={spec?.valueLabel ?? "Value"}
        required
        maxLength={CHANNEL_LIMITS.value}
        {...field("value")}
      />
      {kind === "bank_account" ? (
        <>
          <TextField label="Bank" required maxLength={CHANNEL_LIMITS.bank} {...field("bankName")} />
          <TextField
            label="Account name"
            required
            maxLength={CHANNEL_LIMITS.label}
            {...field("accountName")}
          />
        </>
      ) : kind === "impostor" ? null : (
        <TextField
          label="Whose it is"
          hint="Read as “This is the …”, e.g. NaijaHomes office line"
          required
          maxLength={CHANNEL_LIMITS.label}
          {...field("label")}
        />
      )}
      <TextField
        label={kind === "impostor" ? "Note (for the office)" : "Used for"}
        optional
        maxLength={CHANNEL_LIMITS.usedFor}
        {...field("usedFor")}
      />
      <div className="flex items-end gap-2 sm:col-span-2">
        <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
          {intent === "add" ? "Add" : "Save"}
        </SubmitButton>
        {intent === "update" ? (
          <LinkButton to="/admin/channels" variant="outline" size="sm">
            Cancel
          </LinkButton>
        ) : null}
      </div>
    </Form>
  );
}
