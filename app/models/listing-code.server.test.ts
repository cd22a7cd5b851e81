import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { db, findMigrationsFolder, PGLITE_EXTENSIONS } from "~/db/client.server";
import { listingCodes, properties } from "~/db/schema";
import { CITIES } from "~/lib/property-options";
import { createProperty, listingCodeOf } from "../../tests/setup/accounts";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { findListingByCode } from "./listing-code.server";

// Listing reference codes (issue 45): given by the database to every new listing in the
// insert's own transaction, never given twice (a sequence, and a register that outlives the
// listing), given to the listings there were before (the migration), and read back however a
// visitor types them.

await setupTestDatabase();

const CODE = /^NH-([A-Z]{3})-(\d{4,})$/;

function numberOf(code: string): number {
  const match = CODE.exec(code);
  if (!match) throw new Error(`not a code: ${code}`);
  return Number(match[2]);
}

/** The state each city of the site is in, as its code says it. */
const STATE_OF: Record<(typeof CITIES)[number], string> = {
  Lagos: "LAG",
  Abuja: "FCT",
  "Port Harcourt": "RIV",
  Ibadan: "OYO",
  Kano: "KAN",
  Calabar: "CRS",
  Enugu: "ENU",
  Warri: "DEL",
  Katsina: "KAT",
  Kaduna: "KAD",
  Zaria: "KAD",
  Owerri: "IMO",
};

describe("a new listing's code", () => {
  it("names the agency, the state of every city the site offers, and a new number", async () => {
    const codes: string[] = [];
    for (const city of CITIES) {
      const code = await listingCodeOf(await createProperty(`Flat in ${city}`, city));
      expect(code, city).toMatch(new RegExp(`^NH-${STATE_OF[city]}-\\d{4,}$`));
      codes.push(code);
    }
    // One sequence for the agency: each number follows the last.
    const numbers = codes.map(numberOf);
    for (let i = 1; i < numbers.length; i++)
      expect(numbers[i]).toBeGreaterThan(numbers[i - 1] ?? 0);
    expect(new Set(numbers).size).toBe(CITIES.length);
  });

  it("reads the city in any case, and a city it does not know as Nigeria", async () => {
    expect(await listingCodeOf(await createProperty("Shouted", " LAGOS "))).toMatch(/^NH-LAG-/);
    expect(await listingCodeOf(await createProperty("Elsewhere", "Jos"))).toMatch(/^NH-NGA-/);
  });

  it("is registered with the listing, in the same transaction", async () => {
    const id = await createProperty("Registered flat");
    const code = await listingCodeOf(id);
    expect(await db.select().from(listingCodes).where(eq(listingCodes.code, code))).toEqual([
      expect.objectContaining({ code, propertyId: id }),
    ]);
    // A listing whose insert rolls back leaves no code behind.
    const registered = (await db.select().from(listingCodes)).length;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(properties).values({
          title: "Never",
          propertyType: "house",
          category: "residential",
          city: "Lagos",
        });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db.select().from(properties).where(eq(properties.title, "Never"))).toEqual([]);
    expect(await db.select().from(listingCodes)).toHaveLength(registered);
  });

  it("stays with its listing: an edit cannot change it, even on purpose", async () => {
    const id = await createProperty("Steady flat", "Lagos");
    const code = await listingCodeOf(id);
    await db
      .update(properties)
      .set({ city: "Abuja", referenceCode: "NH-FCT-0001", title: "Moved flat" })
      .where(eq(properties.id, id));
    expect(await listingCodeOf(id)).toBe(code);
  });

  it("is never given again after its listing is purged", async () => {
    const gone = await createProperty("Purged flat");
    const goneCode = await listingCodeOf(gone);
    await db.delete(properties).where(eq(properties.id, gone));
    const next = await listingCodeOf(await createProperty("Next flat"));
    expect(numberOf(next)).toBeGreaterThan(numberOf(goneCode));
    // The register keeps the purged listing's code, without the listing.
    const [kept] = await db.select().from(listingCodes).where(eq(listingCodes.code, goneCode));
    expect(kept?.propertyId).toBeNull();
    expect(await findListingByCode(goneCode)).toEqual({ kind: "gone", code: goneCode });
  });
});

describe("findListingByCode", () => {
  it("opens a live listing however the code is typed", async () => {
    const id = await createProperty("Live flat", "Lagos");
    const code = await listingCodeOf(id);
    const number = numberOf(code);
    for (const typed of [
      code,
      code.toLowerCase(),
      code.replaceAll("-", ""),
      `nh lag ${number}`,
      ` ${code.replaceAll("-", " - ")} `,
    ]) {
      expect(await findListingByCode(typed), typed).toEqual({ kind: "live", code, propertyId: id });
    }
  });

  it("says a code is no longer on offer once its listing is let, sold or in the trash", async () => {
    for (const change of [
      { status: "let" as const },
      { status: "sold" as const },
      { deletedAt: new Date() },
    ]) {
      const id = await createProperty("Closing flat");
      const code = await listingCodeOf(id);
      await db.update(properties).set(change).where(eq(properties.id, id));
      expect(await findListingByCode(code), JSON.stringify(change)).toEqual({ kind: "gone", code });
    }
    // Under offer is still on offer.
    const offered = await createProperty("Offered flat");
    await db.update(properties).set({ status: "under-offer" }).where(eq(properties.id, offered));
    expect((await findListingByCode(await listingCodeOf(offered)))?.kind).toBe("live");
  });

  it("tells a code never given, and ignores text that is no code", async () => {
    expect(await findListingByCode("nh-lag-999999")).toEqual({
      kind: "unknown",
      code: "NH-LAG-999999",
    });
    // The right number with another state is not ours either.
    const code = await listingCodeOf(await createProperty("Lagos flat", "Lagos"));
    const elsewhere = code.replace("-LAG-", "-KAN-");
    expect(await findListingByCode(elsewhere)).toEqual({ kind: "unknown", code: elsewhere });
    expect(await findListingByCode("Lekki duplex")).toBeUndefined();
  });
});

describe("the migration's backfill", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "listing-codes-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("gives the listings there were codes oldest first, and new ones continue after them", async () => {
    // A database with every migration before this one, and listings made out of order.
    const folder = path.join(root, "migrations");
    fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const full = fs.readFileSync(journalFile, "utf8");
    const journal = JSON.parse(full) as { entries: { tag: string }[] };
    // Everything from this migration on: the migrator skips a migration older than the last
    // one applied, so a later one left in would keep this one from ever running.
    const at = journal.entries.findIndex((entry) => entry.tag.endsWith("listing_reference_codes"));
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
      await client.exec(`insert into properties (title, property_type, category, city, created_at, deleted_at) values
        ('Second', 'house', 'residential', 'Abuja', '2024-02-01T09:00:00Z', null),
        ('First', 'land', 'residential', 'Lagos', '2024-01-01T09:00:00Z', null),
        ('Third, in the trash', 'shop', 'commercial', 'Kano', '2024-03-01T09:00:00Z', now())`);

      fs.writeFileSync(journalFile, full);
      await migrate(drizzle({ client }), { migrationsFolder: folder });
      const { rows } = await client.query<{ title: string; reference_code: string }>(
        "select title, reference_code from properties order by created_at",
      );
      expect(rows).toEqual([
        { title: "First", reference_code: "NH-LAG-0001" },
        { title: "Second", reference_code: "NH-FCT-0002" },
        { title: "Third, in the trash", reference_code: "NH-KAN-0003" },
      ]);
      const register = await client.query<{ code: string }>(
        "select code from listing_codes where property_id is not null order by code",
      );
      expect(register.rows.map((r) => r.code)).toEqual([
        "NH-FCT-0002",
        "NH-KAN-0003",
        "NH-LAG-0001",
      ]);
      await client.exec(`insert into properties (title, property_type, category, city)
        values ('After', 'house', 'residential', 'Enugu')`);
      const after = await client.query<{ reference_code: string }>(
        "select reference_code from properties where title = 'After'",
      );
      expect(after.rows[0]?.reference_code).toBe("NH-ENU-0004");
    } finally {
      await client.close();
    }
    // Two migrations of a new database from nothing: a quarter of a minute on a busy machine.
  }, 120_000);
});
