import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties } from "~/db/schema";
import type { ImportProblem } from "~/lib/property-import";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callAction, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as exportLoader } from "./properties-export";
import { action as importAction } from "./properties-import";

// /admin/properties/import as the office uses it: check a file (what it would do, or each
// problem with its row, column, value and what is allowed), then import exactly that.

await setupTestDatabase();

const admin = await createSignedInAdmin("csv-import@example.com");

type Answer = {
  ok: boolean;
  error?: { title: string; message: string };
  problems?: ImportProblem[];
  preview?: {
    created: {
      row: number;
      title: string;
      lookAlikes: { id: string; title: string }[];
      sameAsRow: number | null;
    }[];
    updated: {
      row: number;
      id: string;
      title: string;
      changes: { field: string; label: string; before: string; after: string }[];
    }[];
    unchanged: number;
  };
  fingerprint?: string;
  encoding?: string;
  ignored?: string[];
};

function send(form: Record<string, string>) {
  return callAction<Answer>(importAction, "/admin/properties/import", {
    cookie: admin.cookie,
    form,
  });
}

/** A file chosen in the form: its bytes as they are on disk. */
function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([new Uint8Array(bytes)], "listings.csv", { type: "text/csv" }));
  return callAction<Answer>(importAction, "/admin/properties/import", {
    cookie: admin.cookie,
    form,
  });
}

async function exported() {
  const response = (await exportLoader(
    routeArgs("/admin/properties/export.csv", { cookie: admin.cookie }),
  )) as Response;
  return response.text();
}

async function stored(title: string) {
  const [row] = await db.select().from(properties).where(eq(properties.title, title));
  return row;
}

async function listingCount() {
  const [row] = await db.select({ n: count() }).from(properties);
  return row?.n ?? 0;
}

/** The import's audit rows written since `since` (a count from before). */
async function importAudits(since = 0) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.action, "property.import"))
    .orderBy(auditEvents.createdAt);
  return rows.slice(since);
}

beforeEach(async () => {
  await db.delete(properties);
});

const HEADER =
  "title,purpose,price,rent_period,property_type,category,city,beds,title_document,featured,status";

describe("a file of new listings, typed as a spreadsheet shows them", () => {
  const csv = [
    HEADER,
    'Lekki duplex,For Sale,"₦45,000,000",,Duplex,Residential,lagos,4,C of O,Yes,Available',
    'Yaba flat,for rent,"2,400,000",yearly,Apartment,Residential,Lagos,2,,no,',
  ].join("\r\n");

  it("is checked first (nothing stored), then imported in one go", async () => {
    const audited = (await importAudits()).length;
    const preview = await send({ intent: "preview", csv });
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toEqual({
      created: [
        { row: 2, title: "Lekki duplex", lookAlikes: [], sameAsRow: null },
        { row: 3, title: "Yaba flat", lookAlikes: [], sameAsRow: null },
      ],
      updated: [],
      unchanged: 0,
    });
    expect(await listingCount()).toBe(0);

    const imported = await send({
      intent: "import",
      csv,
      fingerprint: preview.body.fingerprint ?? "",
      back: "/admin/properties",
    });
    expect(imported.status).toBe(302);
    expect(imported.location).toBe("/admin/properties");
    expect(imported.cookies.join(";")).toContain("propertiesImported");
    expect(await stored("Lekki duplex")).toMatchObject({
      purpose: "sale",
      price: 45_000_000,
      propertyType: "duplex",
      city: "Lagos",
      titleDocument: "c-of-o",
      featured: true,
      status: "available",
    });
    expect(await stored("Yaba flat")).toMatchObject({
      purpose: "rent",
      price: 2_400_000,
      rentPeriod: "year",
      featured: false,
      status: "available",
    });
    expect(await importAudits(audited)).toHaveLength(2);
  });

  it("is refused as a whole when a row is wrong, each problem named, nothing stored", async () => {
    const bad = [csv, "Bad row,Sell,call us,,Castle,Residential,Atlantis,two,forged,maybe,"].join(
      "\r\n",
    );
    for (const intent of ["preview", "import"]) {
      const answer = await send({ intent, csv: bad });
      expect(answer.status).toBe(400);
      expect(answer.body.error?.title).toBe("Nothing imported");
      expect(answer.body.problems?.map((p) => [p.row, p.column, p.value])).toEqual([
        [4, "purpose", "Sell"],
        [4, "price", "call us"],
        [4, "property_type", "Castle"],
        [4, "city", "Atlantis"],
        [4, "title_document", "forged"],
        [4, "featured", "maybe"],
      ]);
      for (const problem of answer.body.problems ?? [])
        expect(problem.message).toMatch(/Allowed: /);
    }
    expect(await listingCount()).toBe(0);
  });
});

describe("the export, edited and imported back", () => {
  it("updates the listing whose price changed; the catalogue keeps its size", async () => {
    const audited = (await importAudits()).length;
    const id = await createProperty("Ikoyi penthouse");
    await createProperty("Wuse terrace", "Abuja");
    const file = await exported();
    const unchanged = await send({ intent: "preview", csv: file });
    expect(unchanged.body.preview).toEqual({ created: [], updated: [], unchanged: 2 });
    // Nothing to confirm: an import of it writes nothing and is answered with the same plan.
    const again = await send({
      intent: "import",
      csv: file,
      fingerprint: unchanged.body.fingerprint ?? "",
    });
    expect(again.status).toBe(200);
    expect(await importAudits(audited)).toHaveLength(0);

    const edited = file.replace(
      /(Ikoyi penthouse,sale,)50000000,/,
      (_m, start: string) => `${start}"₦52,500,000",`,
    );
    expect(edited).not.toBe(file);
    const preview = await send({ intent: "preview", csv: edited });
    expect(preview.body.preview).toEqual({
      created: [],
      updated: [
        {
          row: expect.any(Number),
          id,
          title: "Ikoyi penthouse",
          changes: [
            { field: "price", label: "Price (₦)", before: "₦50,000,000", after: "₦52,500,000" },
          ],
        },
      ],
      unchanged: 1,
    });
    const imported = await send({
      intent: "import",
      csv: edited,
      fingerprint: preview.body.fingerprint ?? "",
    });
    expect(imported.status).toBe(302);
    expect(await listingCount()).toBe(2);
    expect((await stored("Ikoyi penthouse"))?.price).toBe(52_500_000);
    const audits = await importAudits(audited);
    expect(audits.map((a) => [a.entityId, a.changes])).toEqual([
      [id, { price: { before: 50_000_000, after: 52_500_000 } }],
    ]);
  });

  it("writes nothing over a plan it was not shown (a stale or forged confirm)", async () => {
    const audited = (await importAudits()).length;
    await createProperty("Ikoyi penthouse");
    const edited = (await exported()).replace(",50000000,", ",51000000,");
    const answer = await send({ intent: "import", csv: edited, fingerprint: "forged" });
    expect(answer.status).toBe(409);
    expect(answer.body.error?.message).toMatch(/catalogue changed after this file was checked/);
    expect(answer.body.preview?.updated).toHaveLength(1);
    expect((await stored("Ikoyi penthouse"))?.price).toBe(50_000_000);
    expect(await importAudits(audited)).toHaveLength(0);
  });
});

describe("the file's encoding", () => {
  const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

  it("reads a Windows-1252 (Latin-1) file's accents and says how it was read", async () => {
    const answer = await upload(
      latin1(
        "title,purpose,price,property_type,category,city\r\nRésidence Étoile,sale,45000000,villa,residential,Abuja\r\n",
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.encoding).toBe("Windows-1252");
    expect(answer.body.preview?.created).toEqual([
      { row: 2, title: "Résidence Étoile", lookAlikes: [], sameAsRow: null },
    ]);
  });

  it("refuses a file it cannot read, saying so", async () => {
    const answer = await upload(Uint8Array.from([0x74, 0x69, 0x81, 0x0a]));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toMatch(/not UTF-8 or Windows-1252 \(Latin-1\) text/);
  });

  it("reads UTF-8 with ₦ as it is", async () => {
    const answer = await upload(
      new TextEncoder().encode(
        "title,purpose,price,property_type,category,city\nVilla,sale,₦45000000,villa,residential,Abuja\n",
      ),
    );
    expect(answer.body.encoding).toBe("UTF-8");
    expect(answer.body.preview?.created).toHaveLength(1);
  });
});
