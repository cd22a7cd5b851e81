import { useEffect } from "react";
import { Toaster } from "sonner";

// The toasts' calls come from this module too (toaster.tsx), so the region and the function
// that fills it are one download.
export { toast } from "sonner";

/**
 * sonner's live region, loaded by <Toasts /> (toaster.tsx). `onReady` runs after the Toaster's
 * own effects (a later sibling's effects run after an earlier one's), so it has subscribed.
 */
export default function SonnerToaster({ onReady }: { onReady: () => void }) {
  return (
    <>
      <Toaster richColors position="top-center" />
      <Ready onReady={onReady} />
    </>
  );
}

function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}
