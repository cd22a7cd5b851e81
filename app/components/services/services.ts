import {
  Building2,
  ClipboardList,
  Home,
  type IconComponent,
  KeyRound,
  MessagesSquare,
  Wrench,
} from "~/components/icons";
import { heroImageUrl, slideImageUrl } from "~/demo/media/scene-spec";
import { DEFAULT_SERVICE_ID, SERVICE_IDS, type ServiceId } from "~/lib/service-ids";

// The service pages' content (the spec keeps it in the client; so do we: it changes with a
// release, not from the admin area). Images are generated pictures the /media route already
// draws (hero and gallery scenes), so every page has a real photo on a fresh install.

export type Service = {
  id: ServiceId;
  title: string;
  icon: IconComponent;
  shortDescription: string;
  /**
   * Paragraphs separated by a blank line; a paragraph whose lines all start with "- " is a
   * bullet list (see descriptionBlocks).
   */
  fullDescription: string;
  /** Exactly 7 (the spec). */
  features: readonly string[];
  /** Exactly 4 'Why Choose' points (the spec). */
  whyChoose: readonly string[];
  image: string;
  imageAlt: string;
};

export const SERVICES: Record<ServiceId, Service> = {
  "property-sales": {
    id: "property-sales",
    title: "Property Sales",
    icon: Home,
    shortDescription:
      "Buy or sell homes, land and commercial property with verified titles and honest pricing.",
    fullDescription: [
      "Buying or selling property in Nigeria is one of the biggest financial decisions a family or business makes. Our sales team takes you from the first viewing to the handover of keys, with every document checked before a single naira changes hands.",
      "For buyers, we shortlist properties that match your budget and needs, arrange viewings at times that suit you, and verify the title (Certificate of Occupancy, Governor's Consent, registered survey) at the land registry before you commit. For sellers, we value your property against recent sales in the area, market it to our database of qualified buyers, and handle enquiries and viewings for you.",
      [
        "- Residential homes: flats, terraces, bungalows, duplexes and detached houses",
        "- Serviced and unserviced land in growing areas of Abuja, Lagos and beyond",
        "- Offices, shops and warehouses for businesses and investors",
        "- Off-plan units in estates we build or manage",
      ].join("\n"),
      "We negotiate on your behalf, coordinate with lawyers and surveyors, and stay with you until the deed of assignment is signed and the property is yours.",
    ].join("\n\n"),
    features: [
      "Title verification at the land registry before any payment",
      "Market valuation based on recent sales in the same area",
      "Professional photography and listing on our website",
      "Accompanied viewings, including evenings and Saturdays",
      "Price negotiation on your behalf",
      "Coordination with lawyers, surveyors and banks for mortgages",
      "Support through the deed of assignment and handover",
    ],
    whyChoose: [
      "Every listing is visited and checked by our own agents",
      "Transparent fees agreed in writing before we start",
      "More than ten years of sales across Abuja, Lagos and Port Harcourt",
      "One named agent who answers your calls from start to finish",
    ],
    image: heroImageUrl(1),
    imageAlt: "A family home with a landscaped front garden",
  },
  "property-rentals": {
    id: "property-rentals",
    title: "Property Rentals",
    icon: KeyRound,
    shortDescription:
      "Find a home or office to rent, or let your property to reliable, vetted tenants.",
    fullDescription: [
      "Whether you are relocating for work, moving out of your family home or looking for office space for a growing business, our rentals team helps you find the right place quickly and without surprises.",
      "We inspect every rental before it is listed, so the photos and the description match what you will see. Before you pay, we explain the full cost of moving in (rent, service charge, caution deposit, agreement and agency fees) so nothing comes as a shock.",
      [
        "- Furnished and unfurnished apartments and houses",
        "- Short-let and serviced apartments for visitors and expatriates",
        "- Offices, shops and warehouses on yearly leases",
        "- Tenant sourcing and vetting for landlords",
      ].join("\n"),
      "Landlords trust us to find tenants who pay on time and look after their property: we check employment, references and previous tenancies, and prepare a clear tenancy agreement that protects both sides.",
    ].join("\n\n"),
    features: [
      "Inspected listings with up-to-date photos",
      "Full breakdown of move-in costs before you commit",
      "Tenant screening: employment, references and previous landlords",
      "Tenancy agreements prepared and explained",
      "Inventory and condition report at move-in",
      "Rent collection and renewal reminders for landlords",
      "Help with relocation for companies and their staff",
    ],
    whyChoose: [
      "No hidden fees: every cost is stated in writing",
      "Listings checked in person, never copied from elsewhere",
      "Fast matching from our database of tenants and landlords",
      "Fair treatment of both landlord and tenant",
    ],
    image: slideImageUrl("finished", 2),
    imageAlt: "Finished apartment blocks ready for tenants",
  },
  "property-management": {
    id: "property-management",
    title: "Property Management",
    icon: Wrench,
    shortDescription:
      "We look after your property, your tenants and your rent, so your investment keeps its value.",
    fullDescription: [
      "Owning property should be rewarding, not a second job. Our property management service takes care of the day-to-day running of your homes, estates and commercial buildings, whether you live in Nigeria or abroad.",
      "We collect rent and service charges, handle tenant requests and repairs, and keep the building safe, clean and well maintained. You receive a monthly statement and can reach your property manager whenever you need to.",
      [
        "- Residential estates and apartment blocks",
        "- Single homes let to tenants",
        "- Office and retail buildings",
        "- Facilities: generators, water treatment, security and cleaning",
      ].join("\n"),
      "Our maintenance team and trusted artisans respond quickly to faults, and planned maintenance keeps small problems from becoming expensive ones.",
    ].join("\n\n"),
    features: [
      "Rent and service-charge collection with monthly statements",
      "Tenant onboarding, renewals and move-out inspections",
      "24-hour response to emergency repairs",
      "Planned maintenance of generators, pumps and roofs",
      "Security, cleaning and waste management contracts",
      "Regular inspections with photo reports",
      "Management of estate residents' associations",
    ],
    whyChoose: [
      "Clear monthly reports, ideal for owners living abroad",
      "Our own maintenance team plus vetted artisans",
      "Occupancy kept high with careful tenant selection",
      "A single point of contact for every property",
    ],
    image: slideImageUrl("finished", 3),
    imageAlt: "A well-kept residential estate",
  },
  "real-estate-consultancy": {
    id: "real-estate-consultancy",
    title: "Real Estate Consultancy",
    icon: MessagesSquare,
    shortDescription:
      "Independent advice on where and how to invest, valuations, feasibility and land documentation.",
    fullDescription: [
      "Good decisions in real estate start with good information. Our consultants help individuals, companies and investors understand the market before they commit money to land, buildings or development.",
      "We study locations, prices and demand, check land documents and planning rules, and give you a written recommendation you can act on, whether you are buying your first plot or planning a new estate.",
      [
        "- Investment advice for individuals, diaspora buyers and companies",
        "- Valuation of land and buildings",
        "- Feasibility studies for new developments",
        "- Due diligence on titles, surveys and planning approvals",
      ].join("\n"),
      "Our advice is independent: we tell you when a deal is not right for you, even if it means we do not earn a commission from it.",
    ].join("\n\n"),
    features: [
      "Market research on prices, rents and demand by area",
      "Investment appraisal with expected returns",
      "Valuation reports for sale, mortgage or insurance",
      "Feasibility studies for estates and commercial projects",
      "Title and survey due diligence",
      "Guidance on building approvals and land use",
      "Portfolio reviews for property owners",
    ],
    whyChoose: [
      "Independent advice with no pressure to buy",
      "Deep knowledge of land documentation in Nigeria",
      "Written reports you can share with partners and banks",
      "Experience across residential, commercial and land deals",
    ],
    image: heroImageUrl(3),
    imageAlt: "A modern home in a growing neighbourhood",
  },
  "infrastructure-development": {
    id: "infrastructure-development",
    title: "Infrastructure Development",
    icon: Building2,
    shortDescription:
      "Roads, drainage, power and water for estates and communities, built to standard and on time.",
    fullDescription: [
      "An estate is only as good as the infrastructure beneath it. We plan and build the roads, drainage, power and water networks that turn raw land into serviced plots and liveable communities.",
      "Our engineers work with surveyors, town planners and utility companies from the first site survey, so the design meets government standards and the works are approved before construction starts.",
      [
        "- Estate roads, kerbs and walkways",
        "- Storm drainage and erosion control",
        "- Electricity distribution, transformers and street lighting",
        "- Boreholes, water treatment and reticulation",
      ].join("\n"),
      "We report progress with photos and measured quantities, so you always know what has been built and what it has cost.",
    ].join("\n\n"),
    features: [
      "Topographic surveys and site investigation",
      "Engineering design of roads and drainage",
      "Power supply, transformers and street lighting",
      "Water supply: boreholes, treatment and storage",
      "Perimeter fencing and gatehouses",
      "Approvals from planning and utility authorities",
      "Quality control with materials testing on site",
    ],
    whyChoose: [
      "Qualified engineers supervising every site",
      "Works delivered to approved designs and standards",
      "Honest progress reports with photos and quantities",
      "Experience building estates across several states",
    ],
    image: slideImageUrl("construction", 1),
    imageAlt: "Roads and buildings under construction on an estate",
  },
  "project-management": {
    id: "project-management",
    title: "Project Management",
    icon: ClipboardList,
    shortDescription:
      "One accountable team for cost, schedule and quality, from design and approvals to handover.",
    fullDescription: [
      "Building projects in Nigeria often run late and over budget because nobody is clearly in charge. Our project managers take responsibility for your project, from the brief and the design to the day the keys are handed over.",
      "We prepare the budget and programme, appoint and supervise contractors, control costs and quality, and keep you informed at every stage, so you can make decisions with confidence.",
      [
        "- Private homes and duplexes",
        "- Residential estates and apartment blocks",
        "- Offices, schools and commercial buildings",
        "- Renovation and fit-out projects",
      ].join("\n"),
      "With clear reporting and firm control of variations, we protect your budget and your timeline, and we hand over a building that is finished properly.",
    ].join("\n\n"),
    features: [
      "Project brief, budget and programme",
      "Selection and appointment of contractors",
      "Cost control and approval of variations",
      "Weekly site supervision and quality checks",
      "Health and safety on site",
      "Progress reports with photos for owners abroad",
      "Snagging, handover and defects follow-up",
    ],
    whyChoose: [
      "One team accountable for cost, time and quality",
      "Careful control of every naira spent",
      "Regular, plain-language progress reports",
      "A record of projects handed over on schedule",
    ],
    image: slideImageUrl("construction", 2),
    imageAlt: "A building project in progress",
  },
};

export function getService(id: ServiceId): Service {
  return SERVICES[id];
}

/** Every service in the order of SERVICE_IDS (for lists and the sitemap). */
export function listServices(): Service[] {
  return SERVICE_IDS.map((id) => SERVICES[id]);
}

export const DEFAULT_SERVICE = SERVICES[DEFAULT_SERVICE_ID];

/** The subject stored with a service inquiry, e.g. 'Inquiry about Property Sales'. */
export function serviceInquirySubject(service: Pick<Service, "title">): string {
  return `Inquiry about ${service.title}`;
}

export type DescriptionBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: string[] };

/** A full description as paragraphs and bullet lists, in order. */
export function descriptionBlocks(text: string): DescriptionBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): DescriptionBlock => {
      const lines = block.split("\n").map((line) => line.trim());
      if (lines.every((line) => line.startsWith("- "))) {
        return { kind: "list", items: lines.map((line) => line.slice(2).trim()) };
      }
      return { kind: "paragraph", text: lines.join(" ") };
    });
}

/** The four steps of 'Our Process' on /services. */
export const PROCESS_STEPS = [
  {
    title: "Consultation & Requirements Analysis",
    description:
      "We listen first: your goals, budget, timeline and the property or site involved, so the plan fits what you actually need.",
  },
  {
    title: "Planning & Design",
    description:
      "We turn your brief into a clear plan with costs, schedule, documents and designs you approve before any work begins.",
  },
  {
    title: "Implementation & Execution",
    description:
      "Our team and trusted partners carry out the work, with regular updates and quality checks at every stage.",
  },
  {
    title: "Delivery & Ongoing Support",
    description:
      "We hand over the finished result and stay available afterwards for management, maintenance and advice.",
  },
] as const;
