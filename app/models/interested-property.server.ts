import { and, desc, eq, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, properties } from "~/db/schema";
import type { PropertyCardData } from "./property.server";
import { ON_SITE, propertyCardColumns } from "./property.server";

// "Interested" on the customer dashboard: the properties the user booked a viewing of, each
// once, the most recently booked first.

export async function listInterestedProperties(userId: string): Promise<PropertyCardData[]> {
  const lastBooked = max(appointments.createdAt);
  return db
    .select(propertyCardColumns)
    .from(appointments)
    .innerJoin(properties, eq(properties.id, appointments.propertyId))
    .where(and(ON_SITE, eq(appointments.userId, userId)))
    .groupBy(properties.id)
    .orderBy(desc(lastBooked), desc(properties.id));
}
