import { data, Link, redirect } from "react-router";
import { PageMessage } from "~/components/page-message";
import { buttonVariants } from "~/components/ui/button";
import { VERIFY_PATH } from "~/lib/fee-terms";
import { pageMeta } from "~/lib/seo";
import { COMPANY_SHORT_NAME } from "~/lib/site";
import { findListingByCode } from "~/models/listing-code.server";
import type { Route } from "./+types/listing-code";

// /r/CODE (issue 45, item 1): a listing's reference code as a link. A live listing's code goes
// to its page; a code given to a listing that is no longer on offer (sold, let, in the trash,
// purged) answers 410 with a page that says so; any other text answers 404 with a page that says
// no listing of ours has it. Both point to /verify: a code is what a stranger quotes.

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const typed = params.code.trim().slice(0, 40);
  const found = await findListingByCode(typed);
  if (found?.kind === "live") {
    return redirect(`/property/${found.propertyId}`, { status: 302, headers: NO_STORE });
  }
  if (found?.kind === "gone") {
    return data({ kind: "gone" as const, code: found.code }, { status: 410, headers: NO_STORE });
  }
  return data(
    { kind: "unknown" as const, code: found?.code ?? typed },
    { status: 404, headers: NO_STORE },
  );
}

export function headers() {
  return NO_STORE;
}

export default function ListingCodePage({ loaderData }: Route.ComponentProps) {
  const { kind, code } = loaderData;
  const ways = (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/properties" className={buttonVariants({ size: "md" })}>
        Search our listings
      </Link>
      <Link to={VERIFY_PATH} className={buttonVariants({ variant: "outline", size: "md" })}>
        Check before you pay
      </Link>
    </div>
  );
  if (kind === "gone") {
    return (
      <PageMessage
        heading={`Listing ${code} is no longer on offer`}
        message={
          <p className="text-slate-600">
            This code was one of ours, but the property has been let, sold or taken off the site. If
            someone is still offering it to you under our name, do not pay: check their number or
            account on our Check before you pay page first.
          </p>
        }
      >
        {ways}
      </PageMessage>
    );
  }
  return (
    <PageMessage
      heading={`No ${COMPANY_SHORT_NAME} listing has the code ${code}`}
      message={
        <p className="text-slate-600">
          Our codes look like NH-LAG-0421. Check how it was written; if someone sent you this code
          as one of ours, do not pay or send documents: check their number or account on our Check
          before you pay page.
        </p>
      }
    >
      {ways}
    </PageMessage>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.kind === "gone" ? "Listing no longer on offer" : "Unknown listing code",
    description: "A NaijaHomes listing reference code.",
    path: args.location.pathname,
    noindex: true,
  });
