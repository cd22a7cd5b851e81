import { useEffect, useRef } from "react";
import { toast } from "sonner";
import type { Flash } from "~/lib/flash";

/** Shows the toast a redirect carried (see app/http/flash.server.ts), once. */
export function FlashToast({ flash }: { flash: Flash | null | undefined }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    const options = flash.description ? { description: flash.description } : undefined;
    // After the Toaster (rendered later in the document) has subscribed.
    const timer = setTimeout(() => {
      shown.current = flash.id;
      if (flash.type === "error") toast.error(flash.title, options);
      else toast.success(flash.title, options);
    }, 0);
    return () => clearTimeout(timer);
  }, [flash]);
  return null;
}
