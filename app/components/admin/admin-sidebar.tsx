import { Form, NavLink, useLocation, useMatch } from "react-router";
import { LogOut, PanelLeft } from "~/components/icons";
import { BrandMark } from "~/components/layout/brand-mark";
import { SidebarTooltip, sidebarItemClass, useSidebar } from "~/components/ui/sidebar";
import type { StaffRole } from "~/lib/permissions";
import { COMPANY_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import { type AdminNavCounts, type AdminNavItem, adminNav } from "./admin-nav";

// What the admin sidebar holds, on the desktop (collapsible) and in the phone sheet.

export function AdminSidebarContent({
  collapsed,
  role,
  counts = {},
}: {
  collapsed: boolean;
  role: StaffRole;
  counts?: AdminNavCounts;
}) {
  return (
    <div className="flex min-h-full flex-col">
      <div
        className={cn(
          "flex h-14 items-center border-b border-slate-200",
          collapsed ? "justify-center" : "px-4",
        )}
      >
        <NavLinkBrand collapsed={collapsed} />
      </div>
      <nav aria-label="Admin" className="flex-1 py-3">
        <ul className={cn("space-y-1", collapsed ? "flex flex-col items-center" : "px-2")}>
          {adminNav(role).map((item) => (
            <li key={item.to}>
              <AdminNavLink item={item} collapsed={collapsed} count={counts[item.to] ?? 0} />
            </li>
          ))}
        </ul>
      </nav>
      <div
        className={cn("border-t border-slate-200 py-3", collapsed ? "flex justify-center" : "px-2")}
      >
        <Form method="post" action="/signout">
          <SidebarTooltip label="Sign Out" show={collapsed}>
            <button type="submit" className={sidebarItemClass(false, collapsed)}>
              <LogOut className="size-5 shrink-0" aria-hidden />
              <span className={collapsed ? "sr-only" : undefined}>Sign Out</span>
            </button>
          </SidebarTooltip>
        </Form>
      </div>
    </div>
  );
}

/**
 * One sidebar link. Its class is worked out here rather than by NavLink's className function:
 * the collapsed sidebar wraps the link in a tooltip trigger (a Radix Slot), which would turn a
 * function into a string and leave the link unstyled.
 */
function AdminNavLink({
  item,
  collapsed,
  count,
}: {
  item: AdminNavItem;
  collapsed: boolean;
  /** Waiting for the office (0: nothing shown). */
  count: number;
}) {
  // As NavLink decides it: this page or one below it.
  const isActive = useMatch({ path: item.to, end: false }) !== null;
  const label = count > 0 ? `${item.label} (${count} waiting)` : item.label;
  return (
    <SidebarTooltip label={label} show={collapsed}>
      <NavLink to={item.to} className={sidebarItemClass(isActive, collapsed)}>
        <item.icon className="size-5 shrink-0" aria-hidden />
        <span className={collapsed ? "sr-only" : "truncate"}>{item.label}</span>
        {count > 0 ? (
          <>
            <span
              aria-hidden="true"
              className={cn(
                "rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900",
                collapsed ? "hidden" : "ml-auto",
              )}
            >
              {count}
            </span>
            <span className="sr-only">{` (${count} waiting)`}</span>
          </>
        ) : null}
      </NavLink>
    </SidebarTooltip>
  );
}

function NavLinkBrand({ collapsed }: { collapsed: boolean }) {
  return (
    <NavLink to="/admin/dashboard" className="flex items-center gap-2 font-bold text-brand-800">
      <BrandMark size={24} />
      <span className={collapsed ? "sr-only" : "truncate"}>{COMPANY_NAME}</span>
    </NavLink>
  );
}

/**
 * Collapses or expands the desktop sidebar. Without JavaScript it is a form post that sets the
 * cookie and comes back to the page; with it, the change is immediate (and Ctrl/Cmd+B does the
 * same).
 */
export function SidebarToggle() {
  const { open, toggle } = useSidebar();
  const location = useLocation();
  const label = open ? "Collapse sidebar" : "Expand sidebar";
  return (
    <Form
      method="post"
      action="/admin/sidebar"
      className="hidden md:block"
      onSubmit={(event) => {
        event.preventDefault();
        toggle();
      }}
    >
      <input type="hidden" name="open" value={open ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-label={label}
        aria-expanded={open}
        title={`${label} (Ctrl+B)`}
        className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <PanelLeft className="size-5" aria-hidden />
      </button>
    </Form>
  );
}
