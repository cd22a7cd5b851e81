import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

// Small browser hooks for the home page's rotating pieces. Each answers the "do nothing" value
// on the server and before hydration, so the server HTML never moves on its own.

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia("(prefers-reduced-motion: reduce)");
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function usePrefersReducedMotion() {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}

/**
 * False while the tab is in the background: nothing rotates (or downloads) unseen. False too
 * until the page has hydrated; the store's own answer for the server is "visible", as the
 * browser's is while a page loads, so hydration does not re-render the carousels at once.
 */
export function usePageVisible() {
  const hydrated = useHydrated();
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === "visible",
    () => true,
  );
  return hydrated && visible;
}

type NetworkInformation = { saveData?: boolean };

/** The visitor asked the browser to save data (Chrome's Lite mode / Data Saver). */
export function useSaveData() {
  const [saveData, setSaveData] = useState(false);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    setSaveData(connection?.saveData === true);
  }, []);
  return saveData;
}

/** Whether the element is on screen (false until the observer has answered). */
export function useInView(ref: RefObject<Element | null>, rootMargin = "0px") {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin]);
  return inView;
}

/** True once the window's load event has fired: the first paint's images are in. */
export function usePageLoaded() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === "complete") {
      setLoaded(true);
      return;
    }
    const onLoad = () => setLoaded(true);
    window.addEventListener("load", onLoad, { once: true });
    return () => window.removeEventListener("load", onLoad);
  }, []);
  return loaded;
}

export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string };

/**
 * Downloads an image into the cache the same way an <img> with these attributes would (same
 * srcset candidate), so showing it later costs nothing.
 */
export function preloadImage(image: ResponsiveImage): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = "async";
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`Could not load ${image.src}`));
    // sizes before srcset, both before src, or the browser may pick a candidate too early.
    if (image.sizes) img.sizes = image.sizes;
    if (image.srcSet) img.srcset = image.srcSet;
    img.src = image.src;
  });
}
