import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { toast } from "~/components/toaster";
import { ErrorText } from "~/components/ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
} from "~/components/ui/alert-dialog";
import { Button, LinkButton } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  ASSIGN_BULK_ACTION,
  BULK_WORDS,
  isListBulkAction,
  type ListBulkAction,
  TRASH_DAYS,
} from "~/lib/admin-properties";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/lib/confirm";

// The properties list's bulk bar: a change to the listings ticked in the table (their
// checkboxes belong to this form through form="bulk-form"). Nothing happens by one click: it
// asks with the count ("Move 20 listings to the trash?"), then reports it ("20 listings moved
// to the trash"), with Undo for a move to the trash, and clears the ticks and the chosen action
// so the next Apply starts afresh. With JavaScript it asks in a dialog and reports in a toast;
// without, the action asks (bulkConfirm) and reports (bulkDone) in the page.

export const BULK_FORM_ID = "bulk-form";

type BulkConfirm = { action: ListBulkAction; ids: string[]; agentId?: string; question: string };
type BulkDone = { id: string; action: ListBulkAction; message: string; undoIds: string[] };

function field<T>(actionData: unknown, name: string): T | undefined {
  if (!actionData || typeof actionData !== "object" || !(name in actionData)) return undefined;
  return (actionData as Record<string, T>)[name];
}

const NO_ACTION = "Please choose what to do.";
const OFFICE = "The office (no agent)";
const NOTHING_SELECTED = "Please select at least one property.";

/** The hidden fields of a confirmed bulk post. */
function BulkFields({
  action,
  ids,
  agentId,
  back,
}: {
  action: ListBulkAction;
  ids: string[];
  agentId?: string;
  back: string;
}) {
  return (
    <>
      {agentId !== undefined ? <input type="hidden" name="agentId" value={agentId} /> : null}
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="bulkAction" value={action} />
      <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
      {ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
    </>
  );
}

export function PropertyBulkBar({
  actions,
  agents,
  back,
  actionData,
}: {
  /** The actions this view offers (the trash: Restore). */
  actions: readonly ListBulkAction[];
  /** The agents "Assign agent" may give the listings to (the office when none is chosen). */
  agents?: readonly { id: string; name: string }[];
  back: string;
  /** The list route's action answer. */
  actionData: unknown;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useIsPending({ intent: "bulk" });
  const [asking, setAsking] = useState<{
    action: ListBulkAction;
    ids: string[];
    agentId?: string;
    to?: string;
  } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const asked = field<BulkConfirm>(actionData, "bulkConfirm");
  const done = field<BulkDone>(actionData, "bulkDone");
  const serverError = field<{ message: string }>(actionData, "error")?.message;

  function post(action: ListBulkAction, ids: string[], agentId?: string) {
    const data = new FormData();
    if (agentId !== undefined) data.set("agentId", agentId);
    data.set("intent", "bulk");
    data.set("back", back);
    data.set("bulkAction", action);
    data.set(CONFIRM_FIELD, CONFIRM_VALUE);
    for (const id of ids) data.append("ids", id);
    submit(data, { method: "post", preventScrollReset: true });
  }

  // Each report once: a toast (Undo for a move to the trash), and the bar starts afresh.
  const reported = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per report (its id).
  useEffect(() => {
    if (!done || reported.current === done.id) return;
    reported.current = done.id;
    formRef.current?.reset();
    setLocalError(null);
    const undoIds = done.undoIds;
    toast.success(
      done.message,
      undoIds.length > 0
        ? {
            duration: 15_000,
            action: { label: "Undo", onClick: () => post("restore", undoIds) },
          }
        : undefined,
    );
  }, [done?.id]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const action = data.get("bulkAction");
    const ids = data.getAll("ids").filter((id): id is string => typeof id === "string");
    if (!isListBulkAction(action)) return setLocalError(NO_ACTION);
    if (ids.length === 0) return setLocalError(NOTHING_SELECTED);
    setLocalError(null);
    if (action === ASSIGN_BULK_ACTION) {
      const agentId = String(data.get("agentId") ?? "");
      const to = agents?.find((agent) => agent.id === agentId)?.name ?? OFFICE;
      return setAsking({ action, ids, agentId, to });
    }
    setAsking({ action, ids });
  }

  const error = localError ?? serverError;
  return (
    <div className="space-y-2">
      <Form
        id={BULK_FORM_ID}
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        onChange={() => setLocalError(null)}
        className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-white p-3"
      >
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="back" value={back} />
        <label htmlFor="bulk-action" className="text-sm font-medium text-slate-700">
          With the selected listings
        </label>
        <select
          id="bulk-action"
          name="bulkAction"
          defaultValue=""
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          <option value="">Choose an action</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {BULK_WORDS[action].label}
            </option>
          ))}
        </select>
        {agents && actions.includes(ASSIGN_BULK_ACTION) ? (
          <>
            <label htmlFor="bulk-agent" className="text-sm font-medium text-slate-700">
              Agent (for Assign agent)
            </label>
            <select
              id="bulk-agent"
              name="agentId"
              defaultValue=""
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              <option value="">{OFFICE}</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </>
        ) : null}
        <Button type="submit" size="sm" variant="secondary" disabled={pending}>
          {pending ? "Applying..." : "Apply to selected"}
        </Button>
        <ErrorText className="w-full">{error}</ErrorText>
      </Form>

      {asked ? (
        // The action asked (without JavaScript): the same change again, with the yes.
        <Form
          method="post"
          className="flex flex-wrap items-center gap-2 rounded-md border border-amber-200 bg-amber-50 p-3"
        >
          <BulkFields action={asked.action} ids={asked.ids} agentId={asked.agentId} back={back} />
          <span role="status" className="text-sm font-medium text-slate-900">
            {asked.question}
          </span>
          <Button type="submit" size="sm" variant="primary">
            {BULK_WORDS[asked.action].yes}
          </Button>
          <LinkButton
            to={`${location.pathname}${location.search}`}
            variant="outline"
            size="sm"
            preventScrollReset
          >
            Keep them
          </LinkButton>
        </Form>
      ) : null}

      {done && !hydrated ? (
        // The report without JavaScript, where a toast would be.
        <Form
          method="post"
          className="flex flex-wrap items-center gap-2 rounded-md border border-green-200 bg-green-50 p-3"
        >
          <span role="status" className="text-sm font-medium text-green-900">
            {done.message}
          </span>
          {done.undoIds.length > 0 ? (
            <>
              <BulkFields action="restore" ids={done.undoIds} back={back} />
              <Button type="submit" size="sm" variant="outline">
                Undo
              </Button>
            </>
          ) : null}
        </Form>
      ) : null}

      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        {asking ? (
          <AlertDialogContent>
            <AlertDialogHeader
              title={BULK_WORDS[asking.action].question(asking.ids.length, asking.to)}
              description={
                asking.action === "delete"
                  ? `They leave the site at once and wait ${TRASH_DAYS} days in the trash, from where they can be restored.`
                  : undefined
              }
            />
            <AlertDialogFooter>
              <AlertDialogCancel asChild>
                <Button variant="outline" size="sm">
                  Keep them
                </Button>
              </AlertDialogCancel>
              <Button
                size="sm"
                variant={asking.action === "delete" ? "destructive" : "primary"}
                onClick={() => {
                  post(asking.action, asking.ids, asking.agentId);
                  setAsking(null);
                }}
              >
                {BULK_WORDS[asking.action].yes}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </div>
  );
}
