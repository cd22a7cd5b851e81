// Moved to ~/components/ui/badge. This re-export keeps code written against the old path (the
// admin dashboard on main) building after a merge; delete it once nothing imports it.
export { AppointmentStatusBadge, StatusBadge } from "~/components/ui/badge";
