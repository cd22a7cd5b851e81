import { and, eq, isNull } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { properties } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import type { PropertyInput } from "~/lib/schemas/property";
import type { TitleCheckInput } from "~/lib/schemas/title-check";
import { insertPhotos, type NewPhoto } from "./admin-property-photos.server";
import { ownListings } from "./admin-property-scope.server";
import { LISTING_FIELD_WRITES, listingFormFields } from "./admin-property-version.server";
import { isActiveAgent } from "./listing-agent.server";
import { isStale, type Stale, staleOutcome } from "./record-version.server";

// A listing's fields, written by staff: the new-listing form and the edit form, through
// auditedWrite (property.create, property.update). An agent edits only their own listings and
// neither features them nor chooses their agent.

/** The stored fields of a form's input (the audit log compares these). */
export function columnsOf(input: PropertyInput) {
  return {
    title: input.title,
    purpose: input.purpose,
    price: input.price,
    rentPeriod: input.rentPeriod,
    propertyType: input.propertyType,
    category: input.category,
    isNewDevelopment: input.isNewDevelopment,
    city: input.city,
    address: input.address,
    area: input.area,
    addressPublic: input.addressPublic,
    description: input.description,
    beds: input.beds,
    baths: input.baths,
    toilets: input.toilets,
    parkingSpaces: input.parkingSpaces,
    sqft: input.sqft,
    featured: input.featured,
    status: input.status,
    titleDocument: input.titleDocument,
    serviceCharge: input.serviceCharge,
    serviceChargePercent: input.serviceChargePercent,
    agencyFee: input.agencyFee,
    agencyFeePercent: input.agencyFeePercent,
    legalFee: input.legalFee,
    legalFeePercent: input.legalFeePercent,
    cautionDeposit: input.cautionDeposit,
    cautionDepositPercent: input.cautionDepositPercent,
    rentAdvanceMonths: input.rentAdvanceMonths,
    furnishing: input.furnishing,
    serviced: input.serviced,
  } satisfies Partial<typeof properties.$inferInsert>;
}

/** Stores a new listing and its photos (already accepted and stored) in one transaction. */
export async function createPropertyByAdmin(
  actor: AdminActor,
  input: PropertyInput,
  photos: readonly NewPhoto[] = [],
  {
    agentId = null,
    titleCheck,
  }: {
    agentId?: string | null;
    /** The office's title check (issue 46): written when given; only an admin adds a listing. */
    titleCheck?: TitleCheckInput;
  } = {},
) {
  const values = { ...columnsOf(input), ...titleCheck, agentId };
  return auditedWrite<{ ok: true; id: string } | { ok: false; reason: "agent" }>(
    actor,
    "property.create",
    async (tx) => {
      // The listing's agent must be an active agent account (a refusal writes nothing).
      if (agentId && !(await isActiveAgent(tx, agentId))) {
        return { result: { ok: false, reason: "agent" } };
      }
      const [row] = await tx.insert(properties).values(values).returning({ id: properties.id });
      if (!row) throw new Error("property insert returned nothing");
      await insertPhotos(tx, row.id, photos);
      return {
        result: { ok: true as const, id: row.id },
        audit: {
          entityId: row.id,
          before: null,
          after: photos.length ? { ...values, photos: photos.map((p) => p.url) } : values,
        },
      };
    },
  );
}

/**
 * Saves the edit form. `expectedVersion`: the version the form was opened at; when the listing's
 * fields have changed since, nothing is written and the answer says who changed them.
 */
export async function updatePropertyByAdmin(
  actor: AdminActor,
  id: string,
  input: PropertyInput,
  expectedVersion?: string,
  {
    agentId,
    titleCheck,
  }: {
    /** An admin's choice of agent (undefined: unchanged; null: the office). */
    agentId?: string | null;
    /** The office's title check (issue 46; undefined: unchanged). */
    titleCheck?: TitleCheckInput;
  } = {},
) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  const values: Partial<typeof properties.$inferInsert> = columnsOf(input);
  // Vouching for a title is the office's call: an agent's save keeps the stored check.
  if (titleCheck && actor.role !== "agent") Object.assign(values, titleCheck);
  return auditedWrite<
    { ok: true; id: string } | { ok: false; reason: "not-found" | "agent" } | Stale
  >(actor, "property.update", async (tx) => {
    const [before] = await tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), isNull(properties.deletedAt), ownListings(actor)))
      .for("update");
    if (!before) return { result: { ok: false, reason: "not-found" } };
    if (isStale(expectedVersion, listingFormFields(before)))
      return { result: await staleOutcome(tx, "property", id, LISTING_FIELD_WRITES) };
    // Featuring a listing on the home page, and choosing its agent, are the office's calls.
    if (actor.role === "agent") values.featured = before.featured;
    else if (agentId !== undefined && agentId !== before.agentId) {
      if (agentId && !(await isActiveAgent(tx, agentId))) {
        return { result: { ok: false, reason: "agent" } };
      }
      values.agentId = agentId;
    }
    await tx
      .update(properties)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(properties.id, id));
    return {
      result: { ok: true, id },
      audit: { entityId: id, before: pick(before, values), after: values },
    };
  });
}

/** The same keys of `row` as `like` has, to compare before and after. */
function pick(row: Record<string, unknown>, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((key) => [key, row[key]]));
}
