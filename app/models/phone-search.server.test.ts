import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, inquiries, propertySubmissions, users } from "~/db/schema";
import { normalizePhone } from "~/lib/phone";
import { createSignedInUser } from "../../tests/setup/accounts";
import { actorFor, createSignedInAgent } from "../../tests/setup/admin";
import { guestBooking } from "../../tests/setup/appointments";
import { FLAT } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { listAppointmentsForAdmin } from "./admin-appointments.server";
import { listInquiriesForAdmin } from "./admin-inquiries.server";
import { searchAdmin } from "./admin-search.server";
import { listUsersForAdmin } from "./admin-users.server";
import { listSubmissionsForAdmin } from "./submission-review.server";

// Found by phone (issue 47, item 3): the database keeps every person's number in E.164 beside
// the number as typed (drizzle/0026), reading it exactly as normalizePhone does, and quick
// search and every list that searches people find a number in whatever spelling staff type.

await setupTestDatabase();

/** The spellings of one number staff type into a search box. */
const SPELLINGS = [
  "0803 555 1234",
  "08035551234",
  "803 555 1234",
  "803-555-1234",
  "0803.555.1234",
  "+234 803 555 1234",
  "2348035551234",
  "+234 (0) 803 555 1234",
];
/** What the numbers stored below were typed as: none of them the way the searches are. */
const STORED = "+234-803-555-1234";
const OTHER = "0805 999 0000";

const admin = actorFor(await createSignedInUser("office@example.com", "Office Admin"));
await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));

describe("naija_phone_e164 (the database's reading)", () => {
  it("reads every number exactly as normalizePhone does", async () => {
    const inputs = [
      ...SPELLINGS,
      STORED,
      "0803 555 12a4",
      "0803555",
      "8035551234",
      "5035551234",
      "01 234 5678",
      "+44 20 7946 0958",
      "0044 20 7946 0958",
      "+1 234 567 890 123 456",
      "234 0",
      "call me",
      "",
      " (0809) 876/5432 ",
    ];
    const result = await db.execute<{ input: string; e164: string | null }>(
      sql`select i as input, naija_phone_e164(i) as e164 from unnest(${sql.raw(
        `array[${inputs.map((i) => `'${i.replace(/'/g, "''")}'`).join(",")}]::text[]`,
      )}) as i`,
    );
    expect(result.rows.map((r) => [r.input, r.e164])).toEqual(
      inputs.map((i) => [i, normalizePhone(i) ?? null]),
    );
  });

  it("fills the stored form on every insert and update, whoever writes", async () => {
    const user = await createSignedInUser("ada.phone@example.com", "Ada Phone");
    await db.update(users).set({ phone: "0803 111 2222" }).where(eq(users.id, user.id));
    const [booking] = await db
      .insert(appointments)
      .values(guestBooking("g@example.com", { phone: "803.111.3333" }))
      .returning({ id: appointments.id, phoneNormalized: appointments.phoneNormalized });
    const [inquiry] = await db
      .insert(inquiries)
      .values({ source: "contact", email: "i@example.com", description: "Hi", phone: "not given" })
      .returning({ id: inquiries.id, phoneNormalized: inquiries.phoneNormalized });
    expect(booking?.phoneNormalized).toBe("+2348031113333");
    expect(inquiry?.phoneNormalized).toBeNull();
    // A write cannot store a form the number does not have.
    await db
      .update(inquiries)
      .set({ phone: "+234 803 111 4444", phoneNormalized: "+999" })
      .where(eq(inquiries.id, inquiry?.id ?? ""));
    const [account] = await db
      .select({ phoneNormalized: users.phoneNormalized })
      .from(users)
      .where(eq(users.id, user.id));
    const [updated] = await db
      .select({ phoneNormalized: inquiries.phoneNormalized })
      .from(inquiries)
      .where(eq(inquiries.id, inquiry?.id ?? ""));
    expect(account?.phoneNormalized).toBe("+2348031112222");
    expect(updated?.phoneNormalized).toBe("+2348031114444");
  });
});

// The people the searches look for: one number typed one way, stored with the others.
const person = await createSignedInUser("chidi@example.com", "Chidi Okeke");
await db.update(users).set({ phone: STORED }).where(eq(users.id, person.id));
const other = await createSignedInUser("bola@example.com", "Bola Ade");
await db.update(users).set({ phone: OTHER }).where(eq(users.id, other.id));
const agent = await createSignedInAgent("agent.phone@example.com");
await db
  .insert(appointments)
  .values([
    guestBooking("caller@example.com", { fullName: "Emeka Caller", phone: STORED }),
    guestBooking("other.caller@example.com", { fullName: "Other Caller", phone: OTHER }),
  ]);
await db.insert(inquiries).values([
  {
    source: "contact",
    name: "Ngozi Asker",
    email: "asker@example.com",
    phone: STORED,
    description: "Is it free?",
  },
  {
    source: "contact",
    name: "Other Asker",
    email: "o@example.com",
    phone: OTHER,
    description: "Hi",
  },
]);
await db.insert(propertySubmissions).values([
  {
    ownerId: other.id,
    title: "Flat with the contact's number",
    status: "submitted",
    submittedAt: new Date(),
    values: { ...FLAT, contactPhone: STORED },
  },
  {
    ownerId: person.id,
    title: "Flat of the owner with the number",
    status: "submitted",
    submittedAt: new Date(),
    values: { ...FLAT, contactPhone: OTHER },
  },
  {
    ownerId: other.id,
    title: "Flat with neither",
    status: "submitted",
    submittedAt: new Date(),
    values: { ...FLAT, contactPhone: OTHER },
  },
]);

describe("searching people by phone number", () => {
  it.each(SPELLINGS)("quick search finds the booking, inquiry and account for %j", async (q) => {
    const found = await searchAdmin(admin, q);
    expect(found.appointments.map((a) => a.fullName)).toEqual(["Emeka Caller"]);
    expect(found.inquiries.map((i) => i.name)).toEqual(["Ngozi Asker"]);
    expect(found.users.map((u) => u.email)).toEqual(["chidi@example.com"]);
  });

  it.each(SPELLINGS)("the lists find the number typed %j", async (q) => {
    const page = { direction: "desc" as const, page: 1, pageSize: 20 };
    const bookings = await listAppointmentsForAdmin(admin, { q }, { ...page, sort: "created" });
    expect(bookings.rows.map((r) => r.fullName)).toEqual(["Emeka Caller"]);
    const asked = await listInquiriesForAdmin(admin, { q }, page);
    expect(asked.rows.map((r) => r.name)).toEqual(["Ngozi Asker"]);
    const people = await listUsersForAdmin(admin, { q }, { ...page, sort: "created" });
    // The account, and the two guests who booked or wrote with that number.
    expect(people.rows.map((r) => r.email).sort()).toEqual([
      "asker@example.com",
      "caller@example.com",
      "chidi@example.com",
    ]);
    const queue = await listSubmissionsForAdmin(admin, { q, status: "all" }, page);
    expect(queue.rows.map((r) => r.title).sort()).toEqual([
      "Flat of the owner with the number",
      "Flat with the contact's number",
    ]);
  });

  it("still finds by name, and a number nobody has finds nobody", async () => {
    expect((await searchAdmin(admin, "Emeka")).appointments).toHaveLength(1);
    const nobody = await searchAdmin(admin, "0809 000 0000");
    expect([...nobody.appointments, ...nobody.inquiries, ...nobody.users]).toEqual([]);
  });

  it("an agent's list finds only their own viewings by number", async () => {
    const page = { direction: "desc" as const, page: 1, pageSize: 20, sort: "created" as const };
    expect((await listAppointmentsForAdmin(agent.actor, { q: "08035551234" }, page)).rows).toEqual(
      [],
    );
    await db
      .update(appointments)
      .set({ agentId: agent.id })
      .where(eq(appointments.email, "caller@example.com"));
    const own = await listAppointmentsForAdmin(agent.actor, { q: "08035551234" }, page);
    expect(own.rows.map((r) => r.fullName)).toEqual(["Emeka Caller"]);
  });
});
