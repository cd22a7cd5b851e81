import { data } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminNotFoundPanel } from "~/components/admin/admin-route-error";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/not-found";

// An /admin/* path no admin screen claims: a 404 inside the admin shell (for admins only; the
// layout's guard sends everyone else to the admin login first).
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <AdminNotFoundPanel />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | Admin | ${COMPANY_NAME}` },
];
