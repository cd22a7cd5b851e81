import { LinkButton } from "~/components/ui/button";

/** Cancel (back to the overview) and the form's submit button, side by side from 640 px. */
export function FormButtons({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <LinkButton to="/dashboard" variant="outline">
        Cancel
      </LinkButton>
      <div className="sm:w-48">{children}</div>
    </div>
  );
}
