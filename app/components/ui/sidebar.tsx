import { Dialog, Tooltip } from "radix-ui";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import { cn } from "~/lib/utils";

// A collapsible sidebar (spec: dashboard-and-admin §2, §9): 16rem wide, 3rem collapsed with
// icons and tooltips, and below 768 px a sheet of 18rem. The expanded/collapsed state lives in a
// cookie the server reads, so the first paint is already right; Ctrl/Cmd+B toggles it.

export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_COLLAPSED = "3rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_SHORTCUT = "b";

type SidebarState = {
  open: boolean;
  toggle: () => void;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error("useSidebar must be used inside SidebarProvider");
  return state;
}

export function SidebarProvider({
  defaultOpen,
  onOpenChange,
  children,
}: {
  /** The state the server read from the cookie. */
  defaultOpen: boolean;
  /** Called after every change, e.g. to store the cookie. */
  onOpenChange: (open: boolean) => void;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();

  const toggle = useCallback(() => {
    setOpen((was) => !was);
  }, []);

  // Stored after the change, not inside the state update (which React may run twice).
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (changed) onOpenChange(open);
  }, [open, changed, onOpenChange]);
  const toggleAndStore = useCallback(() => {
    setChanged(true);
    toggle();
  }, [toggle]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleAndStore();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleAndStore]);

  // The phone sheet closes when a link in it is followed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of the dependency.
  useEffect(() => {
    setMobileOpen(false);
  }, [location.key]);

  const value = useMemo(
    () => ({ open, toggle: toggleAndStore, mobileOpen, setMobileOpen }),
    [open, toggleAndStore, mobileOpen],
  );
  return (
    <SidebarContext.Provider value={value}>
      <Tooltip.Provider delayDuration={0}>{children}</Tooltip.Provider>
    </SidebarContext.Provider>
  );
}

/**
 * The desktop sidebar (768 px and up). `children` receives whether it is collapsed, so items
 * can hide their labels and show tooltips instead.
 */
export function Sidebar({
  label,
  children,
}: {
  label: string;
  children: (collapsed: boolean) => React.ReactNode;
}) {
  const { open } = useSidebar();
  return (
    <aside
      aria-label={label}
      data-state={open ? "expanded" : "collapsed"}
      style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_COLLAPSED }}
      className="sticky top-0 hidden h-screen shrink-0 flex-col overflow-y-auto overflow-x-hidden border-r border-slate-200 bg-white transition-[width] duration-200 md:flex"
    >
      {children(!open)}
    </aside>
  );
}

/** The phone sheet: the same content in a dialog sliding in from the left. */
export function SidebarSheet({ title, children }: { title: string; children: React.ReactNode }) {
  const { mobileOpen, setMobileOpen } = useSidebar();
  return (
    <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" />
        <Dialog.Content
          style={{ width: SIDEBAR_WIDTH_MOBILE }}
          className="fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none md:hidden"
          aria-describedby={undefined}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A label shown beside a collapsed item on hover and focus. */
export function SidebarTooltip({
  label,
  show,
  children,
}: {
  label: string;
  show: boolean;
  children: React.ReactElement;
}) {
  if (!show) return children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export function sidebarItemClass(active: boolean, collapsed: boolean) {
  return cn(
    "flex h-10 items-center gap-3 rounded-md text-sm font-medium transition-colors",
    collapsed ? "w-8 justify-center px-0" : "w-full px-3",
    active
      ? "bg-brand-50 text-brand-800"
      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  );
}
