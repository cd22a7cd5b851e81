import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import {
  ADMIN_SEARCH_SECTIONS,
  type AdminSearchKind,
  adminSearchHref,
  MIN_ADMIN_SEARCH_LENGTH,
} from "~/lib/admin-search";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { cleanSearchText } from "~/lib/list-params";
import { formatPrice } from "~/lib/money";
import { COMPANY_NAME } from "~/lib/site";
import { statusLabel } from "~/lib/status-tones";
import { searchAdmin } from "~/models/admin-search.server";
import type { Route } from "./+types/search";

// /admin/search?q=...: the header's search. A page that works without JavaScript; the Ctrl/Cmd+K
// palette loads the same loader with a fetcher.

export type SearchHit = { id: string; title: string; detail: string; href: string };
export type SearchSection = { kind: AdminSearchKind; title: string; hits: SearchHit[] };

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const q = cleanSearchText(new URL(args.request.url).searchParams.get("q"));
  const found = await searchAdmin(actor, q);
  const hits: Record<AdminSearchKind, SearchHit[]> = {
    properties: found.properties.map((p) => ({
      id: p.id,
      title: p.title,
      detail: [p.referenceCode, p.address, p.city, formatPrice(p.price, p.purpose, p.rentPeriod)]
        .filter(Boolean)
        .join(" · "),
      href: adminSearchHref("properties", p),
    })),
    appointments: found.appointments.map((a) => ({
      id: a.id,
      title: a.fullName,
      detail: `${a.email} · ${formatAppointmentDate(a.appointmentDate)}, ${a.appointmentTime} · ${statusLabel(a.status)}`,
      href: adminSearchHref("appointments", a),
    })),
    inquiries: found.inquiries.map((i) => ({
      id: i.id,
      title: i.subject || "No Subject",
      detail: `${i.name ? `${i.name} · ` : ""}${i.email} · ${statusLabel(i.status)}`,
      href: adminSearchHref("inquiries", i),
    })),
    users: found.users.map((u) => ({
      id: u.id,
      title: u.name || u.email,
      detail: `${u.email} · ${statusLabel(u.role)}${u.status === "inactive" ? " · Inactive" : ""}`,
      href: adminSearchHref("users", u),
    })),
  };
  const sections: SearchSection[] = ADMIN_SEARCH_SECTIONS.map((s) => ({
    ...s,
    hits: hits[s.kind],
  }));
  return { q, tooShort: q.length < MIN_ADMIN_SEARCH_LENGTH, sections };
}

export default function AdminSearchPage({ loaderData }: Route.ComponentProps) {
  const { q, tooShort, sections } = loaderData;
  const total = sections.reduce((sum, s) => sum + s.hits.length, 0);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Search</h1>
      <Form method="get" role="search" aria-label="Search again" className="flex gap-2">
        <label htmlFor="admin-search-page" className="sr-only">
          Search
        </label>
        <input
          id="admin-search-page"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Property, name or e-mail"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600"
        />
        <Button type="submit" size="md">
          Search
        </Button>
      </Form>
      {tooShort ? (
        <p className="text-slate-600">
          Type at least {MIN_ADMIN_SEARCH_LENGTH} characters: a property's title or location, or a
          person's name or e-mail.
        </p>
      ) : total === 0 ? (
        <p className="text-slate-600" role="status">
          Nothing matches “{q}”.
        </p>
      ) : (
        <SearchResults sections={sections} />
      )}
    </div>
  );
}

export function SearchResults({
  sections,
  onNavigate,
}: {
  sections: SearchSection[];
  onNavigate?: () => void;
}) {
  return (
    <div className="space-y-6">
      {sections
        .filter((section) => section.hits.length > 0)
        .map((section) => (
          <section key={section.kind} aria-labelledby={`search-${section.kind}`}>
            <h2
              id={`search-${section.kind}`}
              className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500"
            >
              {section.title}
            </h2>
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {section.hits.map((hit) => (
                <li key={hit.id}>
                  <Link
                    to={hit.href}
                    onClick={onNavigate}
                    className="block px-4 py-3 hover:bg-slate-50 focus:bg-slate-50"
                  >
                    <span className="block font-medium text-slate-900">{hit.title}</span>
                    <span className="block text-sm text-slate-600">{hit.detail}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Search | Admin | ${COMPANY_NAME}` }];
