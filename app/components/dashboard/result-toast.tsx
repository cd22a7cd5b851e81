import { useEffect } from "react";
import { toast } from "~/components/toaster";
import {
  type ActionResult,
  errorNotice,
  type FormMessage,
  noticeOf,
  type ResultToast,
} from "~/lib/action-result";

/**
 * Shows the toast for an action's answer, once per answer (each submission answers a new
 * object): its error, or `success` (a constant: the page's own words) when it succeeded.
 */
export function useResultToast(
  result: ActionResult<object, unknown> | undefined,
  success: { title: string; description?: string },
) {
  useEffect(() => {
    const message = noticeOf(result, success);
    if (!message) return;
    const options = message.description ? { description: message.description } : undefined;
    if (message.type === "error") toast.error(message.title, options);
    else toast.success(message.title, options);
  }, [result, success]);
}

/** The same message in the page, for browsers without JavaScript and screen readers. */
export function ResultNotice({ message }: { message: ResultToast | undefined }) {
  if (!message) return null;
  const error = message.type === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={
        error
          ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          : "rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
      }
    >
      <p className="font-semibold">{message.title}</p>
      {message.description ? <p>{message.description}</p> : null}
    </div>
  );
}

/** A form-level error in the page (nothing without one). */
export function ErrorNotice({ error }: { error: FormMessage | undefined }) {
  return error ? <ResultNotice message={errorNotice(error)} /> : null;
}
