// Generated listings for the benchmark: one INSERT ... SELECT over generate_series, so 100,000
// rows take seconds. The mix is meant to look like a Nigerian catalogue: most listings in Lagos
// and Abuja, 60% for sale, rents far below sale prices, bigger homes dearer (loosely), a few
// listings without a price, bedrooms or photo. Deterministic (setseed) so runs compare.

export const CITY_WEIGHTS = [
  ["Lagos", 5],
  ["Abuja", 3],
  ["Port Harcourt", 2],
  ["Ibadan", 1],
  ["Kano", 1],
  ["Calabar", 1],
  ["Enugu", 1],
  ["Warri", 1],
  ["Katsina", 1],
  ["Kaduna", 1],
  ["Zaria", 1],
  ["Owerri", 1],
] as const;

const AREAS = [
  "Lekki Phase 1",
  "Ikoyi",
  "Victoria Island",
  "Yaba",
  "Surulere",
  "Gwarinpa",
  "Maitama",
  "Wuse 2",
  "Asokoro",
  "GRA",
  "Trans Amadi",
  "Bodija",
  "Jericho",
  "Independence Layout",
  "Nassarawa",
  "Rumuola",
  "Ajah",
  "Magodo",
];

const STREETS = [
  "Admiralty Way",
  "Adeola Odeku Street",
  "Aminu Kano Crescent",
  "Ademola Adetokunbo Crescent",
  "Herbert Macaulay Way",
  "Awolowo Road",
  "Ring Road",
  "Aba Road",
  "Zik Avenue",
  "Ogui Road",
  "Ahmadu Bello Way",
  "Allen Avenue",
];

// Weighted by repetition: apartments and duplexes are the bulk of a Nigerian catalogue.
const TYPES = [
  "apartment",
  "apartment",
  "apartment",
  "duplex",
  "duplex",
  "house",
  "bungalow",
  "terrace",
  "villa",
  "land",
  "office",
  "shop",
  "warehouse",
];

function sqlArray(values: readonly string[]) {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]`;
}

/** SQL that appends `count` generated properties (ids from gen_random_uuid). */
export function generatePropertiesSql(count: number, seed = 0.42) {
  const cities = CITY_WEIGHTS.flatMap(([city, weight]) => Array<string>(weight).fill(city));
  return `
SELECT setseed(${seed});
INSERT INTO properties (title, description, purpose, price, rent_period, property_type, category,
  is_new_development, city, address, beds, baths, sqft, image_url, featured, created_at, updated_at)
SELECT
  CASE WHEN beds IS NULL THEN initcap(ptype) ELSE beds || ' Bedroom ' || initcap(ptype) END
    || ' in ' || area,
  'A generated listing for the benchmark.',
  purpose::property_purpose,
  CASE WHEN r_null < 0.02 THEN NULL
       ELSE (round(exp(ln(lo) + (0.65 * r_price + 0.35 * coalesce(beds, 3) / 6.0) * (ln(hi) - ln(lo)))
             / 10000) * 10000)::bigint END,
  CASE WHEN purpose = 'rent' THEN (CASE WHEN r_misc < 0.7 THEN 'year' ELSE 'month' END)::rent_period END,
  ptype::property_type,
  (CASE WHEN ptype IN ('office', 'shop', 'warehouse') THEN 'commercial' ELSE 'residential' END)::property_category,
  r_misc < 0.1,
  city,
  (1 + g % 150) || ' ' || street || ', ' || area,
  beds,
  CASE WHEN beds IS NULL THEN NULL ELSE greatest(1, beds - (g % 2)) END,
  CASE WHEN r_null > 0.9 THEN NULL ELSE 400 + (g % 50) * 60 END,
  CASE WHEN r_null > 0.97 THEN NULL ELSE '/media/bench/' || (g % 40) || '.webp' END,
  r_misc > 0.97,
  now() - r_age * interval '1095 days',
  now()
FROM (
  SELECT g, r_price, r_null, r_misc, r_age, ptype, purpose,
    (${sqlArray(cities)})[1 + floor(r_city * ${cities.length})::int] AS city,
    (${sqlArray(AREAS)})[1 + floor(r_area * ${AREAS.length})::int] AS area,
    (${sqlArray(STREETS)})[1 + g % ${STREETS.length}] AS street,
    CASE WHEN ptype IN ('land', 'office', 'shop', 'warehouse') THEN NULL
         ELSE 1 + floor(r_beds * r_beds * 6)::int END AS beds,
    CASE WHEN purpose = 'rent' THEN 400000 ELSE 8000000 END AS lo,
    CASE WHEN purpose = 'rent' THEN 40000000 ELSE 900000000 END AS hi
  FROM (
    SELECT g, random() AS r_city, random() AS r_area, random() AS r_price, random() AS r_beds,
      random() AS r_null, random() AS r_misc, random() AS r_age,
      (${sqlArray(TYPES)})[1 + floor(random() * ${TYPES.length})::int] AS ptype,
      CASE WHEN random() < 0.6 THEN 'sale' ELSE 'rent' END AS purpose
    FROM generate_series(1, ${count}) AS g
  ) AS r
) AS t;`;
}
