import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { ChevronDown, Menu, Search, X } from "~/components/icons";
import { Button, LinkButton } from "~/components/ui/button";
import { MAIN_NAV, PROPERTY_NAV } from "~/lib/navigation";
import { COMPANY_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import { BrandMark } from "./brand-mark";

// The menus are <details> elements: they open and close without JavaScript, and the
// effect below only closes them after a client-side navigation.
export function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of the dependency.
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.key]);
  return ref;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-brand-700",
    isActive ? "text-brand-700" : "text-slate-700",
  );

/**
 * The signed-in visitor as the header needs it (null when signed out). "pending": a cached page
 * for a signed-in visitor before /api/me answered (ADR 19): Dashboard and Sign Out, no name yet.
 */
export type HeaderUser = { name: string; isAdmin: boolean } | "pending" | null;

const PENDING = { name: "", isAdmin: false };

export function SiteHeader({ user: visitor = null }: { user?: HeaderUser }) {
  const user = visitor === "pending" ? PENDING : visitor;
  const propertiesMenu = useCloseOnNavigate();
  const mobileMenu = useCloseOnNavigate();
  const [home, ...rest] = MAIN_NAV;

  return (
    <header className="sticky top-0 z-40 h-[var(--header-height)] border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-800">
          <BrandMark size={32} />
          <span className="text-lg">{COMPANY_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {home ? (
            <NavLink to={home.to} end className={linkClass}>
              {home.label}
            </NavLink>
          ) : null}
          <details ref={propertiesMenu} className="group relative">
            <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
              Properties
              <ChevronDown
                className="size-4 transition-transform group-open:rotate-180"
                aria-hidden
              />
            </summary>
            <ul className="absolute left-0 top-full mt-1 w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
              {PROPERTY_NAV.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
          {rest.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Link
            to="/properties"
            aria-label="Search properties"
            className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-brand-700"
          >
            <Search className="size-5" aria-hidden />
          </Link>
          {user ? (
            <AccountButtons user={user} />
          ) : (
            <>
              <LinkButton to="/signin" variant="secondary" size="md" className="text-sm">
                Sign In
              </LinkButton>
              <LinkButton to="/book-appointment" size="md" className="text-sm">
                Book Appointment
              </LinkButton>
            </>
          )}
        </div>

        <details ref={mobileMenu} className="group lg:hidden">
          <summary
            aria-label="Menu"
            className="flex cursor-pointer list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          >
            <Menu className="size-6 group-open:hidden" aria-hidden />
            <X className="hidden size-6 group-open:block" aria-hidden />
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-[var(--header-height)] max-h-[calc(100vh-var(--header-height))] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
          >
            <ul className="divide-y divide-slate-100">
              {home ? <MobileLink to={home.to} label={home.label} /> : null}
              <li className="py-2">
                <p className="px-2 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Properties
                </p>
                <ul>
                  {PROPERTY_NAV.map((item) => (
                    <MobileLink key={item.to} to={item.to} label={item.label} indent />
                  ))}
                </ul>
              </li>
              {rest.map((item) => (
                <MobileLink key={item.to} to={item.to} label={item.label} />
              ))}
              <MobileLink to="/properties" label="Search Properties" />
              {user ? null : <MobileLink to="/admin/login" label="Admin Login" />}
            </ul>
            <div className="mt-4 grid grid-cols-2 gap-3">
              {user ? (
                <AccountButtons user={user} mobile />
              ) : (
                <>
                  <LinkButton to="/signin" variant="secondary" className="text-sm">
                    Sign In
                  </LinkButton>
                  <LinkButton to="/book-appointment" className="text-sm">
                    Book Appointment
                  </LinkButton>
                </>
              )}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}

/** Signed in: Dashboard (the admin one for admins) and Sign Out, a POST form (never a GET). */
function AccountButtons({
  user,
  mobile = false,
}: {
  user: { name: string; isAdmin: boolean };
  mobile?: boolean;
}) {
  // Full width in the phone menu's two columns, a little taller for a thumb.
  const look = { size: mobile ? "lg" : "md", fullWidth: mobile, className: "text-sm" } as const;
  return (
    <>
      {mobile ? (
        // Its own row above the two buttons; empty (the same height) until the name is known.
        <p className="col-span-2 min-h-5 truncate text-sm text-slate-600">
          {user.name ? `Signed in as ${user.name}` : null}
        </p>
      ) : (
        // The width is kept while the name is unknown, so nothing moves when it arrives.
        <span className="hidden w-36 truncate text-right text-sm text-slate-700 xl:inline-block">
          {user.name}
        </span>
      )}
      <LinkButton
        to={user.isAdmin ? "/admin/dashboard" : "/dashboard"}
        variant="secondary"
        {...look}
      >
        Dashboard
      </LinkButton>
      <Form method="post" action="/signout">
        <Button type="submit" {...look}>
          Sign Out
        </Button>
      </Form>
    </>
  );
}

function MobileLink({ to, label, indent }: { to: string; label: string; indent?: boolean }) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          "block rounded-md pr-2 text-base text-slate-800 hover:bg-brand-50",
          indent ? "py-2.5 pl-5" : "py-3 pl-2",
        )}
      >
        {label}
      </Link>
    </li>
  );
}
