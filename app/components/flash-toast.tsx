import { useEffect, useRef } from "react";
import { toast } from "~/components/toaster";
import type { Flash } from "~/lib/flash";

/** Shows the toast a redirect carried (see app/http/flash.server.ts), once. */
export function FlashToast({ flash }: { flash: Flash | null | undefined }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    const options = flash.description ? { description: flash.description } : undefined;
    shown.current = flash.id;
    if (flash.type === "error") toast.error(flash.title, options);
    else toast.success(flash.title, options);
  }, [flash]);
  return null;
}
