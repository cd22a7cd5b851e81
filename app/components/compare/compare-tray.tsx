import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { ChevronDown, ChevronUp, Info, X } from "~/components/icons";
import { Button, LinkButton } from "~/components/ui/button";
import { COMPARE_PATH, compareHref, MAX_COMPARE } from "~/lib/compare";
import {
  clearCompare,
  removeFromCompare,
  useCompareAnnouncement,
  useShortlist,
} from "./compare-store";

// The shortlist tray: a bar fixed to the bottom of the screen while the shortlist has
// properties (JavaScript only: the list lives in localStorage). It names how many are chosen,
// opens the list (each with Remove), links to the comparison and clears the list. Its live
// region reads out every change, and the limit when a fifth is refused.

export function CompareTray() {
  const items = useShortlist();
  const announcement = useCompareAnnouncement();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const onComparePage = location.pathname === COMPARE_PATH;
  const full = announcement?.full === true && items.length >= MAX_COMPARE;
  // A refused fifth opens the list, so one can be removed right there.
  useEffect(() => {
    if (announcement?.full) setOpen(true);
  }, [announcement]);

  return (
    <>
      <p role="status" className="sr-only">
        {announcement?.text ?? ""}
      </p>
      {items.length === 0 || onComparePage ? null : (
        <aside
          aria-label="Compare list"
          data-compare-tray
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.25)]"
        >
          <div className="mx-auto max-w-7xl px-4">
            {full ? (
              <p className="flex items-start gap-2 pt-2 text-sm font-medium text-amber-900">
                <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                {announcement.text}
              </p>
            ) : null}
            {open ? (
              <ul id="compare-tray-list" className="divide-y divide-slate-100 pt-2 text-sm">
                {items.map((item) => (
                  <li key={item.id} className="flex items-center justify-between gap-2 py-1">
                    <Link
                      to={`/property/${item.id}`}
                      className="line-clamp-1 text-slate-800 hover:text-brand-700"
                    >
                      {item.title}
                    </Link>
                    <button
                      type="button"
                      onClick={() => removeFromCompare(item.id)}
                      className="flex size-8 shrink-0 items-center justify-center rounded text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    >
                      <X className="size-4" aria-hidden />
                      <span className="sr-only">Remove {item.title} from compare</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex h-14 items-center gap-2">
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? "compare-tray-list" : undefined}
                onClick={() => setOpen((value) => !value)}
                className="flex items-center gap-1 rounded px-1 py-2 text-sm font-semibold text-slate-900 hover:text-brand-700"
              >
                Compare ({items.length} of {MAX_COMPARE})
                {open ? (
                  <ChevronDown className="size-4" aria-hidden />
                ) : (
                  <ChevronUp className="size-4" aria-hidden />
                )}
              </button>
              <div className="ml-auto flex items-center gap-2">
                <Button variant="ghost" size="sm" onClick={clearCompare}>
                  Clear
                </Button>
                <LinkButton to={compareHref(items.map((item) => item.id))} size="sm">
                  Compare now
                </LinkButton>
              </div>
            </div>
          </div>
        </aside>
      )}
    </>
  );
}
