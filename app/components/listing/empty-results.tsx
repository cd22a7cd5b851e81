import { SearchX } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";

export function EmptyResults() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-slate-300 px-6 py-16 text-center">
      <SearchX className="size-10 text-slate-400" aria-hidden />
      <p className="max-w-md text-slate-700">
        We couldn't find any properties matching your criteria. Try adjusting your filters.
      </p>
      <LinkButton to="/properties" size="md">
        Reset Filters
      </LinkButton>
    </div>
  );
}
