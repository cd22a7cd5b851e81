import { Link } from "react-router";

/** Cancel (back to the overview) and the form's submit button, side by side from 640 px. */
export function FormButtons({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link
        to="/dashboard"
        className="rounded-md border border-slate-300 px-4 py-2.5 text-center font-medium text-slate-700 hover:bg-slate-50"
      >
        Cancel
      </Link>
      <div className="sm:w-48">{children}</div>
    </div>
  );
}
