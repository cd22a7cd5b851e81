import { cn } from "~/lib/utils";

/**
 * A listing's reference code (issue 45) where a visitor can read it out or copy it: "Ref.
 * NH-LAG-0421", in a monospaced face so 0 and O are told apart.
 */
export function ListingCode({ code, className }: { code: string; className?: string }) {
  return (
    <span className={cn("text-xs text-slate-600", className)}>
      Ref.{" "}
      <span className="font-mono font-medium tracking-wide text-slate-800" translate="no">
        {code}
      </span>
    </span>
  );
}
