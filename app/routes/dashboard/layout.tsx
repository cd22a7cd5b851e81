import { Outlet } from "react-router";
import { requireUser } from "~/auth/session.server";
import type { Route } from "./+types/layout";

// Every /dashboard/* page needs a signed-in user; checked before any child loader runs.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }) => {
    await requireUser(request);
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  return { user: await requireUser(request) };
}

export default function DashboardLayout() {
  return <Outlet />;
}
