import { data } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { LinkButton } from "~/components/ui/button";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/not-found";

// An /admin/* path no admin screen claims: a 404 inside the admin shell (for admins only; the
// layout's guard sends everyone else to the admin login first).
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-slate-600">There is no admin page at this address.</p>
      <LinkButton to="/admin/dashboard" size="xl">
        Back to the dashboard
      </LinkButton>
    </section>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | Admin | ${COMPANY_NAME}` },
];
