import { redirect } from "react-router";

// /admin itself: the dashboard is the admin area's home.
export function loader() {
  throw redirect("/admin/dashboard");
}
