import { Form, NavLink } from "react-router";
import { LogOut, Menu } from "~/components/icons";
import { useCloseOnNavigate } from "~/components/layout/site-header";
import { Card } from "~/components/ui/card";
import { DASHBOARD_NAV } from "~/lib/navigation";
import { cn } from "~/lib/utils";

// The dashboard's sidebar. From 768 px it stands beside the page; below, the links fold into a
// <details> menu that opens without JavaScript (with it, the menu closes after a navigation).
// NavLink marks the current page with aria-current="page".

export type SidebarUser = { name: string; email: string };

export function DashboardSidebar({ user }: { user: SidebarUser }) {
  const menu = useCloseOnNavigate();
  return (
    <aside className="mb-6 shrink-0 md:mb-0 md:w-64">
      <Card padding="sm">
        <p className="truncate font-semibold text-slate-900">{user.name}</p>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <details ref={menu} className="group mt-3 md:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 [&::-webkit-details-marker]:hidden">
            <Menu className="size-4" aria-hidden />
            Dashboard menu
          </summary>
          <DashboardNav className="mt-3" />
        </details>
        <DashboardNav className="mt-4 hidden md:block" />
      </Card>
    </aside>
  );
}

function DashboardNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Dashboard" className={className}>
      <ul className="space-y-1">
        {DASHBOARD_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2 text-sm font-medium",
                  isActive
                    ? "bg-brand-50 text-brand-800"
                    : "text-slate-700 hover:bg-slate-50 hover:text-brand-700",
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <Form method="post" action="/signout">
            <button
              type="submit"
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-red-700 hover:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden />
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
