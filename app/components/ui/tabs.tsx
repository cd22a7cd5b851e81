import { Link } from "react-router";
import { cn } from "~/lib/utils";

// Tabs that live in the URL (?tab=...): they work without JavaScript and can be linked to.
// Each tab is a link to the page with its value; the current one is marked with aria-current.

export type TabItem<Id extends string> = { id: Id; label: string };

/** The tab a URL selects, or the first (default) one for a missing or unknown value. */
export function selectedTab<Id extends string>(
  url: string | URL,
  tabs: readonly TabItem<Id>[],
): Id {
  const value = new URL(url).searchParams.get("tab");
  const first = tabs[0];
  if (!first) throw new Error("no tabs");
  return tabs.find((tab) => tab.id === value)?.id ?? first.id;
}

export function UrlTabs<Id extends string>({
  tabs,
  current,
  label,
  className,
  hrefFor = (id) => `?tab=${id}`,
  ariaCurrent = "page",
  prefetch,
}: {
  tabs: readonly TabItem<Id>[];
  current: Id;
  label: string;
  /** The nav's classes (layout only). */
  className?: string;
  /** The link of a tab; `?tab=<id>` on the current page unless given. */
  hrefFor?: (id: Id) => string;
  /** "page" for sections of a page (the default), "true" for a filter of a list. */
  ariaCurrent?: "page" | "true";
  prefetch?: "intent" | "render";
}) {
  return (
    <nav aria-label={label} className={cn("overflow-x-auto", className)}>
      {/* Tabs that do not fit in one row (three on a 360 px phone) wrap to a second one, rather
          than hiding the last tab behind a sideways scroll; on a phone they share out each row. */}
      <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id} className="max-sm:grow">
              <Link
                to={hrefFor(tab.id)}
                preventScrollReset
                prefetch={prefetch}
                aria-current={active ? ariaCurrent : undefined}
                className={cn(
                  "block rounded-md px-4 py-2 text-center text-sm font-medium",
                  active
                    ? "bg-white text-brand-800 shadow-sm"
                    : "text-slate-600 hover:text-slate-900",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
