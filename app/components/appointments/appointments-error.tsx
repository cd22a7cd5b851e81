import { isRouteErrorResponse } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import { LinkButton } from "~/components/ui/button";

export const LOAD_APPOINTMENTS_FAILED_MESSAGE =
  "Failed to load appointments. Please try again later.";

/** The appointment pages' error state: the 404 page for an id that is not the customer's. */
export function AppointmentsError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <section className="mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p role="alert" className="text-slate-600">
        {LOAD_APPOINTMENTS_FAILED_MESSAGE}
      </p>
      <LinkButton to="/dashboard" size="xl">
        Back to Dashboard
      </LinkButton>
    </section>
  );
}
