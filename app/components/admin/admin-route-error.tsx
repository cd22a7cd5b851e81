import { isRouteErrorResponse } from "react-router";
import { ErrorNotice } from "~/components/ui/alert";
import { LinkButton } from "~/components/ui/button";

// What an admin screen shows when its loader or action fails, inside the admin shell: the 404
// panel for an unknown address or id, else the screen's own message ('Failed to load
// appointments') thrown as `data(message, { status: 500 })`.

export function AdminNotFoundPanel({ message = "There is no admin page at this address." }) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-slate-600">{message}</p>
      <LinkButton to="/admin/dashboard" size="xl">
        Back to the dashboard
      </LinkButton>
    </section>
  );
}

export function AdminRouteError({ error, fallback }: { error: unknown; fallback: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <AdminNotFoundPanel message="There is nothing at this address. It may have been deleted." />
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.status < 600
      ? error.data
      : fallback;
  return (
    <div className="mx-auto max-w-7xl p-4 md:p-6">
      <ErrorNotice>{message}</ErrorNotice>
    </div>
  );
}
