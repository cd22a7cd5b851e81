// Moved to ~/components/ui/pagination. This re-export keeps code written against the old path
// (the admin data table on main) building after a merge; delete it once nothing imports it.
export { type PageItem, Pagination, paginationItems } from "~/components/ui/pagination";
