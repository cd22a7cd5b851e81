import { ShieldCheck } from "~/components/icons";
import { VIEWING_CODE_ADVICE } from "~/lib/viewing-code";

// The customer's viewing code (issue 45 item 4) on a confirmed viewing: the four digits their
// agent will say, and the warning never to pay at a viewing.

export function ViewingCodeNotice({ code, compact = false }: { code: string; compact?: boolean }) {
  return (
    <div
      className="mt-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800"
      data-testid="viewing-code"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldCheck className="size-4 shrink-0 text-brand-700" aria-hidden />
        Your viewing code:{" "}
        <span className={compact ? "font-mono text-base" : "font-mono text-xl tracking-widest"}>
          {code}
        </span>
      </p>
      <p className="mt-1 text-slate-700">{VIEWING_CODE_ADVICE}</p>
    </div>
  );
}
