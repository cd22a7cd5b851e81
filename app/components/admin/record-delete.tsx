import { Link } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";

// The Edit and Delete of a record, said the same way on every ordered admin list (team, slides,
// videos): in its row, and as the edit page's closing section.

type DeleteCopy = {
  /** The spec's question ('Are you sure you want to delete this team member?'). */
  question: string;
  /** What deleting does, under the question. */
  description: string;
};

/** The name of a row, a link to its edit screen (over the list with JavaScript). */
export function RecordTitleLink({
  href,
  back,
  children,
}: {
  href: string;
  back: string;
  children: React.ReactNode;
}) {
  return (
    <Link
      to={href}
      state={{ back }}
      className="font-medium text-slate-900 underline decoration-slate-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700"
    >
      {children}
    </Link>
  );
}

/** A row's Edit link, naming the record for screen readers (over the list with JavaScript). */
export function RecordEditLink({ href, name, back }: { href: string; name: string; back: string }) {
  return (
    <LinkButton to={href} state={{ back }} variant="outline" size="xs" aria-label={`Edit ${name}`}>
      Edit
    </LinkButton>
  );
}

/** A row's Edit link and Delete (a confirm step), both naming the record for screen readers. */
export function RecordRowActions({
  href,
  name,
  back,
  ...copy
}: DeleteCopy & { href: string; name: string; back: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <RecordEditLink href={href} name={name} back={back} />
      <ConfirmForm
        action={href}
        fields={{ intent: "delete", back }}
        label={
          <>
            Delete<span className="sr-only"> {name}</span>
          </>
        }
        {...copy}
        confirmLabel="Yes, delete"
        cancelLabel="Cancel"
        pendingLabel="Deleting..."
        mode="dialog"
        size="xs"
      />
    </div>
  );
}

/** The edit page's Delete section: a heading, a hint (switch Active off instead), the button. */
export function RecordDeleteSection({
  headingId,
  heading,
  hint,
  label,
  back,
  ...copy
}: DeleteCopy & { headingId: string; heading: string; hint: string; label: string; back: string }) {
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{hint}</p>
      <ConfirmForm
        fields={{ intent: "delete", back }}
        label={label}
        {...copy}
        confirmLabel="Yes, delete"
        cancelLabel="Cancel"
        pendingLabel="Deleting..."
        mode="dialog"
      />
    </section>
  );
}
