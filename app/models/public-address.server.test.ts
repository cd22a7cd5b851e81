import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, properties } from "~/db/schema";
import { publicAddressOf } from "~/lib/public-address";
import { propertyInput } from "../../tests/setup/property-input";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { getAppointmentForMail } from "./appointment.server";
import { getPropertyWithMedia, listingSummaryColumns } from "./property.server";
import { publicAddressSql } from "./public-address.server";

// Issue 46, item 5: the site shows a listing's area until the office shows the full address;
// the customer gets the full address with the confirmed viewing.

await setupTestDatabase();

const CASES = [
  { address: "12 Admiralty Way, Lekki Phase 1", area: "", addressPublic: false },
  { address: "12 Admiralty Way, Lekki Phase 1", area: "", addressPublic: true },
  { address: "Plot 4, Block B, Banana Island Road,  Ikoyi ", area: "", addressPublic: false },
  { address: "7 Glover Road", area: "", addressPublic: false },
  { address: "7 Glover Road", area: "  Ikoyi, near Falomo  ", addressPublic: false },
  { address: "", area: "", addressPublic: false },
  { address: "Flat 2, 5 Ade Street,", area: "", addressPublic: false },
];

describe("the address the site shows", () => {
  it("is the area unless the office shows the address, in SQL as in TypeScript", async () => {
    expect(CASES.map(publicAddressOf)).toEqual([
      "Lekki Phase 1",
      "12 Admiralty Way, Lekki Phase 1",
      "Ikoyi",
      "",
      "Ikoyi, near Falomo",
      "",
      "",
    ]);
    const rows = await db
      .insert(properties)
      .values(CASES.map((parts, i) => ({ ...propertyInput({ title: `Case ${i}` }), ...parts })))
      .returning({ id: properties.id, title: properties.title });
    const shown = await db
      .select({ title: properties.title, address: publicAddressSql })
      .from(properties)
      .where(
        inArray(
          properties.id,
          rows.map((row) => row.id),
        ),
      );
    const byTitle = new Map(shown.map((row) => [row.title, row.address]));
    // The SQL trims the area it derives; a typed area is shown as typed, less its spaces.
    expect(CASES.map((_, i) => byTitle.get(`Case ${i}`)?.trim())).toEqual(
      CASES.map(publicAddressOf),
    );
  });

  it("is what a card and the property page carry; the street is nowhere in them", async () => {
    const [row] = await db
      .insert(properties)
      .values({
        ...propertyInput({ title: "Owner's flat in Lekki" }),
        address: "12 Admiralty Way, Lekki Phase 1",
      })
      .returning({ id: properties.id });
    const id = row?.id ?? "";
    const page = await getPropertyWithMedia(id);
    expect(page?.address).toBe("Lekki Phase 1");
    expect(JSON.stringify(page)).not.toContain("Admiralty");
    const [card] = await db
      .select(listingSummaryColumns)
      .from(properties)
      .where(eq(properties.id, id));
    expect(card?.address).toBe("Lekki Phase 1");
  });

  it("comes in full with the confirmed viewing, not before", async () => {
    const [row] = await db
      .insert(properties)
      .values({
        ...propertyInput({ title: "Flat to view" }),
        address: "3 Bourdillon Road, Ikoyi",
      })
      .returning({ id: properties.id });
    const [booking] = await db
      .insert(appointments)
      .values({
        fullName: "Ada Viewer",
        email: "ada@viewer.test",
        phone: "0803 000 1111",
        appointmentDate: "2030-01-07",
        appointmentTime: "10:00 AM",
        propertyId: row?.id,
      })
      .returning({ id: appointments.id });
    const id = booking?.id ?? "";
    expect((await getAppointmentForMail(id))?.propertyAddress).toBeNull();
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, id));
    expect((await getAppointmentForMail(id))?.propertyAddress).toBe("3 Bourdillon Road, Ikoyi");
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, id));
    expect((await getAppointmentForMail(id))?.propertyAddress).toBeNull();
  });
});
