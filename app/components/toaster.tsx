import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

// Toasts load after the page, not with it: sonner is 33 KB of script (a tenth of the code every
// page shares) that no page needs for its first screen, and evaluating it during hydration was
// part of the long task that cost the phone Lighthouse runs their last points (bench/lighthouse).
// <Toasts /> mounts sonner's live region once the browser is idle after the page has loaded, so
// screen readers have it well before anyone acts; a toast asked for earlier (a redirect's flash,
// shown as the page hydrates) mounts it at once and is shown as soon as it has subscribed.

type SonnerToaster = ComponentType<{ onReady: () => void }>;
type ToasterModule = typeof import("./sonner-toaster");
let loading: Promise<ToasterModule> | undefined;
/**
 * The Toaster's module (sonner's region and its `toast`), loaded once. Not React.lazy: a chunk
 * that fails to arrive (a phone losing its signal) would throw into the page's error boundary
 * and replace the page; here it costs the toast only, and the next toast tries again.
 */
function loadToaster() {
  loading ??= import("./sonner-toaster").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
/** Settles once sonner's <Toaster> listens: a toast published before that would be lost. */
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function setWanted(value: boolean) {
  if (wanted === value) return;
  wanted = value;
  for (const listener of listeners) listener();
}

function mountToaster() {
  setWanted(true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

type Kind = "success" | "error" | "info";

function show(kind: Kind, title: string, options?: ExternalToast) {
  mountToaster();
  // Once ready, the module has loaded: loadToaster() answers the settled download.
  void ready.then(loadToaster).then(({ toast }) => toast[kind](title, options));
}

/** sonner's `toast`, for the kinds the site uses; the toast appears once the region is there. */
export const toast = {
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
};

/** The toasts' live region (once per document, in the root layout). */
export function Toasts() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const handle = window.requestIdleCallback(mountToaster, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(mountToaster, 1000);
    return () => clearTimeout(timer);
  }, []);
  const [Toaster, setToaster] = useState<SonnerToaster | null>(null);
  useEffect(() => {
    if (!mounted || Toaster) return;
    let current = true;
    loadToaster().then(
      (module) => {
        if (current) setToaster(() => module.default);
      },
      // The next toast asks for the region again, and so tries the download again.
      () => setWanted(false),
    );
    return () => {
      current = false;
    };
  }, [mounted, Toaster]);
  return Toaster ? <Toaster onReady={markReady} /> : null;
}
