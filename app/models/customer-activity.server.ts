import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, favorites, inquiries } from "~/db/schema";

// The dashboard overview's three figures. One statement, not three: on the embedded database
// every query is a round of parsing and planning on the one thread that also renders the page
// (issue 19 item 3), and these three are asked together on every visit of /dashboard.

export type CustomerActivity = { saved: number; appointments: number; inquiries: number };

/**
 * How many properties the customer saved, appointments they booked signed in (or claimed), and
 * inquiries they sent signed in (complaints, contact messages, service inquiries).
 */
export async function countCustomerActivity(userId: string): Promise<CustomerActivity> {
  const result = await db.execute<CustomerActivity>(sql`select
    (select count(*)::int from ${favorites} where ${favorites.userId} = ${userId}) as saved,
    (select count(*)::int from ${appointments} where ${appointments.userId} = ${userId}) as appointments,
    (select count(*)::int from ${inquiries} where ${inquiries.userId} = ${userId}) as inquiries`);
  const row = result.rows[0];
  return {
    saved: Number(row?.saved ?? 0),
    appointments: Number(row?.appointments ?? 0),
    inquiries: Number(row?.inquiries ?? 0),
  };
}
