import { and, asc, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appointments,
  inquiries,
  properties,
  propertyDailyLeads,
  propertyDailyViews,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import type { LeadSource } from "~/lib/leads";
import { listingInquirySubject } from "~/lib/schemas/inquiry";

// Twelve weeks of lead history for the demo (issue 21 item 4), so the Leads dashboard, the
// listings' edit screens and the owner's My Listings show something real on first start. Every
// live listing gets daily views (the demo owner's, already written, are kept) and WhatsApp and
// phone clicks a few in a hundred of them; the demo viewings of a listing are its booking leads
// on the day they were booked; and a few visitors' questions about listings are stored as
// inquiries, each an inquiry lead that day. Written once, after the agents got their listings,
// in one transaction.

const DAYS = 84;

/** Visitors' questions about listings: which listing (by age), how many days ago, who. */
export const DEMO_LISTING_INQUIRIES = [
  { listing: 0, daysAgo: 1, name: "Kelechi Nwosu", email: "kelechi.nwosu@example.com" },
  { listing: 1, daysAgo: 4, name: "Funmi Adebayo", email: "funmi.adebayo@example.com" },
  { listing: 2, daysAgo: 9, name: "Musa Danjuma", email: "musa.danjuma@example.com" },
  { listing: 4, daysAgo: 15, name: "Grace Okon", email: "grace.okon@example.com" },
  { listing: 1, daysAgo: 30, name: "Emeka Obi", email: "emeka.obi@example.com" },
] as const;

type LeadRow = { propertyId: string; day: string; source: LeadSource; leads: number };

export async function seedDemoLeads(now = new Date()) {
  const today = lagosToday(now);
  await db.transaction(async (tx) => {
    const listings = await tx
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .where(isNull(properties.deletedAt))
      .orderBy(asc(properties.createdAt), asc(properties.id));
    const leads = new Map<string, LeadRow>();
    const add = (propertyId: string, day: string, source: LeadSource, n: number) => {
      if (n <= 0) return;
      const key = `${propertyId}|${day}|${source}`;
      const row = leads.get(key) ?? { propertyId, day, source, leads: 0 };
      row.leads += n;
      leads.set(key, row);
    };

    const views: { propertyId: string; day: string; views: number }[] = [];
    for (const [i, listing] of listings.entries()) {
      // Some listings draw more than others; all grew as they got known, busier at weekends.
      const base = 6 + ((i * 7) % 11);
      for (let d = 0; d < DAYS; d += 1) {
        const day = addDays(today, -d);
        const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
        const weekend = weekday === 6 || weekday === 0;
        const seen = Math.max(0, base - Math.floor(d / 14) + (weekend ? 3 : 0) - ((d + i) % 3));
        views.push({ propertyId: listing.id, day, views: seen });
        // Clicks: a few in a hundred views, never more than the views.
        add(
          listing.id,
          day,
          "whatsapp",
          Math.min(seen, Math.floor(seen / 12) + ((d + i) % 4 === 0 ? 1 : 0)),
        );
        add(listing.id, day, "phone", Math.min(seen, (d + 2 * i) % 6 === 0 ? 1 : 0));
      }
    }
    if (views.length) await tx.insert(propertyDailyViews).values(views).onConflictDoNothing();

    // The demo viewings of a listing: booking leads on the day they were booked.
    const booked = await tx
      .select({ propertyId: appointments.propertyId, createdAt: appointments.createdAt })
      .from(appointments)
      .where(and(isNotNull(appointments.propertyId)));
    for (const booking of booked) {
      const day = lagosToday(booking.createdAt);
      if (booking.propertyId && day > addDays(today, -DAYS))
        add(booking.propertyId, day, "booking", 1);
    }

    // Visitors' questions about listings, each an inquiry lead that day.
    for (const demo of DEMO_LISTING_INQUIRIES) {
      const listing = listings[demo.listing];
      if (!listing) continue;
      const at = new Date(now.getTime() - demo.daysAgo * 24 * 60 * 60 * 1000);
      await tx.insert(inquiries).values({
        source: "contact",
        name: demo.name,
        email: demo.email,
        subject: listingInquirySubject(listing.title),
        description: `Hello, is "${listing.title}" still available? I would like to know more before booking a viewing.`,
        propertyId: listing.id,
        status: "pending",
        createdAt: at,
        updatedAt: at,
      });
      add(listing.id, lagosToday(at), "inquiry", 1);
    }

    const rows = [...leads.values()];
    for (let start = 0; start < rows.length; start += 500) {
      await tx
        .insert(propertyDailyLeads)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing();
    }
  });
}
