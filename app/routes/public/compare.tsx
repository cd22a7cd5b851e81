import { useEffect } from "react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { wantsSecureCookies } from "~/auth/auth.server";
import { adoptShortlistIfEmpty } from "~/components/compare/compare-store";
import { ComparisonTable, ShortlistForm } from "~/components/compare/comparison-table";
import { Info, Plus, Scale } from "~/components/icons";
import { PropertiesBreadcrumb } from "~/components/listing/properties-breadcrumb";
import { PageMessage } from "~/components/page-message";
import { Alert } from "~/components/ui/alert";
import { LinkButton } from "~/components/ui/button";
import { getEnv } from "~/env.server";
import { compareCookie, readCompareCookie } from "~/http/compare-cookie.server";
import { readForm } from "~/http/read-form.server";
import {
  addToShortlist,
  COMPARE_LIMIT_MESSAGE,
  compareHref,
  compareRows,
  MAX_COMPARE,
  parseCompareIds,
} from "~/lib/compare";
import { isUuid } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";
import { listPropertiesToCompare } from "~/models/compare.server";
import type { Route } from "./+types/compare";

// /compare?ids=a,b,c: up to four properties side by side. The URL is the comparison, so it
// works without JavaScript and can be shared; ids that are malformed, unknown or no longer on
// the site are left out and said so, never an error. The POST action is the Compare buttons
// without JavaScript (the shortlist kept in a cookie).

const SHOW_DIFFERENCES = "differences";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseCompareIds(url.searchParams.getAll("ids"));
  const properties = await listPropertiesToCompare(parsed.ids);
  return {
    properties,
    onlyDifferences: url.searchParams.get("show") === SHOW_DIFFERENCES,
    notices: {
      // Malformed ids and ids of listings that are gone, together: to a visitor both are links
      // that no longer lead to a property.
      unavailable: parsed.malformed + (parsed.ids.length - properties.length),
      overLimit: parsed.overLimit,
      full: url.searchParams.get("full") === "1",
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "").toLowerCase();
  const secure = wantsSecureCookies(getEnv());
  const keep = (ids: readonly string[], extra?: Record<string, string>) =>
    redirect(compareHref(ids, extra), { headers: { "Set-Cookie": compareCookie(ids, secure) } });

  if (intent === "clear") return keep([]);
  if (intent === "remove") {
    // The page's own list, so removing from a shared comparison works too.
    if (!isUuid(id)) throw data("Not a property", { status: 400 });
    const shown = parseCompareIds([String(form.get("ids") ?? "")]).ids;
    return keep(shown.filter((shownId) => shownId !== id));
  }
  if (intent !== "add" || !isUuid(id)) throw data("Not a property", { status: 400 });
  // The kept list (less listings that have left the site since) and the one to add.
  const [kept, wanted] = await Promise.all([
    listPropertiesToCompare(readCompareCookie(request)),
    listPropertiesToCompare([id]),
  ]);
  if (wanted.length === 0) throw data("Property not found", { status: 404 });
  const result = addToShortlist(
    kept.map((property) => ({ id: property.id })),
    { id },
  );
  const ids = result.list.map((entry) => entry.id);
  return result.change === "full" ? keep(ids, { full: "1" }) : keep(ids);
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { properties, onlyDifferences, notices } = loaderData;
  const ids = properties.map((property) => property.id);
  const rows = compareRows(properties);
  const differing = rows.filter((row) => row.differs).length;
  const shown = onlyDifferences && differing > 0 ? rows.filter((row) => row.differs) : rows;
  useEffect(() => {
    adoptShortlistIfEmpty(properties.map(({ id, title }) => ({ id, title })));
  }, [properties]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PropertiesBreadcrumb current="Compare" />
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        <Scale className="size-7 text-brand-700" aria-hidden />
        Compare properties
      </h1>

      <div className="mt-4 space-y-3">
        {notices.full ? (
          <Alert tone="warning" icon={Info}>
            <p>{COMPARE_LIMIT_MESSAGE}</p>
          </Alert>
        ) : null}
        {notices.unavailable > 0 ? (
          <Alert tone="warning" icon={Info}>
            <p>
              {notices.unavailable === 1
                ? "One of the properties in this link is no longer listed, so it is left out."
                : `${notices.unavailable} of the properties in this link are no longer listed, so they are left out.`}
            </p>
          </Alert>
        ) : null}
        {notices.overLimit > 0 ? (
          <Alert tone="warning" icon={Info}>
            <p>
              Only the first {MAX_COMPARE} properties are compared; {notices.overLimit}{" "}
              {notices.overLimit === 1 ? "was" : "were"} left out.
            </p>
          </Alert>
        ) : null}
      </div>

      {properties.length === 0 ? (
        <section className="mt-8 flex flex-col items-start gap-4 rounded-lg border border-slate-200 p-6">
          <h2 className="text-xl font-semibold text-slate-900">Nothing to compare yet</h2>
          <p className="text-slate-600">
            Choose up to {MAX_COMPARE} properties with the Compare button on their cards or pages,
            then compare their prices and facts side by side here.
          </p>
          <LinkButton to="/properties" size="lg">
            Browse Properties
          </LinkButton>
        </section>
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-slate-600">
            {properties.length === 1
              ? "Add another property to see the two side by side."
              : differing === 0
                ? "These properties are alike in every fact listed."
                : `Rows marked "Differs" are where these properties are not the same (${differing} of ${rows.length}).`}{" "}
            Share this comparison by sharing the page's address.
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {properties.length < MAX_COMPARE ? (
              <LinkButton to="/properties" variant="outline" size="sm">
                <Plus className="size-4" aria-hidden />
                Add a property
              </LinkButton>
            ) : null}
            {differing > 0 && rows.length > differing ? (
              <LinkButton
                to={
                  onlyDifferences ? compareHref(ids) : compareHref(ids, { show: SHOW_DIFFERENCES })
                }
                variant="outline"
                size="sm"
                preventScrollReset
              >
                {onlyDifferences ? "Show all rows" : "Show only differences"}
              </LinkButton>
            ) : null}
            <ShortlistForm intent="clear" ids={ids}>
              Clear comparison
            </ShortlistForm>
          </div>
          <ComparisonTable properties={properties} rows={shown} ids={ids} />
        </>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const count = args.loaderData?.properties.length ?? 0;
  return pageMeta(args, {
    title: count > 1 ? `Compare ${count} properties` : "Compare properties",
    description:
      "Prices in naira, price per square foot, bedrooms, title documents and service charges of your shortlisted properties, side by side.",
    path: "/compare",
    // A comparison is a visitor's own shortlist: nothing for a search engine to list.
    noindex: true,
  });
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = isRouteErrorResponse(error) && (error.status === 400 || error.status === 404);
  return (
    <PageMessage
      heading={refused ? "Could not add to the comparison" : "Failed to load the comparison"}
      message={
        <p className="text-slate-600">
          {refused ? "That property is not available to compare." : "Please try again in a moment."}
        </p>
      }
    >
      <LinkButton to="/compare" size="xl">
        Back to the comparison
      </LinkButton>
    </PageMessage>
  );
}
