import { CheckCircle2, Clock } from "~/components/icons";
import type { AvailabilityState } from "~/lib/availability";

// A listing's dated availability on its page (issue 46): "Availability confirmed <date> by <agent
// or the office> (<how>)", or "Availability being checked" once its period ran out.

export function AvailabilityNote({
  availability,
}: {
  availability: { state: AvailabilityState; line: string | null };
}) {
  if (!availability.line) return null;
  const checking = availability.state === "being-checked";
  const Icon = checking ? Clock : CheckCircle2;
  return (
    <p
      data-testid="availability"
      className={`mt-1 flex items-center gap-1 text-sm ${checking ? "text-amber-800" : "text-brand-800"}`}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {availability.line}
    </p>
  );
}
