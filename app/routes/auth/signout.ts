import { redirect } from "react-router";
import { flashCookie } from "~/auth/flash.server";
import { signOut } from "~/auth/session.server";
import type { Route } from "./+types/signout";

// Signing out changes state, so only a POST does it; a GET just goes home.
export function loader() {
  throw redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  headers.append("Set-Cookie", flashCookie("signedOut"));
  throw redirect("/", { headers });
}
