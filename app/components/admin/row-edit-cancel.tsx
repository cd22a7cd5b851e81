import { Link } from "react-router";

/** The Cancel of a form edited in its row (`?edit=`): the page again, scrolled where it was. */
export function RowEditCancel({ page }: { page: string }) {
  return (
    <Link
      to={page}
      preventScrollReset
      className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
    >
      Cancel
    </Link>
  );
}
