import { requireAdmin } from "~/auth/session.server";
import { SignedInCard } from "~/components/auth/signed-in-card";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/dashboard";

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  return {
    admin: {
      name: admin.name,
      email: admin.email,
      role: "admin" as const,
      isSuperAdmin: admin.isSuperAdmin,
    },
  };
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  return <SignedInCard title="Admin Dashboard" user={loaderData.admin} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Admin Dashboard | ${COMPANY_NAME}` }];
