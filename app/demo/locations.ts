// Where the demo listings are: real neighbourhoods per city with a street or two each, how
// expensive each area is, and what kind of property it holds. Pure data.

import type { CITIES } from "~/lib/property-options";

export type City = (typeof CITIES)[number];

/** res: homes; com: offices and shops; ind: warehouses; land: plots for sale. */
export type AreaUse = "res" | "com" | "ind" | "land";

export type Area = {
  name: string;
  /** Price multiplier against a middle-class Abuja or Lagos mainland area (1.0). */
  tier: number;
  uses: readonly AreaUse[];
  streets: readonly string[];
};

/** How many of the demo listings each city gets: most in Lagos and Abuja. */
export const LISTINGS_PER_CITY: Record<City, number> = {
  Lagos: 24,
  Abuja: 18,
  "Port Harcourt": 8,
  Ibadan: 5,
  Enugu: 4,
  Kano: 3,
  Calabar: 3,
  Warri: 2,
  Owerri: 2,
  Kaduna: 1,
  Katsina: 1,
  Zaria: 1,
};

export const AREAS: Record<City, readonly Area[]> = {
  Lagos: [
    {
      name: "Ikoyi",
      tier: 3.2,
      uses: ["res", "land", "com"],
      streets: [
        "Bourdillon Road",
        "Glover Road",
        "Alexander Avenue",
        "Kingsway Road",
        "Osborne Road",
      ],
    },
    {
      name: "Banana Island",
      tier: 4.2,
      uses: ["res", "land"],
      streets: ["Banana Island Road", "Ocean Parade Crescent"],
    },
    {
      name: "Victoria Island",
      tier: 2.6,
      uses: ["res", "com"],
      streets: [
        "Adeola Odeku Street",
        "Ajose Adeogun Street",
        "Kofo Abayomi Street",
        "Ahmadu Bello Way",
      ],
    },
    {
      name: "Lekki Phase 1",
      tier: 2.0,
      uses: ["res", "com", "land"],
      streets: [
        "Admiralty Way",
        "Fola Osibo Road",
        "Bisola Durosinmi-Etti Drive",
        "Omorinre Johnson Street",
      ],
    },
    {
      name: "Chevron, Lekki",
      tier: 1.4,
      uses: ["res"],
      streets: ["Chevron Drive", "Alternative Route"],
    },
    {
      name: "Ikate, Lekki",
      tier: 1.3,
      uses: ["res", "com"],
      streets: ["Ikate Elegushi Road", "Kusenla Road"],
    },
    {
      name: "Ikeja GRA",
      tier: 1.7,
      uses: ["res", "com"],
      streets: [
        "Isaac John Street",
        "Oduduwa Crescent",
        "Joel Ogunnaike Street",
        "Sobo Arobiodu Street",
      ],
    },
    {
      name: "Magodo Phase 2",
      tier: 1.3,
      uses: ["res", "land"],
      streets: ["CMD Road", "Emmanuel Keshi Street", "Adebayo Doherty Road"],
    },
    {
      name: "Yaba",
      tier: 0.9,
      uses: ["res", "com"],
      streets: ["Herbert Macaulay Way", "Sabo Road", "Alagomeji Street"],
    },
    {
      name: "Surulere",
      tier: 0.8,
      uses: ["res", "com"],
      streets: ["Adeniran Ogunsanya Street", "Bode Thomas Street"],
    },
    { name: "Gbagada", tier: 0.9, uses: ["res"], streets: ["Diya Street", "Ifoshi Street"] },
    {
      name: "Ajah",
      tier: 0.7,
      uses: ["res", "land"],
      streets: ["Addo Road", "Abraham Adesanya Road"],
    },
    {
      name: "Ibeju-Lekki",
      tier: 0.35,
      uses: ["land"],
      streets: ["Lekki-Epe Expressway", "Eleko Beach Road"],
    },
    {
      name: "Oregun, Ikeja",
      tier: 1.0,
      uses: ["com", "ind"],
      streets: ["Kudirat Abiola Way", "Oregun Road"],
    },
    { name: "Apapa", tier: 1.1, uses: ["ind", "com"], streets: ["Creek Road", "Wharf Road"] },
    {
      name: "Amuwo Odofin",
      tier: 0.8,
      uses: ["ind", "res"],
      streets: ["Festac Link Road", "Mile 2 Road"],
    },
  ],
  Abuja: [
    {
      name: "Maitama",
      tier: 3.0,
      uses: ["res", "land", "com"],
      streets: ["Aguiyi Ironsi Street", "Gana Street", "Usuma Street", "Mississippi Street"],
    },
    {
      name: "Asokoro",
      tier: 2.8,
      uses: ["res", "land"],
      streets: ["Yakubu Gowon Crescent", "Jimmy Carter Street", "Abakaliki Street"],
    },
    {
      name: "Wuse 2",
      tier: 1.7,
      uses: ["res", "com"],
      streets: ["Adetokunbo Ademola Crescent", "Aminu Kano Crescent", "Lobito Crescent"],
    },
    {
      name: "Central Business District",
      tier: 2.0,
      uses: ["com"],
      streets: ["Constitution Avenue", "Independence Avenue", "Ahmadu Bello Way"],
    },
    {
      name: "Gwarinpa",
      tier: 1.0,
      uses: ["res", "land"],
      streets: ["1st Avenue", "3rd Avenue", "6th Avenue", "Musa Yar'Adua Crescent"],
    },
    {
      name: "Jabi",
      tier: 1.4,
      uses: ["res", "com"],
      streets: ["Obafemi Awolowo Way", "Ahmed Musa Crescent"],
    },
    {
      name: "Katampe Extension",
      tier: 1.5,
      uses: ["res", "land"],
      streets: ["Katampe Main Road", "Diplomatic Zone Road"],
    },
    {
      name: "Guzape",
      tier: 1.8,
      uses: ["res", "land"],
      streets: ["Guzape District Road", "Sauka Crescent"],
    },
    {
      name: "Life Camp",
      tier: 1.1,
      uses: ["res"],
      streets: ["Life Camp Road", "Gwarinpa Expressway"],
    },
    {
      name: "Lokogoma",
      tier: 0.7,
      uses: ["res", "land"],
      streets: ["Lokogoma District Road", "Galadimawa Road"],
    },
    {
      name: "Lugbe",
      tier: 0.5,
      uses: ["res", "land"],
      streets: ["Airport Road", "Lugbe Federal Housing"],
    },
    {
      name: "Idu Industrial Area",
      tier: 0.8,
      uses: ["ind"],
      streets: ["Idu Industrial Layout", "Karmo Road"],
    },
  ],
  "Port Harcourt": [
    {
      name: "GRA Phase 2",
      tier: 1.3,
      uses: ["res", "com"],
      streets: ["Tombia Street", "Sani Abacha Road", "Evo Road"],
    },
    { name: "Old GRA", tier: 1.2, uses: ["res"], streets: ["Forces Avenue", "Harley Street"] },
    {
      name: "Trans-Amadi",
      tier: 0.9,
      uses: ["ind", "com"],
      streets: ["Trans-Amadi Industrial Layout", "Woji Road", "Peter Odili Road"],
    },
    { name: "Woji", tier: 0.9, uses: ["res", "land"], streets: ["Woji Road", "Elelenwo Street"] },
    { name: "Rumuola", tier: 0.8, uses: ["res", "com"], streets: ["Rumuola Road", "Ikwerre Road"] },
    { name: "Eliozu", tier: 0.6, uses: ["res", "land"], streets: ["Eliozu Road", "Airport Road"] },
  ],
  Ibadan: [
    {
      name: "Bodija",
      tier: 0.8,
      uses: ["res", "com"],
      streets: ["Awolowo Avenue", "University Crescent"],
    },
    { name: "Jericho", tier: 0.8, uses: ["res"], streets: ["Jericho GRA Road", "Mobil Road"] },
    {
      name: "Oluyole Estate",
      tier: 0.7,
      uses: ["res", "ind"],
      streets: ["Oluyole Estate Road", "Ring Road"],
    },
    {
      name: "Iyaganku GRA",
      tier: 0.8,
      uses: ["res", "land"],
      streets: ["Iyaganku Road", "Magistrate Court Road"],
    },
    {
      name: "Akobo",
      tier: 0.5,
      uses: ["res", "land"],
      streets: ["Akobo Road", "Olorunda Abaa Road"],
    },
    { name: "Ring Road", tier: 0.6, uses: ["com"], streets: ["Ring Road", "Challenge Road"] },
  ],
  Enugu: [
    {
      name: "Independence Layout",
      tier: 1.0,
      uses: ["res", "land"],
      streets: ["Nike Lake Road", "Chief Umeh Street"],
    },
    { name: "GRA", tier: 0.9, uses: ["res", "com"], streets: ["Ridgeway Road", "Okpara Avenue"] },
    {
      name: "Trans-Ekulu",
      tier: 0.6,
      uses: ["res", "land"],
      streets: ["Trans-Ekulu Road", "Mount Street"],
    },
    {
      name: "Emene",
      tier: 0.5,
      uses: ["ind"],
      streets: ["Emene Industrial Layout", "Airport Road"],
    },
  ],
  Kano: [
    {
      name: "Nassarawa GRA",
      tier: 0.9,
      uses: ["res", "land"],
      streets: ["Race Course Road", "Lugard Avenue"],
    },
    {
      name: "Bompai",
      tier: 0.6,
      uses: ["ind", "com"],
      streets: ["Bompai Road", "Murtala Mohammed Way"],
    },
    {
      name: "Farm Centre",
      tier: 0.5,
      uses: ["com", "res"],
      streets: ["Farm Centre Road", "Ibrahim Taiwo Road"],
    },
  ],
  Calabar: [
    {
      name: "State Housing Estate",
      tier: 0.6,
      uses: ["res", "land"],
      streets: ["Murtala Mohammed Highway", "MCC Road"],
    },
    {
      name: "Marian",
      tier: 0.5,
      uses: ["res", "com"],
      streets: ["Marian Road", "Ekpo Abasi Street"],
    },
    {
      name: "Calabar Free Trade Zone",
      tier: 0.6,
      uses: ["ind"],
      streets: ["Free Trade Zone Road"],
    },
  ],
  Warri: [
    {
      name: "Effurun",
      tier: 0.6,
      uses: ["res", "com", "land"],
      streets: ["Airport Road", "Jakpa Road"],
    },
    {
      name: "GRA Warri",
      tier: 0.7,
      uses: ["res", "ind"],
      streets: ["Okumagba Avenue", "Deco Road"],
    },
  ],
  Owerri: [
    {
      name: "New Owerri",
      tier: 0.7,
      uses: ["res", "land", "com"],
      streets: ["Federal Secretariat Road", "Orji Road"],
    },
    {
      name: "Ikenegbu Layout",
      tier: 0.6,
      uses: ["res"],
      streets: ["Ikenegbu Road", "Okigwe Road"],
    },
  ],
  Kaduna: [
    {
      name: "Malali GRA",
      tier: 0.6,
      uses: ["res", "land"],
      streets: ["Malali Road", "Rabah Road"],
    },
    { name: "Ungwan Rimi", tier: 0.5, uses: ["res"], streets: ["Kachia Road", "Ungwan Rimi Road"] },
  ],
  Katsina: [
    { name: "GRA Katsina", tier: 0.45, uses: ["res", "land"], streets: ["IBB Way", "Kano Road"] },
  ],
  Zaria: [
    {
      name: "Samaru",
      tier: 0.4,
      uses: ["res", "land"],
      streets: ["Samaru Main Road", "Sokoto Road"],
    },
    { name: "GRA Zaria", tier: 0.45, uses: ["res"], streets: ["Hospital Road", "Kaduna Road"] },
  ],
};

/** Places a listing can be close to, for the location paragraph of a description. */
export const LANDMARKS: Record<City, readonly string[]> = {
  Lagos: [
    "the Lekki-Epe Expressway",
    "The Palms Shopping Mall",
    "Ikeja City Mall",
    "the Third Mainland Bridge",
    "Murtala Muhammed International Airport",
    "the Lekki Conservation Centre",
  ],
  Abuja: [
    "Jabi Lake Mall",
    "Millennium Park",
    "the Nnamdi Azikiwe International Airport road",
    "Ceddi Plaza",
    "the Central Business District",
  ],
  "Port Harcourt": [
    "Port Harcourt Mall",
    "Pleasure Park",
    "the Trans-Amadi Industrial Layout",
    "the Aba Road corridor",
  ],
  Ibadan: ["the University of Ibadan", "Ventura Mall", "Cocoa House", "the Ring Road"],
  Enugu: ["Polo Park Mall", "Nike Lake Resort", "the Enugu-Port Harcourt Expressway"],
  Kano: ["the Kano Club", "Mallam Aminu Kano International Airport", "Ado Bayero Mall"],
  Calabar: ["Tinapa", "the Calabar Marina", "the University of Calabar"],
  Warri: ["the Effurun Roundabout", "Delta Mall", "the Warri Refinery road"],
  Owerri: ["the Sam Mbakwe Airport road", "Imo State University", "Owerri Mall"],
  Kaduna: ["Murtala Mohammed Square", "the Kaduna Polo Club", "Kaduna International Airport"],
  Katsina: ["Umaru Musa Yar'Adua University", "the Katsina Central Market"],
  Zaria: ["Ahmadu Bello University", "the Zaria City Gate"],
};
