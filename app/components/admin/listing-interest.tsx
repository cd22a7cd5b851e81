import { Form, Link } from "react-router";
import { LeadRowsTable, WeeklyLeadsTable } from "~/components/admin/leads-table";
import { formatLeadRate, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_WEEKS } from "~/lib/leads";
import { formatNumber } from "~/lib/money";
import type { getLeadsDashboard } from "~/models/lead.server";

// The Leads page's figures of interest per listing (issue 21 item 4), kept below the inbox
// (issue 47): bookings, inquiries, WhatsApp and phone clicks over the last LEAD_WEEKS weeks, by
// source per week, by agent, the listings with most, and views against them.

export function ListingInterestSections({
  leads,
}: {
  leads: Awaited<ReturnType<typeof getLeadsDashboard>>;
}) {
  return (
    <>
      <section aria-labelledby="leads-summary" className="space-y-3">
        <h2 id="leads-summary" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Figure label="Leads" value={formatNumber(leads.total)} />
          {LEAD_SOURCES.map((source) => (
            <Figure
              key={source}
              label={LEAD_SOURCE_LABELS[source]}
              value={formatNumber(leads.totals[source])}
            />
          ))}
          <Figure
            label="Leads per 100 views"
            value={formatLeadRate(leads.rate)}
            note={`${formatNumber(leads.views)} views`}
          />
        </dl>
      </section>

      <section aria-labelledby="leads-weekly" className="space-y-2">
        <h2 id="leads-weekly" className="text-lg font-semibold text-slate-900">
          By source, week by week
        </h2>
        <WeeklyLeadsTable
          weeks={leads.weeks}
          totals={leads.totals}
          caption={`Leads by source, last ${LEAD_WEEKS} weeks`}
        />
      </section>

      <section aria-labelledby="leads-agents" className="space-y-2">
        <h2 id="leads-agents" className="text-lg font-semibold text-slate-900">
          By agent
        </h2>
        <LeadRowsTable
          rows={leads.agents.map((agent) => ({ ...agent, id: agent.id || "unassigned" }))}
          caption="Leads by the listing's agent"
          firstHeader="Agent"
          testId="leads-by-agent"
        />
      </section>

      <section aria-labelledby="leads-top" className="space-y-2">
        <h2 id="leads-top" className="text-lg font-semibold text-slate-900">
          Top listings
        </h2>
        {/* A plain GET form: works without JavaScript, the search lives in the URL. */}
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
          <label className="grid gap-1 text-sm">
            <span className="text-slate-700">Find a listing by its title</span>
            <input
              type="search"
              name="q"
              defaultValue={leads.q}
              maxLength={200}
              className="h-9 w-72 max-w-full rounded-md border border-slate-300 px-3"
            />
          </label>
          <button
            type="submit"
            className="h-9 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
          >
            Search
          </button>
        </Form>
        <LeadRowsTable
          rows={leads.top.map((listing) => ({
            ...listing,
            name: (
              <>
                <Link
                  to={`/admin/properties/${listing.id}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {listing.name}
                </Link>
                <span className="block text-xs text-slate-500">{listing.agent}</span>
              </>
            ),
          }))}
          caption={
            leads.q
              ? `The listings matching "${leads.q}" with most leads, with their views`
              : "The listings with most leads, with their views"
          }
          firstHeader="Listing"
          withRate
          testId="leads-top-listings"
        />
      </section>
    </>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}
