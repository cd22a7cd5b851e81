import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties } from "~/db/schema";
import { TRASH_DAYS } from "~/lib/admin-properties";
import { purgeTrash } from "~/models/admin-property-trash.server";
import { getPropertyWithMedia } from "~/models/property.server";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import {
  callAction,
  callLoader,
  type FormFailure,
  routeArgs,
} from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as listAction, loader as listLoader } from "./properties";
import { loader as exportLoader } from "./properties-export";
import { loader as templateLoader } from "./properties-template";
import { action as editAction, loader as editLoader } from "./property-edit";
import { action as newAction } from "./property-new";

await setupTestDatabase();

const admin = await createSignedInAdmin("catalogue@example.com");

type List = Awaited<ReturnType<typeof listLoader>>;

const FILLED = {
  title: "4 Bedroom Duplex in Lekki",
  purpose: "sale",
  price: "₦ 185,000,000",
  city: "Lagos",
  address: "12 Admiralty Way, Lekki Phase 1",
  description: "Newly built, with a pool.",
  propertyType: "duplex",
  category: "residential",
  beds: "4",
  baths: "5",
  toilets: "6",
  parkingSpaces: "3",
  sqft: "4200",
  status: "available",
  titleDocument: "c-of-o",
  serviceCharge: "1,500,000",
  furnishing: "semi-furnished",
  featured: "on",
  serviced: "on",
};

function list(search = "") {
  return callLoader<List>(listLoader, `/admin/properties${search}`, { cookie: admin.cookie });
}

function add(form: Record<string, string>) {
  return callAction<FormFailure>(newAction, "/admin/properties/new", {
    cookie: admin.cookie,
    form,
  });
}

/** Posts the edit form as the page gives it: with the version it was opened at. */
async function edit(id: string, form: Record<string, string>) {
  const page = await callLoader<{ property?: { version: string } } | null>(
    editLoader,
    `/admin/properties/${id}`,
    { cookie: admin.cookie, params: { id } },
  );
  // An unknown listing has no page: its post has no version either.
  const version = page.body?.property?.version;
  return callAction<FormFailure>(editAction, `/admin/properties/${id}`, {
    cookie: admin.cookie,
    form: version ? { version, ...form } : form,
    params: { id },
  });
}

async function stored(title: string) {
  const [row] = await db.select().from(properties).where(eq(properties.title, title));
  return row;
}

beforeEach(async () => {
  await db.delete(properties);
});

describe("adding a property", () => {
  it("stores every field, in whole naira, and goes back to the list with the toast", async () => {
    const answer = await add({ ...FILLED, back: "/admin/properties?city=Lagos" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/properties?city=Lagos");
    expect(answer.cookies.join(";")).toContain("propertyAdded");
    expect(await stored(FILLED.title)).toMatchObject({
      price: 185_000_000,
      rentPeriod: null,
      propertyType: "duplex",
      beds: 4,
      toilets: 6,
      parkingSpaces: 3,
      titleDocument: "c-of-o",
      serviceCharge: 1_500_000,
      furnishing: "semi-furnished",
      featured: true,
      serviced: true,
      isNewDevelopment: false,
      status: "available",
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "property.create"));
    expect(audit?.changes).toMatchObject({ title: { before: null, after: FILLED.title } });
  });

  it("a rent is yearly unless monthly is chosen", async () => {
    await add({ ...FILLED, title: "Flat to let", purpose: "rent", price: "3500000" });
    expect((await stored("Flat to let"))?.rentPeriod).toBe("year");
    await add({
      ...FILLED,
      title: "Monthly flat",
      purpose: "rent",
      rentPeriod: "month",
      price: "300000",
    });
    expect((await stored("Monthly flat"))?.rentPeriod).toBe("month");
  });

  it("refuses a missing title, price or location with the spec's message, keeping what was typed", async () => {
    for (const missing of ["title", "price", "city"] as const) {
      const answer = await add({ ...FILLED, [missing]: "" });
      expect(answer.status, missing).toBe(400);
      expect(answer.body.error?.message).toBe("Please fill in all required fields");
      expect(answer.body.fields?.[missing]).toBeTruthy();
      expect(answer.body.values?.description).toBe(FILLED.description);
    }
    const badCount = await add({ ...FILLED, beds: "two" });
    expect(badCount.body.fields?.beds).toBe("Please enter a whole number");
    const badPrice = await add({ ...FILLED, price: "12.5m" });
    expect(badPrice.body.fields?.price).toBe("Please enter the price in whole naira");
    expect(await db.select().from(properties)).toEqual([]);
  });
});

describe("editing and deleting", () => {
  it("saves changes and logs only the changed fields", async () => {
    await add(FILLED);
    const id = (await stored(FILLED.title))?.id ?? "";
    const loaded = await callLoader<{ property: { title: string } }>(
      editLoader,
      `/admin/properties/${id}`,
      { cookie: admin.cookie, params: { id } },
    );
    expect(loaded.body.property.title).toBe(FILLED.title);
    const answer = await edit(id, { ...FILLED, price: "175000000" });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join(";")).toContain("propertyUpdated");
    expect((await stored(FILLED.title))?.price).toBe(175_000_000);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "property.update"));
    expect(audit?.changes).toEqual({ price: { before: 185_000_000, after: 175_000_000 } });
  });

  it("asks before deleting, then the page is gone from the site and the listing waits in the trash", async () => {
    const id = await createProperty("Doomed house");
    const asked = await edit(id, { intent: "delete" });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      confirm: { question: "Are you sure you want to delete this property?" },
    });
    expect(await getPropertyWithMedia(id)).toBeDefined();

    const deleted = await edit(id, { intent: "delete", confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.cookies.join(";")).toContain("propertyDeleted");
    expect(await getPropertyWithMedia(id)).toBeUndefined();
    expect((await list()).body.total).toBe(0);
    const trash = await list("?view=trash");
    expect(trash.body.rows.map((r) => r.title)).toEqual(["Doomed house"]);

    const restored = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "restore", id, back: "/admin/properties?view=trash" },
    });
    expect(restored.location).toBe("/admin/properties?view=trash");
    expect(await getPropertyWithMedia(id)).toBeDefined();
  });

  it("purges listings trashed longer than the trash keeps them", async () => {
    const old = await createProperty("Old trash");
    const recent = await createProperty("Recent trash");
    const now = Date.now();
    await db
      .update(properties)
      .set({ deletedAt: new Date(now - (TRASH_DAYS + 1) * 86_400_000) })
      .where(eq(properties.id, old));
    await db
      .update(properties)
      .set({ deletedAt: new Date(now - 86_400_000) })
      .where(eq(properties.id, recent));
    // Opening the trash shows only what can be restored, and deletes nothing itself.
    const trash = await list("?view=trash");
    expect(trash.body.rows.map((r) => r.title)).toEqual(["Recent trash"]);
    const before = await db.select({ title: properties.title }).from(properties);
    expect(before.map((r) => r.title).sort()).toEqual(["Old trash", "Recent trash"]);

    await purgeTrash();
    const left = await db.select({ title: properties.title }).from(properties);
    expect(left.map((r) => r.title)).toEqual(["Recent trash"]);
  });

  it("an unknown or trashed listing is a 404", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await edit(missing, FILLED)).status).toBe(404);
    const id = await createProperty("Trashed");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    expect((await edit(id, FILLED)).status).toBe(404);
  });
});

describe("the list", () => {
  it("searches title or location and filters purpose, city, featured and status in SQL", async () => {
    await add(FILLED);
    await add({
      ...FILLED,
      title: "Abuja office",
      city: "Abuja",
      purpose: "rent",
      featured: "",
      propertyType: "office",
      category: "commercial",
    });
    await add({ ...FILLED, title: "Sold bungalow", status: "sold", propertyType: "bungalow" });
    expect((await list()).body.total).toBe(3);
    expect((await list("?q=admiralty")).body.total).toBe(3);
    expect((await list("?q=ABUJA")).body.rows.map((r) => r.title)).toEqual(["Abuja office"]);
    expect((await list("?purpose=rent")).body.total).toBe(1);
    expect((await list("?featured=no")).body.rows.map((r) => r.title)).toEqual(["Abuja office"]);
    expect((await list("?status=sold")).body.rows.map((r) => r.title)).toEqual(["Sold bungalow"]);
    expect((await list("?type=office&city=Abuja")).body.total).toBe(1);
    expect((await list("?sort=title&dir=asc")).body.rows.map((r) => r.title)[0]).toBe(
      "4 Bedroom Duplex in Lekki",
    );
  });

  it("changes several listings at once, with one audit row; nothing selected is refused", async () => {
    const a = await createProperty("Bulk A");
    const b = await createProperty("Bulk B");
    const answer = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: {
        intent: "bulk",
        bulkAction: "sold",
        ids: [a, b],
        back: "/admin/properties",
        confirmed: "yes",
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      ok: true,
      bulkDone: { message: "2 listings marked sold" },
    });
    expect((await stored("Bulk A"))?.status).toBe("sold");
    expect((await stored("Bulk B"))?.status).toBe("sold");
    const audit = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "property.bulk"));
    expect(audit.at(-1)?.changes).toMatchObject({ ids: { after: expect.arrayContaining([a, b]) } });

    const none = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "feature", confirmed: "yes" },
    });
    expect(none.status).toBe(400);
    const bogus = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "explode", ids: [a], confirmed: "yes" },
    });
    expect(bogus.status).toBe(400);
    // The select's "Choose an action" posts nothing to do.
    const unchosen = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "", ids: [a], confirmed: "yes" },
    });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.error?.message).toBe("Please choose what to do.");
  });

  it("asks with the count before moving listings to the trash, reports the plural, and Undo restores exactly those", async () => {
    const ids = await Promise.all(["T1", "T2", "T3"].map((title) => createProperty(title)));
    const earlier = await createProperty("Trashed earlier");
    await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "delete", ids: [earlier], confirmed: "yes" },
    });
    const kept = await createProperty("Kept");

    const asked = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: {
        intent: "bulk",
        bulkAction: "delete",
        ids,
        back: "/admin/properties",
      },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      bulkConfirm: { question: "Move 3 listings to the trash?", action: "delete" },
    });
    expect((await list()).body.total).toBe(4);

    const done = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "delete", ids, confirmed: "yes" },
    });
    const report = (done.body as unknown as { bulkDone: { message: string; undoIds: string[] } })
      .bulkDone;
    expect(report.message).toBe("3 listings moved to the trash");
    expect([...report.undoIds].sort()).toEqual([...ids].sort());
    expect((await list()).body.rows.map((r) => r.title)).toEqual(["Kept"]);
    expect((await list("?view=trash")).body.total).toBe(4);

    // Undo posts the ids it was given back: those three return, the earlier one stays trashed.
    const undone = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: {
        intent: "bulk",
        bulkAction: "restore",
        ids: report.undoIds,
        confirmed: "yes",
      },
    });
    expect(undone.body).toMatchObject({
      bulkDone: { message: "3 listings restored", undoIds: [] },
    });
    expect((await list()).body.rows.map((r) => r.title).sort()).toEqual(["Kept", "T1", "T2", "T3"]);
    expect((await list("?view=trash")).body.rows.map((r) => r.title)).toEqual(["Trashed earlier"]);

    // One listing reads in the singular.
    const one = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: { intent: "bulk", bulkAction: "feature", ids: [kept] },
    });
    expect(one.body).toMatchObject({ bulkConfirm: { question: "Mark 1 listing featured?" } });
    const featured = await callAction<FormFailure>(listAction, "/admin/properties", {
      cookie: admin.cookie,
      form: {
        intent: "bulk",
        bulkAction: "feature",
        ids: [kept],
        confirmed: "yes",
      },
    });
    expect(featured.body).toMatchObject({ bulkDone: { message: "1 listing marked featured" } });
  });
});

describe("the CSV export and template", () => {
  it("exports the filtered listings with a BOM, every field, and no formula cells", async () => {
    await add({ ...FILLED, title: '=HYPERLINK("http://evil.example")', city: "Abuja" });
    await add({ ...FILLED, title: "Lagos duplex, with pool" });
    const response = (await exportLoader(
      routeArgs("/admin/properties/export.csv?city=Lagos", { cookie: admin.cookie }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="properties-/,
    );
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // text() drops the byte-order mark, as spreadsheets do.
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^id,reference_code,title,purpose,price,rent_period,property_type,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Lagos duplex, with pool",sale,185000000,');
    // The move-in items (rentals only) are empty on a sale.
    expect(lines[1]).toContain("c-of-o,1500000,,,,,,,,,semi-furnished,yes,yes");

    const all = await (
      (await exportLoader(
        routeArgs("/admin/properties/export.csv", { cookie: admin.cookie }),
      )) as Response
    ).text();
    expect(all).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });

  it("offers a template with the same columns and an example row", async () => {
    const response = (await templateLoader(
      routeArgs("/admin/properties/template.csv", { cookie: admin.cookie }),
    )) as Response;
    const [header, example] = (await response.text()).trimEnd().split("\r\n");
    // id, the 29 listing columns and the agent's e-mail (empty in the example: the office).
    expect(header?.split(",")).toHaveLength(31);
    expect(header?.split(",").at(-1)).toBe("agent");
    expect(example).toContain("3 Bedroom Flat in Yaba,rent,3500000,year,apartment");
    // Its move-in items: service charge, agency 10%, legal 10%, caution ₦350,000, 12 months.
    expect(example).toContain(",450000,,,10,,10,350000,,12,semi-furnished,");
  });
});
