// Moved to ~/hooks/use-hydrated. This re-export keeps code written against the old path (the
// admin shell on main) building after a merge; delete it once nothing imports it.
export { useHydrated } from "~/hooks/use-hydrated";
