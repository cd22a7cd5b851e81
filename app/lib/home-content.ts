// What the home page shows when the database has nothing better: the texts an admin can edit
// (website_content, section 'home'), the hero images, the gallery's built-in slides, and the
// fixed teasers. Pure data, usable on both sides.

import { PURPOSES, type PurposeValue } from "~/lib/property-options";
import { COMPANY_NAME } from "~/lib/site";

export const HERO_ROTATION_MS = 6000;
export const GALLERY_ADVANCE_MS = 5000;
/**
 * How long an image must have been on screen before the next one is fetched: a visitor who
 * scrolls straight past the hero or the gallery never downloads pictures they will not see.
 */
export const PRELOAD_NEXT_AFTER_MS = 2000;

/**
 * Written by the demo seed's image generator: wide pictures (1920x1080). The hero's set until
 * staff change it in /website-editor; they stay in it then, beside what staff upload.
 */
export const HERO_IMAGES = [1, 2, 3, 4].map((n) => `/media/generated/hero/${n}.webp`);
export const HERO_IMAGE_WIDTH = 1920;
export const HERO_IMAGE_HEIGHT = 1080;
/**
 * The same four scenes composed for a tall frame (1280x2276, 9:16), shown instead of HERO_IMAGES when
 * the viewport matches HERO_PORTRAIT_MEDIA: on a phone held upright the hero box is about twice
 * as tall as it is wide, and a wide picture covering it would need a file ~2,400 px across.
 * Tablets held upright (768 px and up) have a hero wider than tall, so they keep the wide one.
 */
export const HERO_PORTRAIT_IMAGES = [1, 2, 3, 4].map(
  (n) => `/media/generated/hero/${n}-portrait.webp`,
);
export const HERO_PORTRAIT_WIDTH = 1280;
export const HERO_PORTRAIT_HEIGHT = 2276;
export const HERO_PORTRAIT_MEDIA = "(max-aspect-ratio: 4/5) and (max-width: 639px)";

export const HOME_CONTENT_DEFAULTS = {
  hero_title: "Find Your Perfect Home in Nigeria",
  hero_subtitle: "Verified homes, land and commercial property",
  hero_description:
    "Buy, rent or invest with confidence. Browse listings checked by our agents, then book a " +
    "viewing at a time that suits you.",
  about_title: "About Us",
  about_subtitle: `Why families and businesses choose ${COMPANY_NAME}`,
  about_description:
    `${COMPANY_NAME} is a Nigerian real-estate company that helps people buy, rent and manage ` +
    "property with honest advice and verified listings. From first viewing to handing over the " +
    "keys, our team handles documentation, negotiation and follow-up, and we build and manage " +
    "projects of our own across the country.",
  services_title: "Our Services",
  services_subtitle: "Everything you need, from the first viewing to the finished building",
  services_description:
    "Whether you are buying your first home, letting out a property or developing an estate, our " +
    "specialists guide every step.",
  contact_title: "Get In Touch",
  contact_subtitle: "Talk to an agent today",
  contact_description:
    "Call, e-mail or visit our office, or chat with us on WhatsApp: we answer every inquiry " +
    "within one working day.",
} as const;

export type HomeContentKey = keyof typeof HOME_CONTENT_DEFAULTS;
export type HomeContent = Record<HomeContentKey, string>;

/**
 * The stored texts of section 'home' over the defaults. Missing keys and blank titles fall back;
 * a subtitle or description saved empty stays empty (staff removed it on purpose).
 */
export function resolveHomeContent(stored: Record<string, string | null | undefined>): HomeContent {
  const content = { ...HOME_CONTENT_DEFAULTS } as HomeContent;
  for (const key of Object.keys(HOME_CONTENT_DEFAULTS) as HomeContentKey[]) {
    const value = stored[key]?.trim();
    if (value) content[key] = value;
    else if (value === "" && !key.endsWith("_title")) content[key] = "";
  }
  return content;
}

export const HOME_STATS = [
  { value: "10+", label: "Years Experience" },
  { value: "150+", label: "Projects Completed" },
  { value: "500+", label: "Happy Clients" },
  { value: "20+", label: "Team Members" },
] as const;

export const HOME_SERVICES = [
  {
    title: "Real Estate",
    description:
      "Buying, selling and renting homes, land and commercial space, with verified titles and " +
      "agents who know each neighbourhood.",
    to: "/services/property-sales",
    icon: "home",
  },
  {
    title: "Infrastructure Development",
    description:
      "Roads, drainage, power and estate infrastructure planned and delivered to standard, on " +
      "time and on budget.",
    to: "/services/infrastructure-development",
    icon: "infrastructure",
  },
  {
    title: "Project Management",
    description:
      "One accountable team for cost, schedule and quality, from design and approvals to " +
      "handover.",
    to: "/services/project-management",
    icon: "project",
  },
] as const;

// ---------------------------------------------------------------------------
// Featured properties: the filter lives in the URL (/?featured=sale) so it works without
// JavaScript and can be shared.

export const FEATURED_FILTERS = [{ value: "all", label: "All" }, ...PURPOSES] as const;
export type FeaturedFilter = "all" | PurposeValue;

export function parseFeaturedFilter(value: string | null | undefined): FeaturedFilter {
  return PURPOSES.some((p) => p.value === value) ? (value as PurposeValue) : "all";
}

// ---------------------------------------------------------------------------
// Featured gallery

export const GALLERY_CATEGORIES = [
  { value: "all", label: "All Properties" },
  { value: "finished", label: "Finished" },
  { value: "under_construction", label: "Under Construction" },
] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number]["value"];

export type GallerySlide = {
  id: string;
  title: string | null;
  description: string | null;
  mediaUrl: string;
  mediaType: "image" | "video";
  linkUrl: string | null;
  category: "finished" | "under_construction";
};

/** The spec's six built-in items, shown when the slideshow table is empty or cannot be read. */
export const DEFAULT_SLIDES: readonly GallerySlide[] = [
  {
    title: "Gwarinpa Family Residences",
    description: "Completed four-bedroom terraces with landscaped courtyards in Abuja.",
    category: "finished",
  },
  {
    title: "Lekki Waterfront Apartments",
    description: "Finished two- and three-bedroom apartments minutes from the beach.",
    category: "finished",
  },
  {
    title: "Maitama Executive Villas",
    description: "Handed over in 2024: detached villas with staff quarters and solar power.",
    category: "finished",
  },
  {
    title: "Katampe Hills Estate",
    description: "Phase two under construction: roads, drainage and the first 40 duplexes.",
    category: "under_construction",
  },
  {
    title: "Port Harcourt Business Hub",
    description: "A six-storey office block rising on Trans-Amadi, due for completion next year.",
    category: "under_construction",
  },
  {
    title: "Ibadan Garden City",
    description: "Serviced plots and bungalows under construction off the Ring Road.",
    category: "under_construction",
  },
].map((slide, index) => ({
  ...slide,
  id: `default-${index + 1}`,
  // Drawn by the image generator on first request: /media/generated/slide/<stage>/<seed>.webp
  mediaUrl: `/media/generated/slide/${slide.category === "finished" ? "finished" : "construction"}/${(index % 3) + 1}.webp`,
  mediaType: "image" as const,
  linkUrl: "/properties",
  category: slide.category as GallerySlide["category"],
}));
