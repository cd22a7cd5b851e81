import { redirect } from "react-router";
import { signOut } from "~/auth/session.server";
import { redirectWithFlash } from "~/http/responses.server";
import type { Route } from "./+types/signout";

// Signing out changes state, so only a POST does it; a GET just goes home.
export function loader() {
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  throw redirectWithFlash("/", "signedOut", { headers: await signOut(request) });
}
