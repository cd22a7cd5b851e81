import { desc, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, inquiries, leadEvents, leads, properties } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import type { LeadStatus } from "~/lib/lead-inbox";

// The demo's lead inbox (issue 47 item 1): a lead for each demo inquiry (complaints aside) and
// viewing, given to the listing's agent, worked to different points (new, called with a
// follow-up today or overdue, an offer, won, lost with its reason, a note), so an agent signing
// in on `npm start` has a day's calls waiting. Written once, after the agents got their listings.

type Worked = {
  status: LeadStatus;
  followUpInDays: number | null;
  lostReason?: string;
  note?: string;
};

/** How far each lead was worked, in turn (newest lead first). */
const WORKED: readonly Worked[] = [
  { status: "new", followUpInDays: null },
  { status: "contacted", followUpInDays: 0, note: "Wants a viewing on Saturday morning." },
  { status: "viewing_booked", followUpInDays: -1, note: "Viewing done; call back for feedback." },
  { status: "offer_made", followUpInDays: 2, note: "Offered ₦3.2m a year; landlord to reply." },
  { status: "won", followUpInDays: null },
  { status: "lost", followUpInDays: null, lostReason: "Took a flat closer to work" },
];

/** Demo phone numbers for people who left none (the 0803 555 01xx range). */
function demoPhone(i: number) {
  return `0803 555 01${String(i % 100).padStart(2, "0")}`;
}

export async function seedDemoInbox(now = new Date()) {
  const today = lagosToday(now);
  await db.transaction(async (tx) => {
    const asked = await tx
      .select({
        id: inquiries.id,
        name: inquiries.name,
        phone: inquiries.phone,
        email: inquiries.email,
        propertyId: inquiries.propertyId,
        agentId: properties.agentId,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .leftJoin(properties, eq(properties.id, inquiries.propertyId))
      .where(ne(inquiries.source, "complaint"))
      .orderBy(desc(inquiries.createdAt));
    const booked = await tx
      .select({
        id: appointments.id,
        name: appointments.fullName,
        phone: appointments.phone,
        email: appointments.email,
        propertyId: appointments.propertyId,
        agentId: properties.agentId,
        ownAgent: appointments.agentId,
        createdAt: appointments.createdAt,
      })
      .from(appointments)
      .leftJoin(properties, eq(properties.id, appointments.propertyId))
      .orderBy(desc(appointments.createdAt));
    const rows = [
      ...asked.map((row) => ({ ...row, source: "inquiry" as const, inquiryId: row.id })),
      ...booked.map(({ ownAgent, ...row }) => ({
        ...row,
        agentId: row.agentId ?? ownAgent,
        source: "booking" as const,
        appointmentId: row.id,
      })),
    ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    for (const [i, row] of rows.entries()) {
      const worked = WORKED[i % WORKED.length] ?? { status: "new", followUpInDays: null };
      const [lead] = await tx
        .insert(leads)
        .values({
          source: row.source,
          inquiryId: "inquiryId" in row ? row.inquiryId : undefined,
          appointmentId: "appointmentId" in row ? row.appointmentId : undefined,
          name: row.name ?? "",
          phone: row.phone || demoPhone(i),
          email: row.email,
          propertyId: row.propertyId,
          ownerId: row.agentId,
          status: worked.status,
          lostReason: worked.lostReason ?? null,
          nextFollowUp:
            worked.followUpInDays === null ? null : addDays(today, worked.followUpInDays),
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: leads.id });
      if (lead && worked.note) {
        await tx.insert(leadEvents).values({
          leadId: lead.id,
          actorUserId: row.agentId,
          kind: "note",
          body: worked.note,
          createdAt: row.createdAt,
        });
      }
    }
  });
}
