import {
  Eye,
  Gauge,
  Handshake,
  type IconComponent,
  Scale,
  Sprout,
  Target,
} from "~/components/icons";
import { COMPANY_NAME } from "~/lib/site";

export const ABOUT_TEXT = [
  `${COMPANY_NAME} began in 2014 in a two-room office in Wuse, Abuja, with one promise: every ` +
    "property we show has been visited, measured and checked at the land registry before a client " +
    "sees it. A decade later we sell, let and manage homes, land and commercial space in Abuja, " +
    "Lagos, Port Harcourt, Ibadan, Enugu and Kano.",
  "Our agents, surveyors, engineers and lawyers work as one team, so a buyer gets honest advice " +
    "on price, a clean title and a smooth handover, a landlord gets reliable tenants and steady " +
    "rent, and a developer gets roads, drainage and buildings delivered on time and on budget.",
] as const;

export const VISION =
  "To be Nigeria's most trusted real-estate company: the first call for anyone who wants to buy, " +
  "rent, build or invest in property, from a family's first home to a city's next estate.";

export const MISSION =
  "To make property in Nigeria safe and simple. We verify every title, price every listing " +
  "honestly, build to standard and look after our clients' homes and investments as if they " +
  "were our own.";

export const CORE_VALUES: readonly { title: string; text: string; icon: IconComponent }[] = [
  {
    title: "Ethics",
    text: "Clean titles, honest prices and no hidden fees. We tell clients what we would want to hear in their place, even when it costs us a sale.",
    icon: Scale,
  },
  {
    title: "Growth Mindset",
    text: "We keep learning, from new building methods to better ways of serving clients online, and we invest in the growth of our people.",
    icon: Sprout,
  },
  {
    title: "First-Class Service",
    text: "Every call and message answered within one working day, viewings at times that suit you, and a named agent from first visit to handover.",
    icon: Handshake,
  },
  {
    title: "Efficiency",
    text: "Clear timelines, organised documentation and projects run to schedule, so your money and your time are never wasted.",
    icon: Gauge,
  },
];

export function VisionMission() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Statement icon={Eye} title="Our Vision" text={VISION} />
      <Statement icon={Target} title="Our Mission" text={MISSION} />
    </div>
  );
}

function Statement({
  icon: Icon,
  title,
  text,
}: {
  icon: IconComponent;
  title: string;
  text: string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 className="mt-4 text-2xl font-bold text-slate-900">{title}</h2>
      <p className="mt-3 text-pretty leading-relaxed text-slate-600">{text}</p>
    </div>
  );
}

export function CoreValues() {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {CORE_VALUES.map(({ title, text, icon: Icon }) => (
        <li key={title} className="rounded-xl bg-white p-6 shadow-sm">
          <span className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-white">
            <Icon className="size-6" aria-hidden />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  );
}
