import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/** False while rendering on the server and hydrating, true once client JavaScript runs. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
