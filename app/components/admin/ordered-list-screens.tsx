import type { ReactNode } from "react";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { type OrderedColumn, type OrderedRow, OrderedTable } from "~/components/admin/ordered-list";
import { RecordDeleteSection, RecordRowActions } from "~/components/admin/record-delete";
import { RecordView, useListWithRecord, useRecordBack } from "~/components/admin/record-view";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { ExternalLink } from "~/components/icons";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { SwitchField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  type ActionResult,
  type FieldErrors,
  type FormMessage,
  failureOf,
} from "~/lib/action-result";
import { confirmationFor } from "~/lib/confirm";
import type { ConflictChoices } from "~/lib/edit-conflict";
import { storedFormValues } from "~/lib/ordered-list";

// The screens of the ordered lists (team, gallery slides, featured videos), each configured by
// its form's module (team-form.tsx, slide-form.tsx, video-form.tsx): the list with its header,
// Add over the list, and one item's edit form with the conflict panel and the Delete section.
// Their loaders and actions are app/routes/admin/ordered-list-routes.server.ts.

/**
 * What every item form takes; `item` is the stored item when editing, `options` what the form
 * chooses from besides its fields (the route's `formOptions`: the team's staff accounts).
 */
export type ItemFormProps<Item, Options = undefined> = {
  mode: "add" | "edit";
  values: Record<string, string | undefined>;
  errors: FieldErrors;
  error?: FormMessage;
  back: string;
  state: unknown;
  /** Editing: the version of the record the form was opened at. */
  version?: string;
  item?: Item;
  options?: Options;
};

/** One list's screen words and form. */
export type OrderedListScreen<Item, Options = undefined> = {
  list: string;
  /** The back link's words ('All team members'). */
  listLabel: string;
  addTitle: string;
  editTitle: (item: Item) => string;
  /** The item in the conflict panel ('this team member'). */
  what: string;
  /** The form's fields (app/lib/schemas/*) and their labels (the conflict panel's rows). */
  fields: readonly string[];
  labels: Readonly<Record<string, string>>;
  /** The form posts a photo. */
  multipart: boolean;
  Form: (props: ItemFormProps<Item, Options>) => ReactNode;
  /** The words of the form's choices for the conflict panel (a select's option for its id). */
  choices?: (options: Options | undefined) => ConflictChoices;
  deleteQuestion: string;
  /** What deleting does, in the confirm dialog. */
  deleteDescription: (item: Item) => string;
  /** The edit page's Delete section. */
  deleteSection: (item: Item) => {
    headingId: string;
    heading: string;
    hint: string;
    label: string;
  };
};

/** An action's answer as the item pages read it. */
type ItemActionData = ActionResult | null | undefined;

export function OrderedListPage<Row extends OrderedRow, Options = undefined>({
  screen,
  rows,
  heading,
  intro,
  view,
  add,
  caption,
  columns,
  itemLabel,
  emptyMessage,
}: {
  screen: OrderedListScreen<NoInfer<Row>, Options>;
  rows: readonly Row[];
  heading: string;
  /** The sentence under the heading, before the link to the public page. */
  intro: string;
  view: { href: string; label: string };
  add: { label: string; icon: ReactNode };
  caption: string;
  columns: (back: string) => readonly OrderedColumn<Row>[];
  itemLabel: (row: Row) => string;
  emptyMessage: string;
}) {
  const { list } = screen;
  const { outlet, recordOnly, back } = useListWithRecord(list);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
          <p className="mt-1 text-slate-600">
            {intro}{" "}
            <a
              href={view.href}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {view.label}
              <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <LinkButton to={`${list}/new`} state={{ back }} size="md">
          {add.icon}
          {add.label}
        </LinkButton>
      </div>
      <OrderedTable
        caption={caption}
        rows={rows}
        columns={columns(back)}
        itemLabel={itemLabel}
        actions={(row) => (
          <RecordRowActions
            href={`${list}/${row.id}`}
            name={itemLabel(row)}
            back={back}
            question={screen.deleteQuestion}
            description={screen.deleteDescription(row)}
          />
        )}
        action={list}
        back={back}
        emptyMessage={emptyMessage}
      />
      {outlet}
    </div>
  );
}

export function AddItemPage<Item, Options = undefined>({
  screen,
  actionData,
  options,
}: {
  screen: OrderedListScreen<Item, Options>;
  actionData: ItemActionData;
  options?: Options;
}) {
  const { back, state } = useRecordBack(screen.list);
  const failure = failureOf(actionData);
  const { Form } = screen;
  return (
    <RecordView list={screen.list} listLabel={screen.listLabel} title={screen.addTitle}>
      <Form
        mode="add"
        values={failure?.values ?? {}}
        errors={failure?.fields ?? {}}
        error={failure?.error}
        back={back}
        state={state}
        options={options}
      />
    </RecordView>
  );
}

export function EditItemPage<Item extends { version: string }, Options = undefined>({
  screen,
  item,
  actionData,
  options,
}: {
  screen: OrderedListScreen<NoInfer<Item>, Options>;
  item: Item;
  actionData: ItemActionData;
  options?: Options;
}) {
  const { back, state } = useRecordBack(screen.list);
  const failure = failureOf(actionData);
  const asked = confirmationFor(actionData, { intent: "delete" });
  const conflict = failure?.conflict;
  // After a conflict the form shows the record as it is now; after a refusal, what was typed.
  const values = (conflict ? undefined : failure?.values) ?? storedFormValues(item, screen.fields);
  const { Form } = screen;
  return (
    <RecordView list={screen.list} listLabel={screen.listLabel} title={screen.editTitle(item)}>
      <div className="space-y-6">
        <EditConflictPanel
          conflict={conflict}
          labels={screen.labels}
          choices={screen.choices?.(options)}
          what={screen.what}
          state={state}
          encType={screen.multipart ? "multipart/form-data" : undefined}
        />
        <Form
          key={item.version}
          version={item.version}
          mode="edit"
          values={values}
          errors={failure?.fields ?? {}}
          error={failure?.error}
          back={back}
          state={state}
          item={item}
          options={options}
        />
        <RecordDeleteSection
          {...screen.deleteSection(item)}
          back={asked?.fields.back ?? back}
          question={screen.deleteQuestion}
          description={screen.deleteDescription(item)}
        />
      </div>
    </RecordView>
  );
}

/**
 * The frame every item form shares: the form-level message, the hidden intent and list address,
 * the form's own fields, the Active switch, and Add / Save Changes with Cancel.
 */
export function ItemFormFrame({
  mode,
  back,
  state,
  version,
  error,
  multipart,
  active,
  addLabel,
  children,
}: {
  mode: "add" | "edit";
  back: string;
  state: unknown;
  version?: string;
  error?: FormMessage;
  multipart: boolean;
  /** The Active switch: its label and the posted value it starts from. */
  active: { label: string; value: string | undefined };
  addLabel: string;
  children: ReactNode;
}) {
  const intent = mode === "add" ? "create" : "update";
  const pending = useIsPending({ intent });
  return (
    <AdminForm
      version={version}
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      state={state}
      className="space-y-4"
      noValidate
      error={error}
      intent={intent}
    >
      <input type="hidden" name="back" value={back} />
      {children}
      <SwitchField
        label={active.label}
        name="isActive"
        defaultChecked={active.value !== "false" && active.value !== ""}
      />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <SubmitButton pending={pending} pendingLabel={mode === "add" ? "Adding..." : "Saving..."}>
          {mode === "add" ? addLabel : "Save Changes"}
        </SubmitButton>
        <LinkButton to={back} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}
