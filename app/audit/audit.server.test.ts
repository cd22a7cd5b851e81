import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contentGeneration } from "~/cache/content-generation.server";
import { db } from "~/db/client.server";
import { auditEvents, properties } from "~/db/schema";
import { createProperty } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { auditedWrite, changedFields, REDACTED } from "./audit.server";

await setupTestDatabase();

let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await createSignedInAdmin("auditor@example.com");
});

async function auditRows() {
  return db.select().from(auditEvents).orderBy(auditEvents.createdAt);
}

describe("changedFields", () => {
  it("keeps only the fields that differ, dates as ISO text", () => {
    const at = new Date("2026-11-22T10:00:00Z");
    expect(
      changedFields(
        { title: "Old", price: 10, featured: true, updatedAt: at, listedAt: at },
        { title: "New", price: 10, featured: false, updatedAt: new Date(), listedAt: at },
      ),
    ).toEqual({
      title: { before: "Old", after: "New" },
      featured: { before: true, after: false },
    });
    expect(changedFields(null, { title: "Created" })).toEqual({
      title: { before: null, after: "Created" },
    });
    expect(changedFields({ title: "Gone" }, null)).toEqual({
      title: { before: "Gone", after: null },
    });
  });

  it("never stores a password, token or secret, only that it changed", () => {
    const changes = changedFields(
      { passwordHash: "abc", calendarToken: "t1", apiKey: "k1", name: "A" },
      { passwordHash: "def", calendarToken: "t2", apiKey: "k2", name: "A" },
    );
    expect(changes).toEqual({
      passwordHash: { before: REDACTED, after: REDACTED },
      calendarToken: { before: REDACTED, after: REDACTED },
      apiKey: { before: REDACTED, after: REDACTED },
    });
    expect(JSON.stringify(changes)).not.toMatch(/abc|def|t1|t2|k1|k2/);
  });
});

describe("auditedWrite", () => {
  it("commits the change and one audit row with the actor, action, entity and address", async () => {
    const id = await createProperty("Audited house");
    const result = await auditedWrite(admin.actor, "property.update", async (tx) => {
      const [before] = await tx
        .select({ title: properties.title })
        .from(properties)
        .where(eq(properties.id, id));
      await tx.update(properties).set({ title: "Renamed house" }).where(eq(properties.id, id));
      return {
        result: { ok: true as const },
        audit: { entityId: id, before, after: { title: "Renamed house" } },
      };
    });
    expect(result).toEqual({ ok: true });
    const [row] = (await auditRows()).filter((r) => r.entityId === id);
    expect(row).toMatchObject({
      actorUserId: admin.id,
      actorEmail: "auditor@example.com",
      action: "property.update",
      entityType: "property",
      changes: { title: { before: "Audited house", after: "Renamed house" } },
    });
    expect(row?.clientAddress).toMatch(/^10\.7\./);
  });

  it("empties the public page cache only for records public pages show", async () => {
    const id = await createProperty("Cached house");
    const write = (action: "property.update" | "appointment.confirm" | "user.update") =>
      auditedWrite(admin.actor, action, async () => ({
        result: { ok: true },
        audit: { entityId: id, before: { note: "a" }, after: { note: "b" } },
      }));

    let generation = contentGeneration();
    await write("appointment.confirm");
    await write("user.update");
    expect(contentGeneration()).toBe(generation);

    await write("property.update");
    expect(contentGeneration()).toBe(generation + 1);
    generation = contentGeneration();
    await write("appointment.confirm");
    expect(contentGeneration()).toBe(generation);
  });

  it("rolls back a refused write and logs nothing", async () => {
    const id = await createProperty("Refused house");
    const before = (await auditRows()).length;
    const result = await auditedWrite(admin.actor, "property.update", async (tx) => {
      await tx.update(properties).set({ title: "Half-written" }).where(eq(properties.id, id));
      return { result: { ok: false as const, reason: "not-allowed" as const } };
    });
    expect(result).toEqual({ ok: false, reason: "not-allowed" });
    const [row] = await db
      .select({ title: properties.title })
      .from(properties)
      .where(eq(properties.id, id));
    expect(row?.title).toBe("Refused house");
    expect(await auditRows()).toHaveLength(before);
  });

  it("refuses a success that does not say what it changed, and keeps nothing", async () => {
    const id = await createProperty("Silent house");
    await expect(
      auditedWrite(admin.actor, "property.update", async (tx) => {
        await tx.update(properties).set({ title: "Silently changed" }).where(eq(properties.id, id));
        return { result: { ok: true as const } };
      }),
    ).rejects.toThrow(/must say what it changed/);
    const [row] = await db
      .select({ title: properties.title })
      .from(properties)
      .where(eq(properties.id, id));
    expect(row?.title).toBe("Silent house");
  });

  it("is append-only: the database refuses to change or delete a row", async () => {
    expect((await auditRows()).length).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_events set action = 'x'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      const error = await db.execute(statement).then(
        () => undefined,
        (e: Error & { cause?: Error }) => e,
      );
      // Drizzle wraps the database's error: the refusal is its cause.
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    }
  });
});
