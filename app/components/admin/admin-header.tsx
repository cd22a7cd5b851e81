import { useEffect, useState } from "react";
import { Form, NavLink } from "react-router";
import { Menu, Search } from "~/components/icons";
import { sidebarItemClass, useSidebar } from "~/components/ui/sidebar";
import { useHydrated } from "~/hooks/use-hydrated";
import { can, STAFF_ROLE_LABELS, type StaffRole } from "~/lib/permissions";
import { adminNav } from "./admin-nav";
import { SidebarToggle } from "./admin-sidebar";
import { SearchPalette } from "./search-palette";

// The admin header: the menu (a sheet on phones), the sidebar toggle, the search box, and who
// is signed in. The search box is a plain GET form to /admin/search; Ctrl/Cmd+K opens the quick
// search once JavaScript runs.

export function AdminHeader({ adminName, role }: { adminName: string; role: StaffRole }) {
  // Search reaches every record: an agent's screens are their own lists.
  const canSearch = can({ role }, "office:dashboard");
  const hydrated = useHydrated();
  const [paletteOpen, setPaletteOpen] = useState(false);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setPaletteOpen((was) => !was);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-slate-200 bg-white px-3 md:px-4">
      {hydrated ? <MobileMenuButton /> : <NoScriptMobileMenu role={role} />}
      <SidebarToggle />
      {canSearch ? (
        <Form
          method="get"
          action="/admin/search"
          role="search"
          // A list's own search box is a second search landmark: each has its own name.
          aria-label="Search the admin"
          className="relative min-w-0 flex-1 md:max-w-md"
        >
          <label htmlFor="admin-search" className="sr-only">
            Search
          </label>
          <Search
            className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            id="admin-search"
            name="q"
            type="search"
            placeholder="Search..."
            className="block h-9 w-full rounded-md border border-slate-300 pl-8 pr-16 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600"
          />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setPaletteOpen(true)}
              className="absolute right-1.5 top-1/2 hidden -translate-y-1/2 rounded border border-slate-200 px-1.5 text-[11px] font-medium text-slate-500 hover:bg-slate-50 sm:block"
              // The visible "Ctrl K" is part of the name (WCAG 2.5.3, label in name).
              aria-label="Quick search, Ctrl K"
            >
              Ctrl K
            </button>
          ) : null}
        </Form>
      ) : null}
      <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
        <span
          className="hidden truncate font-medium text-slate-800 sm:inline"
          data-testid="admin-name"
        >
          {adminName}
        </span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
          {role === "agent" ? STAFF_ROLE_LABELS.agent : "Admin"}
        </span>
      </div>
      {hydrated && canSearch ? <SearchPalette open={paletteOpen} setOpen={setPaletteOpen} /> : null}
    </header>
  );
}

function MobileMenuButton() {
  const { setMobileOpen } = useSidebar();
  return (
    <button
      type="button"
      onClick={() => setMobileOpen(true)}
      aria-label="Open menu"
      className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
    >
      <Menu className="size-5" aria-hidden />
    </button>
  );
}

/** Before JavaScript runs (or without it), the phone menu is a disclosure. */
function NoScriptMobileMenu({ role }: { role: StaffRole }) {
  return (
    <details className="relative md:hidden">
      <summary
        aria-label="Open menu"
        className="flex size-9 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-5" aria-hidden />
      </summary>
      <nav
        aria-label="Admin"
        // Scrolls inside itself: the header stays put, so a list taller than a phone's screen
        // would leave its last links out of reach.
        className="absolute left-0 top-full z-40 mt-2 max-h-[calc(100dvh-4.5rem)] w-72 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul className="space-y-1">
          {adminNav(role).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => sidebarItemClass(isActive, false)}>
                <item.icon className="size-5 shrink-0" aria-hidden />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
