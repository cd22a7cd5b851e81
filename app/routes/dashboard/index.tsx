import { requireUser } from "~/auth/session.server";
import { SignedInCard } from "~/components/auth/signed-in-card";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/index";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    user: { name: user.name, email: user.email, role: user.role, isSuperAdmin: user.isSuperAdmin },
  };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return <SignedInCard title="Dashboard" user={loaderData.user} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Dashboard | ${COMPANY_NAME}` }];
