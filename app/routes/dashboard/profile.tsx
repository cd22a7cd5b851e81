// Being built (issue 5).
import { requireUser } from "~/auth/session.server";
import type { Route } from "./+types/profile";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export default function Page() {
  return <h1 className="p-8 text-2xl">profile</h1>;
}
