import { Link } from "react-router";
import { ArrowRight, Building2, ClipboardList, Home, type IconComponent } from "~/components/icons";
import { HOME_SERVICES } from "~/lib/home-content";
import { cn } from "~/lib/utils";

// The three 'What We Do' cards (Real Estate, Infrastructure Development, Project Management),
// each linking to its service page: on the home page and on /services.

const SERVICE_ICONS: Record<(typeof HOME_SERVICES)[number]["icon"], IconComponent> = {
  home: Home,
  infrastructure: Building2,
  project: ClipboardList,
};

export function ServiceCards({
  className,
  titleAs: Title,
}: {
  className?: string;
  /** The cards' heading level, following the page's outline. */
  titleAs: "h2" | "h3";
}) {
  return (
    <ul className={cn("grid gap-6 md:grid-cols-3", className)}>
      {HOME_SERVICES.map((service) => {
        const Icon = SERVICE_ICONS[service.icon];
        return (
          <li
            key={service.to}
            className="relative flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-6" aria-hidden />
            </span>
            <Title className="mt-4 text-lg font-semibold text-slate-900">{service.title}</Title>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">
              {service.description}
            </p>
            {/* The words people see stay first in the link's text; the hidden rest says where
                it leads (screen readers, and search engines, which find "Learn More" alone
                says nothing). */}
            <Link
              to={service.to}
              className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 after:absolute after:inset-0 hover:underline"
            >
              Learn More<span className="sr-only"> about {service.title}</span>
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
