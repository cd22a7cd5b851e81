import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appointmentEvents,
  appointments,
  favorites,
  inquiries,
  properties,
  propertyViews,
} from "~/db/schema";
import { addDays, isSlotOffered, lagosToday, type TimeSlot } from "~/lib/appointment-rules";
import { newViewingCode } from "~/models/viewing-code.server";

// What a new installation's demo customer has already done, so the dashboard and the admin
// screens show something real on first start: bookings in every state with their history,
// complaints (one answered), favourites, recently viewed listings, plus visitors' bookings and
// messages. Written once, with the demo accounts, in one transaction.

type Status = "pending" | "confirmed" | "cancelled" | "completed";

/**
 * `time` on the day `days` from today in Lagos, moved (further from today) to a day whose posted
 * hours hold that slot: never a Sunday, and a Saturday only for its slots before 2 PM.
 */
function slotAt(today: string, days: number, time: TimeSlot): { date: string; time: TimeSlot } {
  let date = addDays(today, days);
  while (!isSlotOffered(date, time)) date = addDays(date, days < 0 ? -1 : 1);
  return { date, time };
}

const HOUR_MS = 60 * 60 * 1000;

export type DemoBooking = {
  listing: number | null;
  date: string;
  time: TimeSlot;
  purpose: "buy" | "sell" | "rent" | "general";
  /** Status changes after booking, with who made them and how long ago (days). */
  path: { to: Status; by: "admin" | "customer"; daysAgo: number }[];
  bookedDaysAgo: number;
  guest?: { name: string; email: string; phone: string };
  message?: string;
};

/**
 * The demo bookings, booked and moved on over the last month: the demo customer's (no `guest`)
 * in every state, and visitors'. Exported so the end-to-end tests count what the seed wrote.
 */
export function demoBookings(today: string): DemoBooking[] {
  return [
    {
      listing: 0,
      ...slotAt(today, 5, "11:00 AM"),
      purpose: "rent",
      bookedDaysAgo: 1,
      path: [],
      message: "I would like to see the kitchen and the parking space.",
    },
    {
      listing: 1,
      ...slotAt(today, 9, "02:00 PM"),
      purpose: "buy",
      bookedDaysAgo: 3,
      path: [{ to: "confirmed", by: "admin", daysAgo: 2 }],
    },
    {
      listing: 2,
      ...slotAt(today, -20, "10:00 AM"),
      purpose: "buy",
      bookedDaysAgo: 30,
      path: [
        { to: "confirmed", by: "admin", daysAgo: 28 },
        { to: "completed", by: "admin", daysAgo: 20 },
      ],
    },
    {
      listing: null,
      ...slotAt(today, -12, "03:00 PM"),
      purpose: "general",
      bookedDaysAgo: 16,
      path: [{ to: "cancelled", by: "customer", daysAgo: 14 }],
      message: "Consultation about building on my land in Lugbe.",
    },
    {
      listing: 3,
      ...slotAt(today, 2, "09:00 AM"),
      purpose: "rent",
      bookedDaysAgo: 0,
      path: [],
      guest: { name: "Aisha Bello", email: "aisha.bello@example.ng", phone: "0803 555 0142" },
    },
    {
      listing: 4,
      ...slotAt(today, 4, "12:00 PM"),
      purpose: "buy",
      bookedDaysAgo: 2,
      path: [{ to: "confirmed", by: "admin", daysAgo: 1 }],
      guest: { name: "Tunde Adeyemi", email: "tunde.adeyemi@example.ng", phone: "0812 555 0198" },
    },
    // A viewing that has happened and waits to be marked completed (Complete is offered only
    // once a viewing's start time has passed).
    {
      listing: 5,
      ...slotAt(today, -3, "11:00 AM"),
      purpose: "buy",
      bookedDaysAgo: 8,
      path: [{ to: "confirmed", by: "admin", daysAgo: 7 }],
      guest: { name: "Ngozi Okafor", email: "ngozi.okafor@example.ng", phone: "0806 555 0163" },
    },
    {
      listing: null,
      ...slotAt(today, 7, "01:00 PM"),
      purpose: "sell",
      bookedDaysAgo: 1,
      path: [],
      guest: { name: "Ifeoma Nwosu", email: "ifeoma.nwosu@example.ng", phone: "0705 555 0117" },
      message: "I want to sell a 3-bedroom flat in Gwarinpa.",
    },
  ];
}

/** A demo booking's status now: where its path ends, else still pending. */
export function demoBookingStatus(booking: DemoBooking): Status {
  return booking.path.at(-1)?.to ?? "pending";
}

/**
 * The demo inquiries: the demo customer's complaints (one answered) and visitors' messages.
 * Exported so the end-to-end tests count what the seed wrote.
 */
export function demoInquiries(input: {
  customer: { id: string; name: string; email: string };
  adminId: string;
  ago: (days: number) => Date;
}): (typeof inquiries.$inferInsert)[] {
  const { customer, adminId, ago } = input;
  return [
    {
      source: "complaint",
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      description:
        "The agent did not show up for my viewing at the Wuse 2 apartment and nobody called to explain.",
      status: "answered",
      response:
        "We are sorry. The agent was held up at another site and should have called you. We have rebooked your viewing and your agent will call you the day before.",
      respondedAt: ago(6),
      respondedBy: adminId,
      createdAt: ago(8),
      updatedAt: ago(6),
    },
    {
      source: "complaint",
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      description: "The photos of the Lekki duplex do not show the unfinished boys' quarters.",
      status: "pending",
      createdAt: ago(1),
      updatedAt: ago(1),
    },
    {
      source: "contact",
      name: "Emeka Obi",
      email: "emeka.obi@example.ng",
      phone: "0809 555 0163",
      subject: "Short-let apartments",
      description: "Do you manage short-let apartments in Victoria Island?",
      status: "pending",
      createdAt: ago(2),
      updatedAt: ago(2),
    },
    {
      source: "service",
      service: "property-management",
      name: "Halima Sani",
      email: "halima.sani@example.ng",
      phone: "0806 555 0171",
      subject: "Inquiry about Property Management",
      description:
        "I have four flats in Kaduna and need someone to collect rent and maintain them.",
      status: "pending",
      createdAt: ago(4),
      updatedAt: ago(4),
    },
  ];
}

export async function seedDemoActivity(input: {
  customer: { id: string; name: string; email: string };
  adminId: string;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const today = lagosToday(now);
  const ago = (days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);
  const { customer, adminId } = input;

  await db.transaction(async (tx) => {
    const listings = await tx
      .select({
        id: properties.id,
        title: properties.title,
        city: properties.city,
        propertyType: properties.propertyType,
        purpose: properties.purpose,
      })
      .from(properties)
      .orderBy(asc(properties.createdAt), asc(properties.id))
      .limit(12);
    const pick = (i: number) => listings[i % Math.max(listings.length, 1)];

    const bookings = demoBookings(today);

    for (const booking of bookings) {
      const listing = booking.listing === null ? undefined : pick(booking.listing);
      const person = booking.guest ?? {
        name: customer.name,
        email: customer.email,
        phone: "0803 555 0100",
      };
      const status = demoBookingStatus(booking);
      const lastChange = booking.path.at(-1)?.daysAgo ?? booking.bookedDaysAgo;
      const [row] = await tx
        .insert(appointments)
        .values({
          userId: booking.guest ? null : customer.id,
          propertyId: listing?.id ?? null,
          fullName: person.name,
          email: person.email,
          phone: person.phone,
          appointmentDate: booking.date,
          appointmentTime: booking.time,
          propertyType: listing ? capitalise(listing.propertyType) : "Land",
          propertyLocation: listing?.city ?? "Abuja",
          purpose: booking.purpose,
          message: booking.message ?? null,
          status,
          // A viewing that was confirmed has its code (issue 45); a completed one was matched.
          ...(booking.path.some((step) => step.to === "confirmed")
            ? {
                viewingCode: newViewingCode(),
                codeMatched: status === "completed" ? true : null,
              }
            : {}),
          createdAt: ago(booking.bookedDaysAgo),
          updatedAt: ago(lastChange),
        })
        .returning({ id: appointments.id });
      if (!row) throw new Error("demo appointment insert returned nothing");
      let from: Status | null = null;
      const history = [
        { to: "pending" as Status, by: "customer" as const, daysAgo: booking.bookedDaysAgo },
        ...booking.path,
      ];
      for (const step of history) {
        await tx.insert(appointmentEvents).values({
          appointmentId: row.id,
          actorUserId: step.by === "admin" ? adminId : booking.guest ? null : customer.id,
          fromStatus: from,
          toStatus: step.to,
          note: from === null ? "Booked" : null,
          createdAt: ago(step.daysAgo),
        });
        from = step.to;
      }
    }

    await tx.insert(inquiries).values(demoInquiries({ customer, adminId, ago }));

    const saved = [5, 6, 7].map(pick).filter((listing) => listing !== undefined);
    if (saved.length > 0) {
      await tx.insert(favorites).values(
        saved.map((listing, i) => ({
          userId: customer.id,
          propertyId: listing.id,
          createdAt: ago(i + 1),
        })),
      );
    }
    const viewed = [0, 1, 5, 8, 9].map(pick).filter((listing) => listing !== undefined);
    if (viewed.length > 0) {
      await tx.insert(propertyViews).values(
        viewed.map((listing, i) => ({
          userId: customer.id,
          propertyId: listing.id,
          viewedAt: new Date(now.getTime() - (i + 1) * 5 * HOUR_MS),
        })),
      );
    }
  });
}

function capitalise(value: string) {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
