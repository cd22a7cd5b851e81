import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { Search } from "~/components/icons";
import { MIN_ADMIN_SEARCH_LENGTH } from "~/lib/admin-search";
import type { SearchHit, loader as searchLoader } from "~/routes/admin/search";

// The quick search (Ctrl/Cmd+K): the /admin/search loader through a fetcher, as you type, with
// the arrow keys to move and Enter to open. The header's search box and /admin/search are the
// same search without JavaScript.

const TYPING_PAUSE_MS = 150;

export function SearchPalette({
  open,
  setOpen,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const [q, setQ] = useState("");
  const [active, setActive] = useState(0);
  const fetcher = useFetcher<typeof searchLoader>();
  const navigate = useNavigate();
  const listId = useId();
  const load = useRef(fetcher.load);
  load.current = fetcher.load;

  useEffect(() => {
    const text = q.trim();
    if (text.length < MIN_ADMIN_SEARCH_LENGTH) return;
    const timer = setTimeout(
      () => load.current(`/admin/search?q=${encodeURIComponent(text)}`),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [q]);

  const typed = q.trim().length >= MIN_ADMIN_SEARCH_LENGTH;
  const sections = typed && fetcher.data ? fetcher.data.sections : [];
  const hits: (SearchHit & { section: string })[] = sections.flatMap((s) =>
    s.hits.map((hit) => ({ ...hit, section: s.title })),
  );
  const current = hits[Math.min(active, hits.length - 1)];

  function go(hit: SearchHit | undefined) {
    if (!hit) {
      if (typed) navigate(`/admin/search?q=${encodeURIComponent(q.trim())}`);
      else return;
    } else {
      navigate(hit.href);
    }
    setOpen(false);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setQ("");
          setActive(0);
        }
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          className="fixed left-1/2 top-[12vh] z-50 w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-2xl focus:outline-none"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">Quick search</Dialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3">
            <Search className="size-5 text-slate-400" aria-hidden />
            <input
              type="search"
              role="combobox"
              aria-expanded={hits.length > 0}
              aria-controls={listId}
              aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
              aria-label="Search properties, appointments, inquiries and users"
              placeholder="Search properties, appointments, inquiries, users..."
              value={q}
              onChange={(event) => {
                setQ(event.target.value);
                setActive(0);
              }}
              onKeyDown={(event) => {
                if (event.key === "ArrowDown") {
                  event.preventDefault();
                  setActive((i) => Math.min(i + 1, hits.length - 1));
                } else if (event.key === "ArrowUp") {
                  event.preventDefault();
                  setActive((i) => Math.max(i - 1, 0));
                } else if (event.key === "Enter") {
                  event.preventDefault();
                  go(current);
                }
              }}
              className="h-12 w-full bg-transparent text-slate-900 focus:outline-none"
            />
          </div>
          <ul
            id={listId}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows a listbox on ul.
            role="listbox"
            aria-label="Results"
            className="max-h-[60vh] overflow-y-auto py-2"
          >
            {hits.map((hit) => (
              // biome-ignore lint/a11y/useFocusableInteractive: the combobox pattern: focus stays in the input, which points at the option with aria-activedescendant.
              <li
                key={`${hit.section}-${hit.id}`}
                id={`${listId}-${hit.id}`}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows an option on li.
                role="option"
                aria-selected={hit === current}
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(hit);
                }}
                className={
                  hit === current
                    ? "cursor-pointer bg-brand-50 px-4 py-2"
                    : "cursor-pointer px-4 py-2 hover:bg-slate-50"
                }
              >
                <span className="block text-xs font-semibold uppercase text-slate-500">
                  {hit.section}
                </span>
                <span className="block font-medium text-slate-900">{hit.title}</span>
                <span className="block truncate text-sm text-slate-600">{hit.detail}</span>
              </li>
            ))}
          </ul>
          <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500" role="status">
            {!typed
              ? `Type at least ${MIN_ADMIN_SEARCH_LENGTH} characters.`
              : fetcher.state !== "idle"
                ? "Searching..."
                : hits.length === 0
                  ? "No results."
                  : `${hits.length} result${hits.length === 1 ? "" : "s"}. Enter opens the highlighted one.`}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
