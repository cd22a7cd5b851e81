import { createContext, startTransition, useContext, useEffect, useState } from "react";

// Whether client JavaScript runs the page: false in the server's HTML and while React hydrates
// it, true after. The parts that differ (a favourite button's JavaScript fields, a form's live
// checks) switch in one transition after hydration, which React renders in short slices a tap
// can interrupt. Read through useSyncExternalStore, as it was, every such part was re-rendered
// at once, synchronously, in the task that ran hydration's effects: on the home page the longest
// task left on a phone (bench/lighthouse/README.md).

// Outside HydrationFlag (a component test's render) a render in the browser has nothing to
// hydrate; a render on the server is the HTML before JavaScript.
const HydratedContext = createContext(typeof document !== "undefined");

/** Around the document's body (root.tsx): flips the flag once the page has hydrated. */
export function HydrationFlag({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  // What an end-to-end test waits for before typing or clicking (tests/e2e/support.ts): text
  // typed into the server's HTML before then is seen by no handler.
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** False while rendering on the server and hydrating, true once client JavaScript runs the page. */
export function useHydrated() {
  return useContext(HydratedContext);
}
