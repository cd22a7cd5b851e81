import { LinkButton } from "~/components/ui/button";

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
        <LinkButton to={action.to} size="md" className="mt-4 text-sm">
          {action.label}
        </LinkButton>
      ) : null}
    </div>
  );
}
