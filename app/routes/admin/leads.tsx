import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { LeadFiguresList, LeadFilters, LeadInboxList } from "~/components/admin/lead-inbox";
import { ListingInterestSections } from "~/components/admin/listing-interest";
import { INBOX_VIEWS, type InboxView, isLeadStatus } from "~/lib/lead-inbox";
import { LEAD_WEEKS } from "~/lib/leads";
import { cleanSearchText } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { COMPANY_NAME } from "~/lib/site";
import { getLeadsDashboard } from "~/models/lead.server";
import { getLeadCounts, listLeads } from "~/models/lead-inbox.server";
import type { Route } from "./+types/leads";

// /admin/leads: the lead inbox (issue 47 item 1), what is due first; admins see every lead, an
// agent their own (an agent's home opens it on "due today"). Below it, the listings' interest
// figures of issue 21 item 4 (clicks included). The counts come from getLeadCounts, which the
// admin dashboard's Leads card reads too.

function viewOf(value: string | null): InboxView {
  return (INBOX_VIEWS as readonly string[]).includes(value ?? "") ? (value as InboxView) : "open";
}

/** The page asked for: a whole number from 1 (at most 10,000); anything else is page 1. */
function pageOf(value: string | null) {
  const page = Number(value ?? "1");
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 10_000) : 1;
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const view = viewOf(params.get("view"));
  const status = params.get("status");
  const q = cleanSearchText(params.get("q"), 200);
  const [inbox, counts, interest] = await Promise.all([
    listLeads(actor, {
      view,
      status: isLeadStatus(status) ? status : null,
      page: pageOf(params.get("page")),
    }),
    getLeadCounts(actor),
    getLeadsDashboard(actor, { q }),
  ]);
  return {
    inbox,
    counts,
    interest,
    view,
    status: isLeadStatus(status) ? status : null,
    ownOnly: actor.role === "agent",
  };
}

export default function AdminLeadsPage({ loaderData }: Route.ComponentProps) {
  const { inbox, counts, interest, view, status, ownOnly } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-8 p-4 [overflow-wrap:anywhere] md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Leads</h1>
        <p className="mt-1 text-slate-600">
          {ownOnly ? "The people given to you" : "Everyone"} to call back: inquiries, viewings
          booked and owners' submissions, what is due first.
        </p>
      </div>

      <section aria-labelledby="lead-figures" className="space-y-2">
        <h2 id="lead-figures" className="sr-only">
          Lead figures
        </h2>
        <LeadFiguresList counts={counts} />
      </section>

      <section aria-labelledby="lead-inbox" className="space-y-3">
        <h2 id="lead-inbox" className="text-lg font-semibold text-slate-900">
          {view === "due" ? "Due today" : "Inbox"}{" "}
          <span className="text-sm font-normal text-slate-600">({formatNumber(inbox.total)})</span>
        </h2>
        <LeadFilters view={view} status={status} />
        <LeadInboxList
          rows={inbox.rows}
          today={inbox.today}
          showOwner={!ownOnly}
          empty={view === "due" ? "Nothing is due today." : "No leads match."}
        />
      </section>

      <section aria-labelledby="listing-interest" className="space-y-6 border-t pt-6">
        <h2 id="listing-interest" className="text-lg font-semibold text-slate-900">
          Interest in {ownOnly ? "your listings" : "the listings"}
        </h2>
        <p className="text-slate-600">
          Viewings booked, inquiries, WhatsApp and phone clicks over the last {LEAD_WEEKS} weeks.
          Clicks count once per visitor a day; search engines' robots are left out.
        </p>
        <ListingInterestSections leads={interest} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the leads" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Leads | Admin | ${COMPANY_NAME}` }];
