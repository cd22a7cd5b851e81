import type { MouseEvent } from "react";
import { Link } from "react-router";
import { CalendarCheck, CheckCircle2, Clock, Phone, ShieldCheck } from "~/components/icons";
import {
  type DescriptionBlock,
  descriptionBlocks,
  type Service,
} from "~/components/services/services";
import { buttonVariants } from "~/components/ui/button";

// Pieces of the service detail page (/services/{id}).

export function ServiceBreadcrumb({ service }: { service: Service }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-brand-700">
            Home
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li>
          <Link to="/services" className="hover:text-brand-700">
            Services
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li>
          <Link
            to={`/services/${service.id}`}
            aria-current="page"
            className="text-slate-700 hover:text-brand-700"
          >
            {service.title}
          </Link>
        </li>
      </ol>
    </nav>
  );
}

/**
 * 'Book Consultation': an in-page link to the inquiry form, so it works without JavaScript; with
 * it, the page glides there (unless the visitor asked for less motion) and the first field
 * takes the focus.
 */
export function BookConsultationLink({ targetId }: { targetId: string }) {
  function scrollToForm(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
    target.querySelector<HTMLElement>("input:not([tabindex='-1']), textarea")?.focus({
      preventScroll: true,
    });
    window.history.replaceState(window.history.state, "", `#${targetId}`);
  }
  return (
    <a
      href={`#${targetId}`}
      onClick={scrollToForm}
      className={buttonVariants({ variant: "accent", size: "cta" })}
    >
      <CalendarCheck className="size-5" aria-hidden />
      Book Consultation
    </a>
  );
}

export function ServiceDescription({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700">
      {descriptionBlocks(text).map((block: DescriptionBlock, index) =>
        block.kind === "list" ? (
          <ul key={index} className="list-disc space-y-1 pl-6">
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={index}>{block.text}</p>
        ),
      )}
    </div>
  );
}

export function CheckList({
  items,
  icon,
  columns,
}: {
  items: readonly string[];
  icon: "check" | "shield";
  columns: 1 | 2;
}) {
  const Icon = icon === "check" ? CheckCircle2 : ShieldCheck;
  return (
    <ul className={columns === 2 ? "grid gap-3 sm:grid-cols-2" : "space-y-3"}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-slate-700">
          <Icon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function DirectContact({ phone }: { phone: string }) {
  return (
    <section
      aria-labelledby="direct-contact-title"
      className="rounded-xl border border-slate-200 bg-brand-50 p-6"
    >
      <h2 id="direct-contact-title" className="font-semibold text-slate-900">
        Prefer to talk to us directly?
      </h2>
      <p className="mt-3 flex items-center gap-2 text-slate-700">
        <Phone className="size-4 shrink-0 text-brand-700" aria-hidden />
        <a href={`tel:${phone.replace(/\s+/g, "")}`} className="font-medium hover:text-brand-700">
          {phone}
        </a>
      </p>
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
        <Clock className="size-4 shrink-0 text-brand-700" aria-hidden />
        Mon-Fri: 9am-5pm
      </p>
    </section>
  );
}
