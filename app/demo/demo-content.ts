// Demo site content besides the listings: team, gallery slides, videos, contact details, social
// links and the home page's texts. Pure data; the values match the site's built-in defaults.

import { portraitImageUrl, slideImageUrl } from "~/demo/media/scene-spec";
import { COMPANY_NAME, DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS, DEMO_WHATSAPP } from "~/lib/site";

type TeamMember = {
  name: string;
  position: string;
  bio: string;
  email: string;
  phone: string;
  isActive: boolean;
  woman: boolean;
};

const TEAM: readonly TeamMember[] = [
  {
    name: "Adaeze Okafor",
    position: "Managing Director",
    bio: "Adaeze founded the company after fifteen years in mortgage banking. She leads strategy and partnerships, and still walks every new estate before it is listed.",
    email: "adaeze.okafor@naijahomes.ng",
    phone: "+234 803 410 2291",
    isActive: true,
    woman: true,
  },
  {
    name: "Babatunde Adeyemi",
    position: "Head of Sales, Lagos",
    bio: "Tunde has closed more than 300 sales across Lekki, Ikoyi and the mainland. He knows which streets flood, which estates have good power and which titles are clean.",
    email: "babatunde.adeyemi@naijahomes.ng",
    phone: "+234 802 555 1834",
    isActive: true,
    woman: false,
  },
  {
    name: "Aisha Bello",
    position: "Head of Property Management",
    bio: "Aisha runs a portfolio of over 400 units in Abuja, from rent collection to facility maintenance, so landlords get steady income and tenants get quick repairs.",
    email: "aisha.bello@naijahomes.ng",
    phone: "+234 806 227 9010",
    isActive: true,
    woman: true,
  },
  {
    name: "Chukwuemeka Nwosu",
    position: "Chief Engineer, Infrastructure",
    bio: "A COREN-registered civil engineer, Emeka oversees roads, drainage and structural works on our estates and signs off every building before handover.",
    email: "emeka.nwosu@naijahomes.ng",
    phone: "+234 805 318 7745",
    isActive: true,
    woman: false,
  },
  {
    name: "Funmilayo Ogunleye",
    position: "Legal Adviser, Conveyancing",
    bio: "Funmi verifies titles, searches land registries and prepares deeds of assignment and Governor's Consent applications for every transaction we handle.",
    email: "funmilayo.ogunleye@naijahomes.ng",
    phone: "+234 809 114 6620",
    isActive: true,
    woman: true,
  },
  {
    name: "Ibrahim Musa",
    position: "Estate Surveyor and Valuer",
    bio: "Ibrahim values residential and commercial property across the North and advises investors in Kano, Kaduna and Abuja on fair prices and rental yields.",
    email: "ibrahim.musa@naijahomes.ng",
    phone: "+234 803 902 4417",
    isActive: true,
    woman: false,
  },
  {
    name: "Ngozi Eze",
    position: "Client Relations Manager",
    bio: "Ngozi looks after buyers and tenants from the first call to the handing over of keys, and makes sure every inquiry gets an answer within one working day.",
    email: "ngozi.eze@naijahomes.ng",
    phone: "+234 807 663 2058",
    isActive: true,
    woman: true,
  },
  {
    name: "Olumide Bakare",
    position: "Marketing Executive",
    bio: "Olumide produces our property videos and virtual tours and manages the company's social media pages.",
    email: "olumide.bakare@naijahomes.ng",
    phone: "+234 808 240 9931",
    isActive: false,
    woman: false,
  },
];

/** Team members in display order; portraits are generated (odd seeds draw women). */
export function demoTeamMembers() {
  return TEAM.map(({ woman, ...member }, index) => ({
    ...member,
    imageUrl: portraitImageUrl(index * 2 + (woman ? 1 : 2)),
    sortOrder: index,
  }));
}

const FINISHED_SLIDES = [
  [
    "Gwarinpa Family Residences",
    "Completed four-bedroom terraces with landscaped courtyards in Abuja.",
  ],
  [
    "Lekki Waterfront Apartments",
    "Finished two- and three-bedroom apartments minutes from the beach.",
  ],
  [
    "Maitama Executive Villas",
    "Handed over in 2024: detached villas with staff quarters and solar power.",
  ],
  [
    "Ikeja GRA Court",
    "Twelve serviced duplexes behind one gate, with a gym and a children's park.",
  ],
  ["Jabi Lakeside Homes", "Contemporary family homes a short walk from Jabi Lake."],
  [
    "Old GRA Residences, Port Harcourt",
    "Renovated colonial-era plots rebuilt as modern detached homes.",
  ],
  ["Bodija Garden Bungalows", "Quiet three-bedroom bungalows on full plots in Ibadan."],
] as const;

const CONSTRUCTION_SLIDES = [
  [
    "Katampe Hills Estate",
    "Phase two under construction: roads, drainage and the first 40 duplexes.",
  ],
  [
    "Port Harcourt Business Hub",
    "A six-storey office block rising on Trans-Amadi, due for completion next year.",
  ],
  ["Ibadan Garden City", "Serviced plots and bungalows under construction off the Ring Road."],
  ["Guzape Heights", "Frame complete on 24 luxury apartments overlooking the Abuja hills."],
  [
    "Ibeju-Lekki Coastal Estate",
    "Sand-filling done; perimeter fence and the first terraces going up.",
  ],
  ["Independence Court, Enugu", "Block work on eight semi-detached duplexes, roofing next month."],
  [
    "Nassarawa GRA Residences, Kano",
    "Foundations laid for 16 family homes with a central mosque and school.",
  ],
] as const;

/** Gallery slides, finished and under-construction projects alternating in the sort order. */
export function demoSlides() {
  const slides: {
    title: string;
    description: string;
    mediaUrl: string;
    mediaType: "image";
    linkUrl: string;
    category: "finished" | "under_construction";
    isActive: boolean;
    sortOrder: number;
  }[] = [];
  const count = Math.max(FINISHED_SLIDES.length, CONSTRUCTION_SLIDES.length);
  for (let i = 0; i < count; i++) {
    const finished = FINISHED_SLIDES[i];
    if (finished) {
      slides.push({
        title: finished[0],
        description: finished[1],
        mediaUrl: slideImageUrl("finished", i + 1),
        mediaType: "image",
        linkUrl: "/properties",
        category: "finished",
        isActive: true,
        sortOrder: slides.length,
      });
    }
    const building = CONSTRUCTION_SLIDES[i];
    if (building) {
      slides.push({
        title: building[0],
        description: building[1],
        mediaUrl: slideImageUrl("construction", i + 1),
        mediaType: "image",
        linkUrl: "/properties?type=new-developments",
        category: "under_construction",
        isActive: true,
        sortOrder: slides.length,
      });
    }
  }
  return slides;
}

/** Featured videos. They are only ever embedded (YouTube and Vimeo watch links). */
export function demoVideos() {
  return [
    {
      title: "Tour: 5 Bedroom Detached Duplex in Lekki Phase 1",
      description: "A walk through the living areas, kitchen, master suite and the boys' quarters.",
      videoUrl: "https://www.youtube.com/watch?v=Q8nH4pX2kLs",
    },
    {
      title: "Katampe Hills Estate: Construction Update",
      description: "Drone footage of roads, drainage and the first completed duplexes.",
      videoUrl: "https://www.youtube.com/watch?v=r7TfB1mVw0E",
    },
    {
      title: "Buying Land in Nigeria: How We Verify a Title",
      description:
        "Our legal team explains C of O, Governor's Consent and excision in plain words.",
      videoUrl: "https://vimeo.com/824615392",
    },
    {
      title: "Inside a Serviced Apartment in Wuse 2",
      description: "Three-bedroom apartment with a gym, pool and 24-hour power.",
      videoUrl: "https://www.youtube.com/watch?v=Jd3kZp6uYcA",
    },
    {
      title: "Maitama Executive Villas: Handover Day",
      description: "Families receive their keys at our finished Maitama project.",
      videoUrl: "https://vimeo.com/791238475",
    },
  ].map((video, index) => ({ ...video, isActive: true, sortOrder: index }));
}

export function demoSocialLinks() {
  return { ...DEFAULT_SOCIAL_LINKS };
}

/** Contact details for section 'contact', equal to the site's defaults. */
export function demoContactInfo() {
  const [phone1, phone2] = DEFAULT_CONTACT.phones;
  const [weekdays, saturday] = DEFAULT_CONTACT.hours;
  const rows = [
    { key: "Office Address", value: DEFAULT_CONTACT.address, type: "address" as const },
    { key: "Phone", value: phone1, type: "phone" as const },
    { key: "Alternative Phone", value: phone2, type: "phone" as const },
    { key: "Email", value: DEFAULT_CONTACT.email, type: "email" as const },
    { key: "Weekdays", value: weekdays, type: "hours" as const },
    { key: "Saturday", value: saturday, type: "hours" as const },
    { key: "WhatsApp", value: DEMO_WHATSAPP, type: "whatsapp" as const },
  ];
  return rows.map((row, index) => ({
    ...row,
    value: row.value ?? "",
    section: "contact",
    sortOrder: index,
  }));
}

/** The home page's editable texts (website_content, section 'home'). */
export const DEMO_HOME_CONTENT = {
  hero_title: "Find Your Perfect Home in Nigeria",
  hero_subtitle: "Verified homes, land and commercial property",
  hero_description:
    "From serviced apartments in Lekki to family duplexes in Gwarinpa and dry land with a clean title, browse listings our agents have inspected, then book a viewing at a time that suits you.",
  about_title: "About Us",
  about_subtitle: `Why families and businesses choose ${COMPANY_NAME}`,
  about_description: `${COMPANY_NAME} helps Nigerians at home and in the diaspora buy, rent and manage property with honest advice and verified listings. Our lawyers check every title before it is listed, our engineers inspect every building, and our agents stay with you from the first viewing to the handing over of keys. We also develop and manage estates of our own in Abuja, Lagos and Port Harcourt.`,
  services_title: "Our Services",
  services_subtitle: "Everything you need, from the first viewing to the finished building",
  services_description:
    "Property sales and rentals, property management for landlords at home and abroad, real-estate consultancy and valuation, infrastructure development and end-to-end project management.",
  contact_title: "Get In Touch",
  contact_subtitle: "We answer every inquiry within one working day",
  contact_description:
    "Call, e-mail or visit our Abuja office to talk to an agent about buying, renting, selling or developing property anywhere in Nigeria.",
} as const;

export function demoWebsiteContent() {
  return Object.entries(DEMO_HOME_CONTENT).map(([key, value]) => ({ section: "home", key, value }));
}
