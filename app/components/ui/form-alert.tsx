import { useEffect } from "react";
import { toast } from "~/components/toaster";
import type { FormMessage } from "~/lib/action-result";

/**
 * A form-level error (an action's `error`): shown in the page, so it is there without
 * JavaScript too, and as a toast once JavaScript runs.
 */
export function FormAlert({ error }: { error: FormMessage | undefined }) {
  useEffect(() => {
    if (error) toast.error(error.title, { description: error.message });
  }, [error]);
  if (!error) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-semibold text-red-800">{error.title}</p>
      <p className="text-red-700">{error.message}</p>
    </div>
  );
}
