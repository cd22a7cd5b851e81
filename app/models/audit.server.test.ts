import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditedWrite } from "~/audit/audit.server";
import { deleteBackup } from "~/backup/backup-archives.server";
import { backupFileName } from "~/backup/backup-format.server";
import { db } from "~/db/client.server";
import { properties, slideshowItems } from "~/db/schema";
import { createProperty } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { callLoader } from "../../tests/setup/route-calls";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { loader as auditLoader } from "../routes/admin/audit";
import { listAuditActors, listAuditEvents } from "./audit.server";

await setupTestDatabase();

const admin = await createSignedInAdmin("historian@example.com", { name: "Bisi Adeyemi" });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

async function retitle(id: string, from: string, to: string) {
  await auditedWrite(admin.actor, "property.update", async (tx) => {
    await tx.update(properties).set({ title: to }).where(eq(properties.id, id));
    return {
      result: { ok: true as const },
      audit: { entityId: id, before: { title: from, price: 5 }, after: { title: to, price: 5 } },
    };
  });
}

describe("the audit log as read", () => {
  it("names who and what (linked to its admin screen), with today's title, never an id", async () => {
    const id = await createProperty("Marula House");
    await retitle(id, "Marula House", "Marula Court");
    const { rows } = await listAuditEvents(admin.actor, {}, { page: 1, pageSize: 5 });
    const [row] = rows;
    expect(row).toMatchObject({
      who: {
        name: "Bisi Adeyemi",
        email: "historian@example.com",
        href: `/admin/users/${admin.id}`,
      },
      action: "Edited the listing",
      subject: { name: "Marula Court", href: `/admin/properties/${id}` },
      lines: [{ label: "Title", before: "Marula House", after: "Marula Court" }],
    });
    // The unchanged price is not a change.
    expect(row?.lines).toHaveLength(1);
  });

  it("shows a record deleted since by its last known name, marked deleted, without a link", async () => {
    const [slide] = await db
      .insert(slideshowItems)
      .values({ title: "Lekki Towers", mediaUrl: "/x.webp", sortOrder: 99 })
      .returning({ id: slideshowItems.id });
    const slideId = slide?.id ?? "";
    await auditedWrite(admin.actor, "slide.active", async () => ({
      result: { ok: true as const },
      audit: { entityId: slideId, before: { isActive: true }, after: { isActive: false } },
    }));
    // The deletion comes later: two writes in the same millisecond have no order (the embedded
    // database's clock counts milliseconds, ids are random, and the log cannot be edited).
    await new Promise((resolve) => setTimeout(resolve, 5));
    await auditedWrite(admin.actor, "slide.delete", async (tx) => {
      await tx.delete(slideshowItems).where(eq(slideshowItems.id, slideId));
      return {
        result: { ok: true as const },
        audit: {
          entityId: slideId,
          before: { title: "Lekki Towers", isActive: true },
          after: null,
        },
      };
    });
    const { rows } = await listAuditEvents(
      admin.actor,
      { entity: "slide" },
      { page: 1, pageSize: 5 },
    );
    expect(rows[0]?.subject).toEqual({ name: "Lekki Towers", note: "deleted" });
    expect(rows[0]?.action).toBe("Deleted the slide");
    // An earlier row about it, which named no title itself, names it from the log.
    expect(rows[1]).toMatchObject({
      action: "Switched the slide on or off",
      subject: { name: "Lekki Towers", note: "deleted" },
      lines: [
        { label: "Active (shown in the home page gallery)", before: "Active", after: "Inactive" },
      ],
    });
  });

  it("names a deleted backup by its file, on the Backups screen, with its kind", async () => {
    const keeper = await createSignedInAdmin("keeper@example.com", { superAdmin: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-audit-backups-"));
    const name = backupFileName(new Date("2026-03-02T09:15:00.000Z"), "manual");
    fs.writeFileSync(path.join(dir, name), "an archive");
    try {
      expect((await deleteBackup(keeper.actor, name, dir)).ok).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const { rows } = await listAuditEvents(
      admin.actor,
      { entity: "backup" },
      { page: 1, pageSize: 5 },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      who: { email: "keeper@example.com" },
      action: "Deleted a backup",
      subject: { name, href: "/admin/backups", note: "deleted" },
    });
    expect(rows[0]?.lines).toContainEqual(
      expect.objectContaining({ label: "Kind", after: "manual" }),
    );
  });

  it("names the listings of a bulk change, one in the trash marked so", async () => {
    const a = await createProperty("Bulk Alpha Flat");
    const b = await createProperty("Bulk Beta Flat");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, b));
    await auditedWrite(admin.actor, "property.bulk", async () => ({
      result: { ok: true as const },
      audit: { entityId: null, before: null, after: { action: "sold", ids: [a, b] } },
    }));
    const { rows } = await listAuditEvents(admin.actor, {}, { page: 1, pageSize: 1 });
    expect(rows[0]).toMatchObject({
      summary: "Marked sold: 2 listings.",
      records: [
        { name: "Bulk Alpha Flat", href: `/admin/properties/${a}` },
        { name: "Bulk Beta Flat", note: "in the trash" },
      ],
    });
  });

  it("offers the people in the log by name, and the page carries no raw ids", async () => {
    expect(await listAuditActors(admin.actor)).toContainEqual({
      id: admin.id,
      name: "Bisi Adeyemi",
      email: "historian@example.com",
    });
    const page = await callLoader<{ rows: unknown[] }>(auditLoader, "/admin/audit", {
      cookie: admin.cookie,
    });
    expect(page.status).toBe(200);
    // Ids appear only inside links to the records, never as text to read.
    const text = JSON.stringify(page.body.rows, (key, value) =>
      key === "href" || key === "id" ? undefined : value,
    );
    expect(text).not.toMatch(UUID);
    expect(text).not.toContain('"property.update"');
  });
});
