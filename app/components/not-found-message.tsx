import { LinkButton } from "~/components/ui/button";

/** The 404 page's message, also shown where a screen finds no record (an appointment). */
export function NotFoundMessage() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Oops! Page not found</h1>
      <p className="text-slate-600">
        The page you are looking for does not exist or has been moved.
      </p>
      <LinkButton to="/" size="xl">
        Return to Home
      </LinkButton>
    </section>
  );
}
