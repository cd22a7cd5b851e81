import { type SQL, sql } from "drizzle-orm";
import { properties } from "~/db/schema";

// Where a listing is, as the public site tells it (issue 46, item 5; the rule in TypeScript:
// app/lib/public-address.ts): the full address only when
// the office chose to show it; otherwise the area the office typed ("Lekki Phase 1, near
// Admiralty Mall"), or, left empty, the address's last part after a comma ("12 Admiralty Way,
// Lekki Phase 1" -> "Lekki Phase 1"); an address of one part (a street alone) shows nothing.
// Every public read of a listing's address (cards, the property page, comparison, booking page,
// search text, structured data, WhatsApp texts) selects this expression under the name
// `address`, so a page cannot show the street by reading the column by mistake. Staff, the
// listing's owner, and a customer whose viewing is confirmed read `properties.address`.

/** The SQL of the address the site shows (see above). */
export const publicAddressSql: SQL<string> = sql<string>`(case when ${properties.addressPublic} then ${properties.address} when ${properties.area} <> '' then ${properties.area} when strpos(${properties.address}, ',') > 0 then btrim(regexp_replace(${properties.address}, '^.*,', '')) else '' end)`;
