import type { IconComponent } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";

// The dark closing banner with two buttons (home, about, services).

export type CallToActionLink = {
  to: string;
  label: string;
  Icon: IconComponent;
  /** The filled button; the other is outlined. */
  primary?: boolean;
};

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
          <LinkButton key={to} to={to} variant={primary ? "accent" : "outline-inverse"} size="hero">
            <Icon className="size-5" aria-hidden />
            {label}
          </LinkButton>
        ))}
      </div>
    </div>
  );
}
