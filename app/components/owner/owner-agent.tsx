import { Phone } from "~/components/icons";
import { telHref } from "~/lib/site";

// Who handles an owner's listing (issue 47): the listing's agent by name, with a tap-to-call
// link; without one, the office.

export type OwnerAgent = { name: string; phone: string | null } | null;

export function OwnerAgentLine({ agent }: { agent: OwnerAgent }) {
  if (!agent) {
    return <p className="text-sm text-slate-600">Your agent: our office handles this listing.</p>;
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
      <span>
        Your agent: <span className="font-semibold text-slate-900">{agent.name}</span>
      </span>
      {agent.phone ? (
        <a
          href={telHref(agent.phone)}
          className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <Phone className="h-4 w-4" aria-hidden="true" />
          {agent.phone}
        </a>
      ) : null}
    </p>
  );
}
