import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

// The dark closing banner with two buttons (home, about, services).

export type CallToActionLink = {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** The filled button; the other is outlined. */
  primary?: boolean;
};

const BUTTON = "inline-flex items-center justify-center gap-2 rounded-md px-6 py-3 font-semibold";
const PRIMARY = `${BUTTON} bg-accent-400 text-slate-900 hover:bg-accent-500`;
const OUTLINE = `${BUTTON} border border-white/70 text-white hover:bg-white/10`;

export function CallToActionBanner({
  titleId,
  title,
  text,
  links,
}: {
  /** The heading's id, for the enclosing section's aria-labelledby. */
  titleId: string;
  title: string;
  text: string;
  links: readonly CallToActionLink[];
}) {
  return (
    <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
      <h2 id={titleId} className="text-balance text-3xl font-bold">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-pretty text-brand-100">{text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {links.map(({ to, label, Icon, primary }) => (
          <Link key={to} to={to} className={primary ? PRIMARY : OUTLINE}>
            <Icon className="size-5" aria-hidden />
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}
