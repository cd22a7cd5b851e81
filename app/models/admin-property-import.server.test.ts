import { asc, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties, propertyMedia } from "~/db/schema";
import { parseCsv, toCsv, unguardCell } from "~/lib/csv";
import { type ImportSheet, readPropertyCsv } from "~/lib/property-import";
import { seedDemoData } from "~/seed/seed.server";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { routeArgs } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { loader as exportLoader } from "../routes/admin/properties-export";
import { getPropertyImportPlan, importPropertiesByAdmin } from "./admin-property-import.server";
import { trashProperty } from "./admin-property-trash.server";
import { updatePropertyByAdmin } from "./admin-property-write.server";

// The CSV round trip on the demo catalogue: the export imported back changes nothing; an edited
// price updates that listing (photos and all else kept); a row without an id adds one; a file
// with one bad row writes nothing; each listing added or changed has its audit row.

await setupTestDatabase();

const admin = await createSignedInAdmin("importer@example.com");
const other = await createSignedInAdmin("colleague@example.com");

beforeAll(async () => {
  await seedDemoData({ onlyIfEmpty: true });
});

async function exported() {
  const response = (await exportLoader(
    routeArgs("/admin/properties/export.csv", { cookie: admin.cookie }),
  )) as Response;
  return response.text();
}

/** The export as a table of cells as they were meant (formula guards removed). */
async function exportedTable() {
  return parseCsv(await exported()).map((row) => row.map(unguardCell));
}

function csvOf(table: string[][]) {
  const [header = [], ...rows] = table;
  return toCsv(header, rows);
}

function sheetOf(text: string): ImportSheet {
  const reading = readPropertyCsv(text);
  if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
  return reading.sheet;
}

async function liveCount() {
  const [row] = await db
    .select({ n: count() })
    .from(properties)
    .where(isNull(properties.deletedAt));
  return row?.n ?? 0;
}

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

async function catalogue() {
  return db.select().from(properties).orderBy(asc(properties.id));
}

describe("importing the export back", () => {
  it("changes nothing: every row unchanged, nothing written, nothing audited", async () => {
    const listings = await liveCount();
    expect(listings).toBeGreaterThan(50);
    const before = await catalogue();
    const audits = await auditCount();
    const sheet = sheetOf(await exported());
    const plan = await getPropertyImportPlan(admin.actor, sheet);
    expect(plan).toMatchObject({ created: [], updated: [], unchanged: listings, problems: [] });

    const outcome = await importPropertiesByAdmin(admin.actor, sheet, plan.fingerprint);
    expect(outcome).toMatchObject({ ok: false, reason: "unchanged" });
    expect(await catalogue()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("reads an unchanged export the way a spreadsheet saves it (labels, ₦, CRLF) as unchanged", async () => {
    const table = await exportedTable();
    const header = table[0] ?? [];
    const at = (name: string) => header.indexOf(name);
    const respelt = table.map((row, i) => {
      if (i === 0) return row;
      const copy = [...row];
      copy[at("purpose")] = copy[at("purpose")] === "sale" ? "For Sale" : "For Rent";
      copy[at("status")] = (copy[at("status")] ?? "").toUpperCase();
      copy[at("featured")] = copy[at("featured")] === "yes" ? "TRUE" : "FALSE";
      const price = copy[at("price")];
      if (price) copy[at("price")] = `₦${Number(price).toLocaleString("en-NG")}`;
      copy[at("rent_period")] =
        copy[at("rent_period")] === "year" ? "per annum" : copy[at("rent_period")] ? "monthly" : "";
      copy[at("description")] = (copy[at("description")] ?? "").replace(/\n/g, "\r\n");
      return copy;
    });
    const plan = await getPropertyImportPlan(admin.actor, sheetOf(csvOf(respelt)));
    expect(plan.problems).toEqual([]);
    expect(plan.updated).toEqual([]);
    expect(plan.unchanged).toBe(table.length - 1);
  });
});

describe("a file with a changed price and a new row", () => {
  it("updates that listing only (photos kept), adds the new one, one audit row each", async () => {
    const table = await exportedTable();
    const header = table[0] ?? [];
    const priceAt = header.indexOf("price");
    const edited = table[3] ?? [];
    const id = edited[0] ?? "";
    const [stored] = await db.select().from(properties).where(eq(properties.id, id));
    if (!stored?.price) throw new Error("the demo listing should have a price");
    const photosBefore = await db
      .select()
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, id))
      .orderBy(asc(propertyMedia.sortOrder));
    expect(photosBefore.length).toBeGreaterThan(0);

    const newPrice = stored.price + 1_000_000;
    edited[priceAt] = `₦${newPrice.toLocaleString("en-NG")}`;
    const added = header.map(
      (column) =>
        ({
          title: "Imported bungalow in Enugu",
          purpose: "For Sale",
          price: "45,000,000",
          property_type: "Bungalow",
          category: "Residential",
          city: "enugu",
          status: "Available",
          featured: "no",
        })[column] ?? "",
    );
    const sheet = sheetOf(csvOf([...table, added]));
    const listings = await liveCount();

    const plan = await getPropertyImportPlan(admin.actor, sheet);
    expect(plan.problems).toEqual([]);
    expect(plan.created).toEqual([
      expect.objectContaining({ row: table.length + 1, title: "Imported bungalow in Enugu" }),
    ]);
    expect(plan.updated).toEqual([
      {
        row: 4,
        id,
        title: stored.title,
        changes: [{ field: "price", before: stored.price, after: newPrice }],
      },
    ]);
    expect(plan.unchanged).toBe(listings - 1);

    const audits = await auditCount();
    const outcome = await importPropertiesByAdmin(admin.actor, sheet, plan.fingerprint);
    expect(outcome).toEqual({ ok: true, created: 1, updated: 1, skipped: 0 });
    expect(await liveCount()).toBe(listings + 1);

    const [after] = await db.select().from(properties).where(eq(properties.id, id));
    expect(after).toEqual({ ...stored, price: newPrice, updatedAt: expect.any(Date) });
    expect(
      await db
        .select()
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, id))
        .orderBy(asc(propertyMedia.sortOrder)),
    ).toEqual(photosBefore);
    const [created] = await db
      .select()
      .from(properties)
      .where(eq(properties.title, "Imported bungalow in Enugu"));
    expect(created).toMatchObject({
      price: 45_000_000,
      propertyType: "bungalow",
      city: "Enugu",
      status: "available",
    });

    const rows = await db
      .select()
      .from(auditEvents)
      .orderBy(asc(auditEvents.createdAt))
      .offset(audits);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.action === "property.import" && r.actorUserId === admin.id)).toBe(
      true,
    );
    const update = rows.find((r) => r.entityId === id);
    expect(update?.changes).toEqual({ price: { before: stored.price, after: newPrice } });
    const insert = rows.find((r) => r.entityId === created?.id);
    expect(insert?.changes).toMatchObject({
      title: { before: null, after: "Imported bungalow in Enugu" },
      price: { before: null, after: 45_000_000 },
    });

    // The same file again: the listing is as the file says, the new row would be added again.
    const again = await getPropertyImportPlan(admin.actor, sheet);
    expect(again.updated).toEqual([]);
    expect(again.created).toHaveLength(1);
  });

  it("keeps the columns a file leaves out: id and price alone change the price only", async () => {
    const [listing] = await db
      .select()
      .from(properties)
      .where(isNull(properties.deletedAt))
      .orderBy(asc(properties.id))
      .limit(1);
    if (!listing) throw new Error("no listing");
    const sheet = sheetOf(`id,price\r\n${listing.id},"1,234,000"\r\n`);
    const plan = await getPropertyImportPlan(admin.actor, sheet);
    expect(plan.updated[0]?.changes).toEqual([
      { field: "price", before: listing.price, after: 1_234_000 },
    ]);
    expect(plan.unchanged).toBe(0);
    expect((await importPropertiesByAdmin(admin.actor, sheet, plan.fingerprint)).ok).toBe(true);
    const [after] = await db.select().from(properties).where(eq(properties.id, listing.id));
    expect(after).toEqual({ ...listing, price: 1_234_000, updatedAt: expect.any(Date) });
  });
});

describe("all or nothing", () => {
  it("refuses the whole file when one id is in the trash or unknown, and writes nothing", async () => {
    const table = await exportedTable();
    const header = table[0] ?? [];
    const priceAt = header.indexOf("price");
    const first = [...(table[1] ?? [])];
    first[priceAt] = "1";
    const trashed = [...(table[2] ?? [])];
    const unknown = [...(table[3] ?? [])];
    unknown[0] = "00000000-0000-4000-8000-000000000000";
    expect((await trashProperty(other.actor, trashed[0] ?? "")).ok).toBe(true);
    const sheet = sheetOf(csvOf([header, first, trashed, unknown]));
    const before = await catalogue();
    const audits = await auditCount();

    const plan = await getPropertyImportPlan(admin.actor, sheet);
    expect(plan.problems).toEqual([
      {
        row: 3,
        column: "id",
        value: trashed[0],
        message: expect.stringMatching(/is in the trash\. Restore it first/),
      },
      {
        row: 4,
        column: "id",
        value: "00000000-0000-4000-8000-000000000000",
        message: expect.stringMatching(/^No listing has this id.*Allowed: /),
      },
    ]);
    const outcome = await importPropertiesByAdmin(admin.actor, sheet, plan.fingerprint);
    expect(outcome).toMatchObject({ ok: false, reason: "problems" });
    expect(await catalogue()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it("writes nothing when the catalogue changed after the check, and answers the new plan", async () => {
    const table = await exportedTable();
    const header = table[0] ?? [];
    const row = [...(table[1] ?? [])];
    const id = row[0] ?? "";
    row[header.indexOf("beds")] = "9";
    const sheet = sheetOf(csvOf([header, row]));
    const plan = await getPropertyImportPlan(admin.actor, sheet);
    expect(plan.updated[0]?.changes.map((c) => c.field)).toEqual(["beds"]);

    // Another admin renames the listing between the check and the import.
    const [stored] = await db.select().from(properties).where(eq(properties.id, id));
    if (!stored) throw new Error("no listing");
    const renamed = await updatePropertyByAdmin(other.actor, id, {
      ...stored,
      title: "Renamed by a colleague",
    } as never);
    expect(renamed.ok).toBe(true);
    const audits = await auditCount();

    const outcome = await importPropertiesByAdmin(admin.actor, sheet, plan.fingerprint);
    expect(outcome).toMatchObject({ ok: false, reason: "stale" });
    if (outcome.ok || outcome.reason !== "stale") throw new Error("expected stale");
    // The new plan shows that the file would put the old title back.
    expect(outcome.plan.updated[0]?.changes.map((c) => c.field)).toEqual(["title", "beds"]);
    const [after] = await db.select().from(properties).where(eq(properties.id, id));
    expect(after?.title).toBe("Renamed by a colleague");
    expect(after?.beds).toBe(stored.beds);
    expect(await auditCount()).toBe(audits);
  });
});
