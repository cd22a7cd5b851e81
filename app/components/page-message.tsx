import { buttonVariants } from "~/components/ui/button";

// A public page's message in place of the page, when its loader failed or found nothing: the
// heading, what happened, and the ways on. The error boundaries of the listing, property,
// comparison and team pages.

export function PageMessage({
  heading,
  message,
  retryHref,
  children,
}: {
  heading: React.ReactNode;
  /** What happened, under the heading (an ErrorText when it is the error itself). */
  message: React.ReactNode;
  /** The page's own address: a "Try again" button loads it afresh, before the ways on. */
  retryHref?: string;
  /** The ways on: links to other pages. */
  children: React.ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{heading}</h1>
      {message}
      {retryHref ? (
        <div className="flex gap-3">
          <a href={retryHref} className={buttonVariants({ size: "md" })}>
            Try again
          </a>
          {children}
        </div>
      ) : (
        children
      )}
    </section>
  );
}
