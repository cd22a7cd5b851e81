import { useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { CONFIRM_FIELD, CONFIRM_VALUE, confirmationFor } from "~/lib/confirm";
import { cn } from "~/lib/utils";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button, type ButtonSize, type ButtonVariant, LinkButton } from "./button";

// A destructive form post that asks first. The server's half is app/lib/confirm.ts.
//
// With JavaScript: the button asks (inline beside it, or in an alert dialog) and only "yes"
// posts, with `confirmed=yes`. Without JavaScript, `withoutJs` decides:
//   "ask"    the first post goes without `confirmed`; the action answers askToConfirm(...), and
//            this form then shows the question and a second form that posts `confirmed=yes`
//            ('Keep it' is a link back to the page).
//   "submit" the button posts at once (a route whose action does not ask, e.g. the customer's
//            Cancel appointment, which is easy to undo by booking again).

export type ConfirmFormProps = {
  /** Where the form posts; the current route's action when omitted. */
  action?: string;
  /** Hidden fields that say what to do: `intent`, ids. */
  fields: Readonly<Record<string, string>>;
  /** The first button's label ('Cancel', 'Delete'). */
  label: React.ReactNode;
  /** The question ('Cancel this appointment?'); the action's own question wins when it asks. */
  question: string;
  /** A sentence under the question (dialog only). */
  description?: React.ReactNode;
  /** The yes button ('Yes, cancel it'). */
  confirmLabel: React.ReactNode;
  /** The no button ('Keep it'). */
  cancelLabel?: React.ReactNode;
  /** Shown on the yes button while posting ('Cancelling...'). */
  pendingLabel: React.ReactNode;
  /** "inline": question and buttons replace the button; "dialog": an alert dialog. */
  mode?: "inline" | "dialog";
  withoutJs?: "ask" | "submit";
  /** The look of the first and the yes button; the no button is outlined. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The form's classes (layout only). */
  className?: string;
};

export function ConfirmForm({
  action,
  fields,
  label,
  question,
  description,
  confirmLabel,
  cancelLabel = "Keep it",
  pendingLabel,
  mode = "inline",
  withoutJs = "ask",
  variant = "destructive-outline",
  size = "sm",
  className,
}: ConfirmFormProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const actionData = useActionData();
  const pending = useIsPending({ formAction: action, match: fields });
  const [asking, setAsking] = useState(false);
  // Once the confirmed post is done, the question closes (the page shows the outcome).
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) setAsking(false);
    wasPending.current = pending;
  }, [pending]);
  const formId = useId();
  // The action asked (a post without JavaScript, or one sent before the page was interactive).
  const asked = confirmationFor(actionData, fields);
  const formClass = cn("flex flex-wrap items-center gap-2", className);

  const hiddenFields = Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  const yes = (
    <Button type="submit" form={formId} variant={variant} size={size} disabled={pending}>
      {pending ? pendingLabel : confirmLabel}
    </Button>
  );

  if (asked || (hydrated && mode === "inline" && (asking || pending))) {
    return (
      <Form id={formId} method="post" action={action} className={formClass}>
        {hiddenFields}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        <span className="text-sm text-slate-700" role="status">
          {asked?.question ?? question}
        </span>
        {yes}
        {hydrated ? (
          <Button variant="outline" size={size} onClick={() => setAsking(false)}>
            {cancelLabel}
          </Button>
        ) : (
          <LinkButton
            to={`${location.pathname}${location.search}`}
            variant="outline"
            size={size}
            preventScrollReset
          >
            {cancelLabel}
          </LinkButton>
        )}
      </Form>
    );
  }

  if (!hydrated) {
    // Before JavaScript: a plain post. "ask" leaves out `confirmed`, so the action asks;
    // "submit" posts it: this route chose not to ask without JavaScript.
    return (
      <Form id={formId} method="post" action={action} className={formClass}>
        {hiddenFields}
        {withoutJs === "submit" ? (
          <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        ) : null}
        <Button type="submit" variant={variant} size={size} disabled={pending}>
          {pending ? pendingLabel : label}
        </Button>
      </Form>
    );
  }

  if (mode === "inline") {
    return (
      <Form id={formId} method="post" action={action} className={formClass}>
        {hiddenFields}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        <Button variant={variant} size={size} onClick={() => setAsking(true)}>
          {label}
        </Button>
      </Form>
    );
  }
  return (
    <Form id={formId} method="post" action={action} className={formClass}>
      {hiddenFields}
      <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
      <AlertDialog open={asking || pending} onOpenChange={setAsking}>
        <AlertDialogTrigger asChild>
          <Button variant={variant} size={size}>
            {label}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader title={question} description={description} />
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline" size={size}>
                {cancelLabel}
              </Button>
            </AlertDialogCancel>
            {yes}
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Form>
  );
}
