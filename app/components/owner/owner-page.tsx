import type { ReactNode } from "react";
import { Link } from "react-router";
import { failureOf } from "~/lib/action-result";
import { MY_LISTINGS_PATH } from "~/lib/navigation";

// What an owner's listing page and submission page share (issue 20): the header under My
// Listings, and how their forms read a refused post.

/** A refused post on an owner's page: which form (intent), its message, fields, what was typed. */
export type OwnerFormFailure = {
  intent?: string;
  error?: { title: string; message: string };
  fields?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  /** A change form's version as posted: the form comes back at the base it was opened at. */
  version?: string;
};

export function ownerFormFailure(actionData: unknown): OwnerFormFailure | undefined {
  return failureOf(actionData as { ok: boolean } | undefined) as OwnerFormFailure | undefined;
}

/** Back to My Listings, the title with its badge, and a line under it. */
export function OwnerPageHeader({
  title,
  badge,
  children,
}: {
  title: string;
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Link to={MY_LISTINGS_PATH} className="text-sm text-brand-700 hover:underline">
        ← My Listings
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {badge}
      </div>
      <p className="text-sm text-slate-600">{children}</p>
    </div>
  );
}
