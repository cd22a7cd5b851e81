import { Link } from "react-router";

/** An empty list: what is missing and the one link that fills it. */
export function EmptyState({
  title,
  text,
  action,
}: {
  title: string;
  text?: string;
  action?: { label: string; to: string };
}) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      {action ? (
        <Link
          to={action.to}
          className="mt-4 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
