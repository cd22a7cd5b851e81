import { and, asc, eq, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  properties,
  propertyDailyViews,
  propertyMedia,
  propertySubmissions,
  submissionEvents,
  submissionMessages,
  submissionPhotos,
  users,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import type { SubmissionValues } from "~/lib/schemas/submission";
import type { SubmissionStatus } from "~/lib/submissions";

// The demo owner (issue 20): a landlord whose first listing is live (the oldest demo listing,
// with twelve weeks of views and the demo bookings on it), a flat waiting for review and a shop
// the office sent back with changes requested, with the owner's reply and the office's answer on its
// thread (issue 47). Written once, with the demo accounts, in one transaction. The waiting flat's
// photos include one of another live listing's (issue 46: the office's screens flag it as a
// copied photo once the fingerprint job has read them).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The waiting one and the one sent back, as the owner typed them. */
export const DEMO_OWNER_SUBMISSIONS: {
  status: SubmissionStatus;
  values: SubmissionValues;
  message?: string;
  /** The thread with the office since (issue 47), oldest first. */
  thread?: { fromOffice: boolean; hoursAgo: number; body: string }[];
}[] = [
  {
    status: "submitted",
    values: {
      title: "Three-bedroom flat in Gwarinpa",
      purpose: "rent",
      price: "3500000",
      rentPeriod: "year",
      propertyType: "apartment",
      category: "residential",
      city: "Abuja",
      address: "23 Road, 6th Avenue, Gwarinpa",
      beds: "3",
      baths: "3",
      toilets: "4",
      parkingSpaces: "2",
      titleDocument: "c-of-o",
      serviceCharge: "300000",
      furnishing: "unfurnished",
      description:
        "Second floor of a quiet block of six, with borehole water and a standby generator.",
      availableFrom: "2027-01-01",
      contactMethod: "whatsapp",
      contactPhone: "0803 555 0101",
    },
  },
  {
    status: "changes_requested",
    values: {
      title: "Shop on Ogui Road",
      purpose: "rent",
      price: "1200000",
      rentPeriod: "year",
      propertyType: "shop",
      category: "commercial",
      city: "Enugu",
      address: "Ogui Road",
      description: "Ground-floor shop facing the road.",
      contactMethod: "phone",
      contactPhone: "0803 555 0101",
    },
    message:
      "Please add the shop's number on Ogui Road and a photo of the frontage, and say whether the rent includes the service charge.",
    thread: [
      {
        fromOffice: false,
        hoursAgo: 20,
        body: "It is No. 41 Ogui Road, opposite the filling station. The rent does not include the service charge (₦150,000 a year). I will send the frontage photo on Saturday.",
      },
      {
        fromOffice: true,
        hoursAgo: 18,
        body: "Thank you. Add the number and the service charge in the form, then send it again with the photo; we will publish it the same day.",
      },
    ],
  },
];

export async function seedDemoOwner(input: { ownerId: string; adminId: string; now?: Date }) {
  const now = input.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const { ownerId, adminId } = input;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ role: "owner" }).where(eq(users.id, ownerId));
    const [listing] = await tx
      .select()
      .from(properties)
      .orderBy(asc(properties.createdAt), asc(properties.id))
      .limit(1);
    if (listing) {
      await tx.update(properties).set({ ownerId }).where(eq(properties.id, listing.id));
      const photos = await tx
        .select({ url: propertyMedia.mediaUrl })
        .from(propertyMedia)
        .where(eq(propertyMedia.propertyId, listing.id))
        .orderBy(asc(propertyMedia.sortOrder));
      const [approved] = await tx
        .insert(propertySubmissions)
        .values({
          ownerId,
          status: "approved",
          propertyId: listing.id,
          title: listing.title,
          city: listing.city,
          values: { title: listing.title, city: listing.city, contactMethod: "phone" },
          submittedAt: ago(80),
          reviewedAt: ago(78),
          reviewedBy: adminId,
          createdAt: ago(81),
          updatedAt: ago(78),
        })
        .returning({ id: propertySubmissions.id });
      if (!approved) throw new Error("demo submission insert returned nothing");
      if (photos.length) {
        await tx.insert(submissionPhotos).values(
          photos.map((photo, i) => ({
            submissionId: approved.id,
            mediaUrl: photo.url,
            sortOrder: i,
          })),
        );
      }
      await tx.insert(submissionEvents).values([
        {
          submissionId: approved.id,
          actorUserId: ownerId,
          toStatus: "submitted",
          createdAt: ago(80),
        },
        {
          submissionId: approved.id,
          actorUserId: adminId,
          fromStatus: "submitted",
          toStatus: "approved",
          createdAt: ago(78),
        },
      ]);
      // Twelve weeks of views, growing as the listing got known, busier at weekends.
      const today = lagosToday(now);
      await tx
        .insert(propertyDailyViews)
        .values(
          Array.from({ length: 84 }, (_, i) => {
            const day = addDays(today, -i);
            const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
            const views = Math.max(
              0,
              14 - Math.floor(i / 7) + (weekday === 6 || weekday === 0 ? 4 : 0) - (i % 3),
            );
            return { propertyId: listing.id, day, views };
          }),
        )
        .onConflictDoNothing();
    }
    for (const [i, demo] of DEMO_OWNER_SUBMISSIONS.entries()) {
      const sent = ago(6 - i * 3);
      const [row] = await tx
        .insert(propertySubmissions)
        .values({
          ownerId,
          status: demo.status,
          title: demo.values.title ?? "",
          city: demo.values.city ?? "",
          values: demo.values,
          reviewMessage: demo.message ?? null,
          submittedAt: sent,
          reviewedAt: demo.message ? ago(1) : null,
          reviewedBy: demo.message ? adminId : null,
          createdAt: sent,
          updatedAt: demo.message ? ago(1) : sent,
        })
        .returning({ id: propertySubmissions.id });
      if (!row) throw new Error("demo submission insert returned nothing");
      if (demo.status === "submitted") {
        // A photo of another live apartment, as an owner who found it online might send it.
        const [copied] = await tx
          .select({ url: propertyMedia.mediaUrl })
          .from(propertyMedia)
          .innerJoin(properties, eq(properties.id, propertyMedia.propertyId))
          .where(
            and(
              eq(properties.propertyType, "apartment"),
              ne(properties.id, listing?.id ?? sql`null`),
              eq(propertyMedia.sortOrder, 1),
            ),
          )
          .orderBy(asc(properties.createdAt), asc(properties.id))
          .limit(1);
        if (copied) {
          await tx.insert(submissionPhotos).values({ submissionId: row.id, mediaUrl: copied.url });
        }
      }
      await tx.insert(submissionEvents).values([
        { submissionId: row.id, actorUserId: ownerId, toStatus: "submitted", createdAt: sent },
        ...(demo.message
          ? [
              {
                submissionId: row.id,
                actorUserId: adminId,
                fromStatus: "submitted" as const,
                toStatus: demo.status,
                note: demo.message,
                createdAt: ago(1),
              },
            ]
          : []),
      ]);
      if (demo.thread?.length) {
        await tx.insert(submissionMessages).values(
          demo.thread.map((message) => ({
            submissionId: row.id,
            authorId: message.fromOffice ? adminId : ownerId,
            fromOffice: message.fromOffice,
            body: message.body,
            createdAt: new Date(now.getTime() - message.hoursAgo * 3_600_000),
          })),
        );
      }
    }
  });
}
