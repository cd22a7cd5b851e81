// The demo catalogue: plausible Nigerian listings with consistent type, category, price, size
// and pictures, drawn from a seeded random source so every run (and every machine) gets the
// same listings, ids included. Pure: nothing here touches the database.

import { createRandom, type Random } from "~/demo/media/random";
import {
  type PropertyShot,
  propertyImageUrl,
  SHOT_TITLES,
  SHOTS_BY_TYPE,
} from "~/demo/media/scene-spec";
import { type ListingFees, NO_MOVE_IN_ITEMS } from "~/lib/listing-fees";
import {
  CITIES,
  type FurnishingValue,
  PROPERTY_TYPES,
  type PropertyTypeValue,
  type TitleDocumentValue,
} from "~/lib/property-options";
import {
  AREAS,
  type Area,
  type AreaUse,
  type City,
  LANDMARKS,
  LISTINGS_PER_CITY,
} from "./locations";

export const DEMO_SEED = "naijahomes-demo-v1";
export const DEMO_HISTORY_DAYS = 540;
const DAY_MS = 86_400_000;

export type DemoMedia = {
  mediaUrl: string;
  title: string;
  description: string;
  isFeatured: boolean;
  sortOrder: number;
};

export type DemoProperty = {
  id: string;
  title: string;
  description: string;
  purpose: "sale" | "rent";
  price: number;
  rentPeriod: "month" | "year" | null;
  propertyType: PropertyTypeValue;
  category: "residential" | "commercial";
  isNewDevelopment: boolean;
  city: City;
  address: string;
  /**
   * The office shows the full address (issue 46); the others show their area, the part of the
   * address after the comma. Every third listing, so both kinds are on the demo site.
   */
  addressPublic: boolean;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  imageUrl: string;
  featured: boolean;
  createdAt: Date;
  media: DemoMedia[];
} & DemoFacts &
  DemoAvailability &
  DemoMoveIn;

/**
 * When and how each listing's availability was last confirmed (issue 46): most within their
 * period (rentals 14 days, sales 30), a few past it, so both "Availability confirmed" and
 * "Availability being checked" show (demoIsBeingChecked).
 */
type DemoAvailability = {
  availabilityConfirmedAt: Date;
  availabilityMethod: "visit" | "call";
};

function demoAvailability(
  r: Random,
  now: Date,
  draft: { purpose: "sale" | "rent"; createdAt: Date; featured: boolean },
): DemoAvailability {
  const period = draft.purpose === "rent" ? 14 : 30;
  // A few are left past their period: never a featured one (the home page keeps its six).
  const beingChecked = !draft.featured && r.chance(0.12);
  const daysAgo = beingChecked ? period + r.int(3, 20) : r.range(0, period - 4);
  const at = new Date(now.getTime() - daysAgo * DAY_MS - r.int(0, 8 * 60) * 60_000);
  return {
    // Never before the listing existed.
    availabilityConfirmedAt: at < draft.createdAt ? draft.createdAt : at,
    availabilityMethod: r.chance(0.6) ? "visit" : "call",
  };
}

/** The demo listings past their period at `now` (the search leaves them out). */
export function demoListingsBeingChecked(now: Date = new Date()): DemoProperty[] {
  return buildDemoProperties(now).filter(
    (p) =>
      now.getTime() - p.availabilityConfirmedAt.getTime() >=
      (p.purpose === "rent" ? 14 : 30) * DAY_MS,
  );
}

/** The facts Nigerian buyers and renters ask about (none of the demo listings is sold or let). */
type DemoFacts = {
  status: "available" | "under-offer";
  titleDocument: TitleDocumentValue | null;
  serviceCharge: number | null;
  toilets: number | null;
  parkingSpaces: number | null;
  furnishing: FurnishingValue | null;
  serviced: boolean;
};

const SALE_TITLES: readonly TitleDocumentValue[] = [
  "c-of-o",
  "c-of-o",
  "c-of-o",
  "governors-consent",
  "governors-consent",
  "deed-of-assignment",
  "deed-of-assignment",
  "registered-survey",
];
const LAND_TITLES: readonly TitleDocumentValue[] = [
  "c-of-o",
  "excision",
  "gazette",
  "registered-survey",
  "governors-consent",
];

function demoFacts(
  r: Random,
  draft: {
    purpose: "sale" | "rent";
    propertyType: PropertyTypeValue;
    city: string;
    beds: number | null;
    baths: number | null;
  },
): DemoFacts {
  const type = draft.propertyType;
  const land = type === "land";
  const flat = type === "apartment" || type === "terrace";
  const prime = draft.city === "Lagos" || draft.city === "Abuja";
  const serviceCharge =
    flat && prime ? r.int(10, 60) * 50_000 : type === "office" ? r.int(20, 80) * 50_000 : null;
  return {
    status: r.chance(0.08) ? "under-offer" : "available",
    titleDocument:
      draft.purpose === "rent" ? null : (r.pick(land ? LAND_TITLES : SALE_TITLES) ?? null),
    serviceCharge,
    toilets: draft.baths === null ? null : draft.baths + (r.chance(0.7) ? 1 : 0),
    parkingSpaces: land
      ? null
      : type === "office" || type === "warehouse"
        ? r.int(5, 20)
        : flat
          ? r.int(1, 2)
          : type === "shop"
            ? r.int(0, 3)
            : r.int(2, 5),
    furnishing:
      land || type === "warehouse"
        ? null
        : draft.purpose === "rent"
          ? (r.pick(["furnished", "semi-furnished", "unfurnished", "unfurnished"] as const) ?? null)
          : r.chance(0.15)
            ? "semi-furnished"
            : "unfurnished",
    serviced: serviceCharge !== null && r.chance(0.6),
  };
}

/** A rental's move-in items (issue 46): the listing's own figures, as a landlord states them. */
type DemoMoveIn = Omit<ListingFees, "serviceCharge">;

const NO_MOVE_IN: DemoMoveIn = NO_MOVE_IN_ITEMS;

/**
 * Believable move-in items for most rentals: 10% agency (sometimes less, sometimes as an amount),
 * a legal/agreement fee of 5-10%, a caution deposit, and a year in advance (two in Ikoyi and
 * Victoria Island, which the Lagos law leaves out); a short let asks a month or a few, with a
 * caution deposit and no agency or legal fee. About one in five states nothing (as the listings
 * made before these fields did). Sales carry none.
 */
function demoMoveIn(
  r: Random,
  draft: {
    purpose: "sale" | "rent";
    price: number;
    rentPeriod: "month" | "year" | null;
    address: string;
  },
): DemoMoveIn {
  if (draft.purpose !== "rent" || r.chance(0.2)) return NO_MOVE_IN;
  const thousands = (amount: number) => Math.round(amount / 10_000) * 10_000;
  if (draft.rentPeriod === "month") {
    return {
      ...NO_MOVE_IN,
      cautionDeposit: thousands(draft.price * (r.chance(0.5) ? 0.5 : 1)),
      rentAdvanceMonths: r.pick([1, 1, 3, 6]) ?? 1,
    };
  }
  const exempt = /ikoyi|victoria island/i.test(draft.address);
  const agencyAsAmount = r.chance(0.25);
  const legalPercent = r.pick([10, 10, 5, 7.5]) ?? 10;
  const cautionAsPercent = r.chance(0.5);
  return {
    ...NO_MOVE_IN,
    // Rounded down: never above the 10% limit.
    agencyFee: agencyAsAmount ? Math.floor(draft.price / 100_000) * 10_000 : null,
    agencyFeePercent: agencyAsAmount ? null : (r.pick([10, 10, 10, 5]) ?? 10),
    legalFee: null,
    legalFeePercent: legalPercent,
    cautionDeposit: cautionAsPercent ? null : thousands(draft.price * (r.pick([0.05, 0.1]) ?? 0.1)),
    cautionDepositPercent: cautionAsPercent ? 10 : null,
    rentAdvanceMonths: exempt && r.chance(0.6) ? 24 : 12,
  };
}

export const COMMERCIAL_TYPES: readonly PropertyTypeValue[] = ["office", "shop", "warehouse"];

export function categoryOf(type: PropertyTypeValue) {
  return COMMERCIAL_TYPES.includes(type) ? "commercial" : "residential";
}

const SQM_TO_SQFT = 10.764;

/** A version-4 UUID from the seeded stream, so a listing keeps its URL across re-seeds. */
function seededUuid(r: Random) {
  const bytes = Array.from({ length: 16 }, () => r.int(0, 255));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Rounds to two significant figures, as asking prices are: 187,400,000 -> 190,000,000. */
export function roundPrice(value: number) {
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type TypeWeights = readonly (readonly [PropertyTypeValue, number])[];

const BIG_CITY_TYPES: TypeWeights = [
  ["apartment", 7],
  ["duplex", 6],
  ["house", 2],
  ["terrace", 3],
  ["villa", 1.5],
  ["bungalow", 1],
  ["land", 3],
  ["office", 1.6],
  ["shop", 1.2],
  ["warehouse", 1],
];
const OTHER_CITY_TYPES: TypeWeights = [
  ["bungalow", 4],
  ["duplex", 3],
  ["house", 2.5],
  ["apartment", 2.5],
  ["terrace", 1],
  ["land", 3],
  ["shop", 1.2],
  ["warehouse", 1],
  ["office", 0.6],
  ["villa", 0.3],
];

function useOf(type: PropertyTypeValue): AreaUse {
  if (type === "land") return "land";
  if (type === "warehouse") return "ind";
  if (type === "office" || type === "shop") return "com";
  return "res";
}

/** Types that have a fitting area in the city: no warehouses where there is no industry. */
function typesFor(city: City): TypeWeights {
  const table = city === "Lagos" || city === "Abuja" ? BIG_CITY_TYPES : OTHER_CITY_TYPES;
  return table.filter(([type]) => AREAS[city].some((a) => a.uses.includes(useOf(type))));
}

function pickArea(r: Random, city: City, type: PropertyTypeValue, prime: boolean): Area {
  const pool = AREAS[city].filter((a) => a.uses.includes(useOf(type)));
  // Villas and big duplexes lean to the expensive areas; everything else by availability.
  return r.weighted(pool.map((a) => [a, prime ? a.tier ** 2 : 1] as const));
}

type Draft = Omit<
  DemoProperty,
  | "id"
  | "imageUrl"
  | "featured"
  | "addressPublic"
  | "createdAt"
  | "media"
  | keyof DemoFacts
  | keyof DemoAvailability
  | keyof DemoMoveIn
>;

const SALE_BASE: Partial<Record<PropertyTypeValue, (beds: number) => number>> = {
  apartment: (beds) => [0, 32, 52, 78, 140][beds] ?? 140,
  duplex: (beds) => (beds >= 5 ? 220 : 150),
  house: (beds) => (beds >= 5 ? 180 : beds === 4 ? 130 : 90),
  bungalow: (beds) => [0, 0, 32, 52, 72][beds] ?? 72,
  terrace: (beds) => (beds >= 4 ? 98 : 72),
  villa: () => 360,
  office: () => 240,
  shop: () => 28,
  warehouse: () => 320,
};

const RENT_BASE: Partial<Record<PropertyTypeValue, (beds: number) => number>> = {
  apartment: (beds) => [0, 1.5, 2.6, 3.6, 6][beds] ?? 6,
  duplex: (beds) => (beds >= 5 ? 8 : 6),
  house: (beds) => (beds >= 5 ? 6.5 : 5),
  bungalow: (beds) => [0, 0, 1.4, 2.1, 2.8][beds] ?? 2.8,
  terrace: (beds) => (beds >= 4 ? 5 : 3.8),
  villa: () => 16,
  office: () => 7,
  shop: () => 1.6,
  warehouse: () => 12,
};

const MILLION = 1_000_000;

function bedsFor(r: Random, type: PropertyTypeValue): number | null {
  switch (type) {
    case "apartment":
      return r.weighted([
        [1, 3],
        [2, 4],
        [3, 4],
        [4, 1],
      ] as const);
    case "duplex":
      return r.weighted([
        [4, 3],
        [5, 2],
      ] as const);
    case "house":
      return r.weighted([
        [3, 1],
        [4, 3],
        [5, 1],
      ] as const);
    case "bungalow":
      return r.weighted([
        [2, 1],
        [3, 3],
        [4, 1],
      ] as const);
    case "terrace":
      return r.weighted([
        [3, 2],
        [4, 3],
      ] as const);
    case "villa":
      return r.int(5, 7);
    default:
      return null;
  }
}

function sqftFor(r: Random, type: PropertyTypeValue, beds: number | null, landSqm: number) {
  const b = beds ?? 0;
  switch (type) {
    case "apartment":
      return Math.round(r.range(420, 560) * b + r.range(150, 350));
    case "duplex":
      return Math.round(r.range(3400, 4200) + (b - 4) * r.range(700, 1000));
    case "house":
      return Math.round(r.range(2600, 3200) + (b - 3) * r.range(450, 650));
    case "bungalow":
      return Math.round(r.range(550, 700) * b + r.range(200, 400));
    case "terrace":
      return Math.round(r.range(2100, 2500) + (b - 3) * r.range(400, 600));
    case "villa":
      return Math.round(r.range(7000, 11000));
    case "office":
      return Math.round(r.range(1500, 8000) / 50) * 50;
    case "shop":
      return Math.round(r.range(180, 650) / 10) * 10;
    case "warehouse":
      return Math.round(r.range(9000, 40000) / 100) * 100;
    case "land":
      return Math.round(landSqm * SQM_TO_SQFT);
  }
}

function titleFor(
  r: Random,
  d: {
    type: PropertyTypeValue;
    purpose: "sale" | "rent";
    beds: number | null;
    shortLet: boolean;
    isNew: boolean;
    area: Area;
    street: string;
    city: City;
    sqm: number;
  },
) {
  const { type, purpose, beds, area, street } = d;
  const n = beds ?? 0;
  switch (type) {
    case "apartment":
      if (d.shortLet) return `Fully Furnished ${n} Bedroom Short-let Apartment`;
      if (purpose === "rent") {
        if (n === 1)
          return area.tier < 0.9
            ? r.pick(["Self-contain", "Mini Flat"])
            : r.pick(["Mini Flat", "Serviced Mini Flat"]);
        return r.pick([
          `Serviced ${n} Bedroom Apartment`,
          `${n} Bedroom Flat`,
          `Newly Renovated ${n} Bedroom Flat`,
        ]);
      }
      if (n === 4)
        return area.tier >= 2
          ? "4 Bedroom Penthouse with Ocean View"
          : "4 Bedroom Penthouse with Rooftop Terrace";
      if (d.isNew) return `Newly Built ${n} Bedroom Apartment`;
      return r.pick([
        `Luxury ${n} Bedroom Apartment with Pool and Gym`,
        `${n} Bedroom Apartment in a Serviced Estate`,
        `${n} Bedroom Flat`,
      ]);
    case "duplex":
      if (d.isNew) return `Newly Built ${n} Bedroom Fully Detached Duplex with BQ`;
      return r.pick([
        `${n} Bedroom Fully Detached Duplex with BQ`,
        `${n} Bedroom Semi-Detached Duplex`,
        `${n} Bedroom Detached Duplex with Swimming Pool`,
      ]);
    case "house":
      return r.pick([
        `${n} Bedroom Detached House`,
        `${n} Bedroom Detached House with BQ`,
        `${n} Bedroom House on a Half Plot`,
      ]);
    case "bungalow":
      return r.pick([
        `${n} Bedroom Bungalow`,
        `${n} Bedroom Detached Bungalow with BQ`,
        `${n} Bedroom Bungalow on a Full Plot`,
      ]);
    case "terrace":
      return d.isNew
        ? `Off-plan ${n} Bedroom Terrace Duplex`
        : r.pick([`${n} Bedroom Terrace Duplex`, `${n} Bedroom Terraced Duplex with BQ`]);
    case "villa":
      return r.pick([
        `${n} Bedroom Luxury Villa with Pool`,
        `${n} Bedroom Contemporary Mansion with Cinema and Pool`,
      ]);
    case "land":
      if (d.sqm >= 10_000) return `${d.sqm / 10_000} Hectares of Commercial Land`;
      return r.pick([
        `${d.sqm} sqm Dry Land with C of O`,
        `${d.sqm} sqm Residential Plot with Governor's Consent`,
        `${d.sqm} sqm Plot in a Gated Estate`,
      ]);
    case "office":
      return r.pick([
        "Open-plan Office Space",
        `Serviced Office Suite in ${area.name}`,
        `Office Floor on ${street}`,
      ]);
    case "shop":
      return r.pick(["Shop in Plaza", `Shop Space on ${street}`, "Lock-up Shop in a Busy Plaza"]);
    case "warehouse":
      return area.name === "Trans-Amadi"
        ? "Warehouse on Trans-Amadi"
        : r.pick([`Warehouse in ${area.name}`, `Warehouse with Loading Bay on ${street}`]);
  }
}

const HOME_FEATURES = [
  "all rooms en suite",
  "a fitted kitchen with a store and a pantry",
  "POP ceilings with recessed lighting",
  "a guest toilet",
  "walk-in wardrobes",
  "a borehole and water treatment plant",
  "inverter and solar backup",
  "24-hour security and CCTV",
  "a prepaid meter",
];
const HOUSE_FEATURES = [
  "an interlocked compound with parking for four cars",
  "a separate boys' quarters",
  "a family lounge upstairs",
  "a private balcony off the master bedroom",
];
const APARTMENT_FEATURES = [
  "a lift and a standby generator",
  "a dedicated parking space",
  "a swimming pool and gym in the estate",
  "a private balcony",
];
const COMMERCIAL_FEATURES = [
  "a dedicated transformer and backup generator",
  "ample parking",
  "24-hour security",
  "good access for trucks",
  "open-plan floors that are easy to partition",
  "fibre internet in the building",
  "a lift and a service staircase",
  "high visibility from the road",
  "clean toilets on every floor",
];

/** "fully detached duplex", "short-let apartment": what the listing is, in running text. */
function nounFor(type: PropertyTypeValue, beds: number | null, shortLet: boolean) {
  const rooms = beds ? `${beds}-bedroom ` : "";
  const noun: Record<PropertyTypeValue, string> = {
    apartment: shortLet ? "short-let apartment" : "apartment",
    duplex: "detached duplex",
    house: "detached house",
    bungalow: "bungalow",
    terrace: "terrace duplex",
    villa: "villa",
    land: "plot",
    office: "office space",
    shop: "shop",
    warehouse: "warehouse",
  };
  return `${rooms}${noun[type]}`;
}

function list(items: readonly string[]) {
  return items.length < 2
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function describeListing(
  r: Random,
  d: {
    type: PropertyTypeValue;
    purpose: "sale" | "rent";
    title: string;
    area: Area;
    city: City;
    beds: number | null;
    shortLet: boolean;
    isNew: boolean;
    sqm: number;
  },
) {
  const place = `${d.area.name}, ${d.city}`;
  const landmark = r.pick(LANDMARKS[d.city]);
  const paragraphs: string[] = [];
  if (d.type === "land") {
    paragraphs.push(
      `A ${d.sqm >= 10_000 ? "large parcel" : "well-located plot"} of ${d.sqm.toLocaleString("en-NG")} square metres in ${place}, ` +
        `dry and ready to build on. The land is ${r.pick(["fenced on three sides", "fully fenced with a gate", "cleared and surveyed", "in a built-up neighbourhood"])}, ` +
        `with ${r.pick(["a tarred access road", "good road access", "an estate road to the gate"])}.`,
    );
    paragraphs.push(
      `Title: ${r.pick(["Certificate of Occupancy (C of O)", "Governor's Consent", "registered survey and deed of assignment", "excision and gazette"])}. ` +
        "Our agents can arrange a site inspection any day of the week, and every document is verified before you pay.",
    );
  } else if (COMMERCIAL_TYPES.includes(d.type)) {
    const use =
      d.type === "warehouse"
        ? "distribution, storage or light manufacturing"
        : d.type === "shop"
          ? "retail, a pharmacy, a boutique or a fast-food outlet"
          : "a corporate head office, a bank branch or a growing start-up";
    paragraphs.push(
      `A ${r.pick(["well-positioned", "spacious", "secure"])} ${nounFor(d.type, null, false)} in ${place}, ideal for ${use}.`,
    );
    paragraphs.push(`The property offers ${list(r.shuffle(COMMERCIAL_FEATURES).slice(0, 4))}.`);
  } else {
    const extra =
      d.type === "apartment"
        ? APARTMENT_FEATURES
        : d.type === "bungalow"
          ? HOUSE_FEATURES.slice(0, 2)
          : HOUSE_FEATURES;
    const features = r.shuffle([
      ...r.shuffle(HOME_FEATURES).slice(0, 3),
      ...r.shuffle(extra).slice(0, 2),
    ]);
    paragraphs.push(
      `${d.isNew ? "A newly completed" : r.pick(["A tastefully finished", "A well-maintained", "A beautifully built"])} ${nounFor(d.type, d.beds, d.shortLet)} ` +
        `in ${r.pick(["a quiet, secure street of", "a serene gated estate in", "the heart of"])} ${place}.` +
        (d.shortLet
          ? " Fully furnished and serviced, with fast Wi-Fi, DStv and 24-hour power."
          : ""),
    );
    paragraphs.push(`The home features ${list(features)}.`);
  }
  paragraphs.push(`It is a short drive from ${landmark}, with schools, shops and banks close by.`);
  if (d.purpose === "rent") {
    paragraphs.push(
      d.shortLet
        ? "Minimum stay of one month; cleaning, power and security are included in the monthly rate."
        : `Rent is paid yearly in advance; ${r.pick(["agency and legal fees apply", "a service charge covers security, power and waste disposal", "a caution deposit is refundable at the end of the tenancy"])}.`,
    );
  } else if (d.type !== "land") {
    paragraphs.push(
      `Title: ${r.pick(["C of O", "Governor's Consent", "Deed of Assignment", "Registered Conveyance"])}. ${d.isNew ? "Flexible payment plans are available for early buyers." : "Serious buyers can book an inspection through our office."}`,
    );
  }
  return paragraphs.join("\n\n");
}

function draftProperty(
  r: Random,
  city: City,
  forcedType?: PropertyTypeValue,
): Draft & { area: Area; shortLet: boolean } {
  const type = forcedType ?? r.weighted(typesFor(city));
  const category = categoryOf(type);
  const purpose: "sale" | "rent" =
    type === "land"
      ? "sale"
      : r.chance(category === "commercial" ? 0.6 : type === "apartment" ? 0.6 : 0.3)
        ? "rent"
        : "sale";
  const area = pickArea(r, city, type, type === "villa" || (type === "duplex" && r.chance(0.5)));
  const street = r.pick(area.streets);
  const beds = bedsFor(r, type);
  const shortLet =
    purpose === "rent" &&
    type === "apartment" &&
    area.tier >= 1.2 &&
    (beds ?? 0) <= 3 &&
    r.chance(0.6);
  const isNew =
    ["apartment", "duplex", "terrace", "villa"].includes(type) &&
    purpose === "sale" &&
    r.chance(0.35);
  const sqm =
    type === "land"
      ? area.tier < 0.5 && r.chance(0.3)
        ? r.int(1, 4) * 10_000
        : r.pick([300, 450, 500, 600, 648, 800, 1000, 1200, 1500])
      : 0;

  let price: number;
  let rentPeriod: "month" | "year" | null = null;
  const jitter = r.range(0.85, 1.2);
  if (type === "land") {
    // Large parcels sell for much less per square metre than residential plots.
    const perSqm = 55_000 * area.tier ** 1.6 * (sqm >= 10_000 ? 0.25 : 1);
    price = clamp(roundPrice(perSqm * sqm * jitter), 8 * MILLION, 1_200 * MILLION);
  } else if (purpose === "sale") {
    const base = SALE_BASE[type]?.(beds ?? 0) ?? 100;
    price = clamp(roundPrice(base * MILLION * area.tier * jitter), 8 * MILLION, 1_200 * MILLION);
  } else if (shortLet) {
    rentPeriod = "month";
    price = clamp(roundPrice(320_000 * (beds ?? 1) * area.tier * jitter), 350_000, 2_500_000);
  } else {
    rentPeriod = "year";
    const base = (RENT_BASE[type]?.(beds ?? 0) ?? 2) * MILLION;
    const small = type === "apartment" && beds === 1 && area.tier < 0.9 ? 0.45 : 1;
    price = clamp(roundPrice(base * small * area.tier * jitter), 600_000, 25 * MILLION);
  }

  const title = titleFor(r, { type, purpose, beds, shortLet, isNew, area, street, city, sqm });
  const baths = beds === null ? null : beds + (r.chance(0.7) ? 1 : 0);
  return {
    title,
    description: describeListing(r, {
      type,
      purpose,
      title,
      area,
      city,
      beds,
      shortLet,
      isNew,
      sqm,
    }),
    purpose,
    price,
    rentPeriod,
    propertyType: type,
    category,
    isNewDevelopment: isNew,
    city,
    address: `${type === "land" || type === "warehouse" ? "Plot " : ""}${r.int(2, 48)} ${street}, ${area.name}`,
    beds,
    baths,
    sqft: sqftFor(r, type, beds, sqm),
    area,
    shortLet,
  };
}

/** 3 to 6 pictures: the front first (featured), then other shots in a natural order. */
function mediaFor(
  r: Random,
  type: PropertyTypeValue,
  imageSeed: number,
  title: string,
): DemoMedia[] {
  const shots: readonly PropertyShot[] = SHOTS_BY_TYPE[type];
  const [first, ...rest] = shots;
  if (!first) throw new Error(`No shots for ${type}`);
  const count = clamp(r.int(3, 6), 3, shots.length);
  const chosen = new Set(r.shuffle(rest).slice(0, count - 1));
  const ordered = [first, ...rest.filter((s) => chosen.has(s))];
  return ordered.map((shot, index) => ({
    mediaUrl: propertyImageUrl(type, imageSeed, shot),
    title: SHOT_TITLES[shot],
    description: `${SHOT_TITLES[shot]}: ${title}`,
    isFeatured: index === 0,
    sortOrder: index,
  }));
}

/** Every city's share of the demo listings, in one list (most in Lagos and Abuja). */
function citySlots(): City[] {
  return CITIES.flatMap((city) => Array.from({ length: LISTINGS_PER_CITY[city] }, () => city));
}

/** Every type shows up at least this often, so each filter of the listing has results. */
const MIN_PER_TYPE = 3;
const FEATURED_SALE = 7;
const FEATURED_RENT = 3;

/** The demo catalogue. `now` anchors the creation dates (spread over the last 18 months). */
export function buildDemoProperties(now: Date = new Date()): DemoProperty[] {
  const root = createRandom(DEMO_SEED);
  const slots = root.fork("order").shuffle(citySlots());
  const drafts = slots.map((city, index) => ({
    index,
    ...draftProperty(root.fork(`property-${index}`), city),
  }));
  // Top up rare types by re-drafting a listing of the most common type in a city that fits.
  const topUp = root.fork("top-up");
  for (const { value: type } of PROPERTY_TYPES) {
    for (let guard = 0; guard < MIN_PER_TYPE; guard++) {
      const counts = new Map<string, number>();
      for (const d of drafts) counts.set(d.propertyType, (counts.get(d.propertyType) ?? 0) + 1);
      if ((counts.get(type) ?? 0) >= MIN_PER_TYPE) break;
      const candidates = topUp
        .shuffle(
          drafts.filter(
            (d) => d.propertyType !== type && typesFor(d.city).some(([t]) => t === type),
          ),
        )
        .sort((a, b) => (counts.get(b.propertyType) ?? 0) - (counts.get(a.propertyType) ?? 0));
      const slot = candidates[0];
      if (!slot) break;
      drafts[slot.index] = {
        index: slot.index,
        ...draftProperty(root.fork(`property-${slot.index}-${type}`), slot.city, type),
      };
    }
  }

  // Featured: a handful of the most attractive sale listings and a few rentals.
  const pickFeatured = root.fork("featured");
  const byAppeal = (purpose: "sale" | "rent") =>
    pickFeatured.shuffle(
      drafts.filter(
        (d) => d.purpose === purpose && d.propertyType !== "warehouse" && d.propertyType !== "shop",
      ),
    );
  const featured = new Set([
    ...byAppeal("sale")
      .slice(0, FEATURED_SALE)
      .map((d) => d.index),
    ...byAppeal("rent")
      .slice(0, FEATURED_RENT)
      .map((d) => d.index),
  ]);

  const ids = root.fork("ids");
  const dates = root.fork("dates");
  return drafts.map(({ index, area: _area, shortLet: _shortLet, ...draft }) => {
    const r = root.fork(`media-${index}`);
    const imageSeed = 101 + index * 37;
    const media = mediaFor(r, draft.propertyType, imageSeed, draft.title);
    // Evenly spread over the history, newest first in slot order, with a little jitter.
    const daysAgo = (index / drafts.length) * DEMO_HISTORY_DAYS + dates.range(0, 6);
    const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - dates.int(0, 12 * 60) * 60_000);
    const isFeatured = featured.has(index);
    return {
      ...draft,
      id: seededUuid(ids),
      imageUrl: media[0]?.mediaUrl ?? "",
      featured: isFeatured,
      addressPublic: index % 3 === 0,
      createdAt,
      media,
      ...demoFacts(root.fork(`facts-${index}`), draft),
      ...demoAvailability(root.fork(`availability-${index}`), now, {
        purpose: draft.purpose,
        createdAt,
        featured: isFeatured,
      }),
      ...demoMoveIn(root.fork(`move-in-${index}`), draft),
    };
  });
}
