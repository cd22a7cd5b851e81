import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../../tests/setup/env";

// Title documents and copies (issue 46, item 2), through the routes: staff upload a PDF or a
// photo (private: a visitor or a customer can neither upload nor download, and /media never
// serves it), a file that is not one is refused by its bytes; a signed-in buyer asks for copies
// once at a time, the office answers (a decline needs its note), each step is in the audit log,
// the buyer is e-mailed and sees the answer on the dashboard. Files go to a throw-away DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "title-documents-"));
setTestEnv({ DATA_DIR: dataDir });
const { db } = await import("~/db/client.server");
const { auditEvents, mailOutbox, properties, titleCopyRequests, titleDocuments } = await import(
  "~/db/schema"
);
const { createProperty, createSignedInUser } = await import("../../../tests/setup/accounts");
const { callAction, callLoader, routeArgs } = await import("../../../tests/setup/route-calls");
const { createSignedInAdmin } = await import("../../../tests/setup/admin");
const { setupTestDatabase } = await import("../../../tests/setup/test-database");
const { action: documentsAction } = await import("./title-documents");
const { loader: downloadLoader } = await import("./title-document-download");
const { action: answerAction, loader: requestsLoader } = await import("./title-requests");
const { action: requestAction } = await import("../public/title-copies");
const { loader: dashboardLoader } = await import("../dashboard/index");
const { loader: mediaLoader } = await import("../resources/media");
const { purgeTrash } = await import("~/models/admin-property-trash.server");

await setupTestDatabase();
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const admin = await createSignedInAdmin("title-desk@example.com");
const buyer = await createSignedInUser("buyer@example.com", "Bisi Alabi");
const PDF = new TextEncoder().encode("%PDF-1.4\n% a scanned C of O\n");

function withDocument(file: { bytes: Uint8Array; name: string; type: string } | null) {
  const form = new FormData();
  form.append("intent", "upload");
  if (file)
    form.append("document", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return form;
}

function upload(
  id: string,
  cookie: string | undefined,
  file = { bytes: PDF, name: "c-of-o.pdf", type: "application/pdf" },
) {
  return callAction(documentsAction, `/admin/properties/${id}/title-documents`, {
    cookie,
    form: withDocument(file),
    params: { id },
  });
}

const documentsOf = (id: string) =>
  db.select().from(titleDocuments).where(eq(titleDocuments.propertyId, id));

async function download(id: string, documentId: string, cookie?: string) {
  const url = `/admin/properties/${id}/title-documents/${documentId}`;
  try {
    return await downloadLoader(
      routeArgs(url, { cookie, params: { id, documentId } as never }) as never,
    );
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("title documents", () => {
  it("are uploaded by staff, kept private and downloaded only by staff", async () => {
    const id = await createProperty("Plot with C of O, Lekki");
    const answer = await upload(id, admin.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/admin/properties/${id}#title-documents`);
    const [doc] = await documentsOf(id);
    expect(doc?.contentType).toBe("application/pdf");
    expect(doc?.fileName).toBe("c-of-o.pdf");
    expect(doc?.storageKey).toMatch(/^private\/title-documents\/[0-9a-f-]+\.pdf$/);
    const stored = path.join(dataDir, "media", doc?.storageKey ?? "");
    expect(fs.readFileSync(stored)).toEqual(Buffer.from(PDF));

    const staff = await download(id, doc?.id ?? "", admin.cookie);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("Content-Disposition")).toBe('attachment; filename="c-of-o.pdf"');
    expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await staff.arrayBuffer())).toEqual(PDF);

    // A visitor and a customer: sent to the staff sign-in, no bytes.
    for (const cookie of [undefined, buyer.cookie]) {
      const refused = await download(id, doc?.id ?? "", cookie);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    // The public media route never answers a private key, in any spelling.
    for (const key of [
      doc?.storageKey ?? "",
      (doc?.storageKey ?? "").replace("private", "Private"),
    ]) {
      const media = await mediaLoader(
        routeArgs(`/media/${key}`, { params: { "*": key } as never }) as never,
      );
      expect(media.status).toBe(404);
    }
  });

  it("cannot be uploaded by a visitor or a customer", async () => {
    const id = await createProperty("Duplex, Magodo");
    for (const cookie of [undefined, buyer.cookie]) {
      const answer = await upload(id, cookie);
      expect(answer.location).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(await documentsOf(id)).toEqual([]);
  });

  it("refuses a file that is not a PDF or a picture, whatever its name, and stores nothing", async () => {
    const id = await createProperty("Land, Epe");
    const fake = {
      bytes: new TextEncoder().encode("<html>not a deed</html>"),
      name: "deed.pdf",
      type: "application/pdf",
    };
    const answer = await upload(id, admin.cookie, fake);
    expect(answer.location).toBe(`/admin/properties/${id}#title-documents`);
    expect(answer.cookies.join(";")).toContain("titleDocumentRefused");
    expect(await documentsOf(id)).toEqual([]);
    const folder = path.join(dataDir, "media", "private", "title-documents");
    const before = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    await upload(id, admin.cookie, fake);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(before);
  });

  it("are removed with their file, and logged both ways", async () => {
    const id = await createProperty("Terrace, Yaba");
    await upload(id, admin.cookie);
    const [doc] = await documentsOf(id);
    const stored = path.join(dataDir, "media", doc?.storageKey ?? "");
    const answer = await callAction(documentsAction, `/admin/properties/${id}/title-documents`, {
      cookie: admin.cookie,
      form: { intent: "remove", documentId: doc?.id ?? "", confirmed: "yes" },
      params: { id },
    });
    expect(answer.status).toBe(302);
    expect(await documentsOf(id)).toEqual([]);
    expect(fs.existsSync(stored)).toBe(false);
    const logged = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, doc?.id ?? ""));
    expect(logged.map((row) => row.action).sort()).toEqual([
      "title-document.add",
      "title-document.remove",
    ]);
  });

  it("leave no file behind when their listing is purged from the trash", async () => {
    const id = await createProperty("Plot in the trash, Ajah");
    await upload(id, admin.cookie);
    const [doc] = await documentsOf(id);
    const stored = path.join(dataDir, "media", doc?.storageKey ?? "");
    expect(fs.existsSync(stored)).toBe(true);
    await db
      .update(properties)
      .set({ deletedAt: new Date(Date.now() - 365 * 24 * 60 * 60 * 1000) })
      .where(eq(properties.id, id));
    const purged = await purgeTrash();
    expect(purged.listings).toBeGreaterThanOrEqual(1);
    expect(await documentsOf(id)).toEqual([]);
    expect(fs.existsSync(stored)).toBe(false);
  });
});

describe("copies of a title", () => {
  function ask(id: string, cookie?: string) {
    return callAction(requestAction, `/property/${id}/title-copies`, { cookie, params: { id } });
  }
  const requestsOf = (id: string) =>
    db.select().from(titleCopyRequests).where(eq(titleCopyRequests.propertyId, id));

  it("are asked for once at a time by a signed-in buyer, on a sale listing only", async () => {
    const id = await createProperty("4-bed detached, Ikoyi");
    const signedOut = await ask(id);
    expect(signedOut.location).toBe(`/signin?redirectTo=${encodeURIComponent(`/property/${id}`)}`);
    expect(await requestsOf(id)).toEqual([]);

    const first = await ask(id, buyer.cookie);
    expect(first.location).toBe(`/property/${id}#title`);
    expect(first.cookies.join(";")).toContain("titleCopiesRequested");
    const again = await ask(id, buyer.cookie);
    expect(again.cookies.join(";")).toContain("titleCopiesWaiting");
    const rows = await requestsOf(id);
    expect(rows.map((r) => [r.userId, r.status])).toEqual([[buyer.id, "requested"]]);
    const [logged] = await db
      .select({ actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "title-copy.request"),
          eq(auditEvents.entityId, rows[0]?.id ?? ""),
        ),
      );
    expect(logged?.actor).toBe(buyer.id);

    const rental = await createProperty("Flat to let, Surulere");
    await db.update(properties).set({ purpose: "rent" }).where(eq(properties.id, rental));
    const refused = await ask(rental, buyer.cookie);
    expect(refused.cookies.join(";")).toContain("titleCopiesNotForSale");
    expect(await requestsOf(rental)).toEqual([]);
  });

  it("are rate-limited per account", async () => {
    const hasty = await createSignedInUser("hasty@example.com");
    const flashes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await ask(await createProperty(`Plot ${i}, Ibeju-Lekki`), hasty.cookie);
      flashes.push(answer.cookies.join(";"));
    }
    expect(flashes.slice(0, 5).every((f) => f.includes("titleCopiesRequested"))).toBe(true);
    expect(flashes[5]).toContain("titleCopiesTooMany");
    const rows = await db
      .select()
      .from(titleCopyRequests)
      .where(eq(titleCopyRequests.userId, hasty.id));
    expect(rows).toHaveLength(5);
  });

  it("are answered by the office: a decline needs a note; the buyer is e-mailed and sees it", async () => {
    const id = await createProperty("Bungalow, Lugbe, Abuja", "Abuja");
    await ask(id, buyer.cookie);
    const [request] = await requestsOf(id);
    const requestId = request?.id ?? "";
    const listed = await callLoader<{ open: { id: string }[] }>(
      requestsLoader,
      "/admin/title-requests",
      {
        cookie: admin.cookie,
      },
    );
    expect(listed.body.open.map((r) => r.id)).toContain(requestId);

    const post = (form: Record<string, string>) =>
      callAction(answerAction, "/admin/title-requests", { cookie: admin.cookie, form });
    const noNote = await post({ requestId, answer: "declined", note: "" });
    expect(noNote.status).toBe(400);
    expect((await requestsOf(id))[0]?.status).toBe("requested");

    const note = "The seller's lawyer holds the originals until an offer is accepted.";
    const declined = await post({ requestId, answer: "declined", note });
    expect(declined.location).toBe("/admin/title-requests");
    const [answered] = await requestsOf(id);
    expect([answered?.status, answered?.note, answered?.answeredBy]).toEqual([
      "declined",
      note,
      admin.id,
    ]);
    // Answered once: a second answer changes nothing.
    expect((await post({ requestId, answer: "sent" })).status).toBe(400);
    expect((await requestsOf(id))[0]?.status).toBe("declined");

    const [logged] = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "title-copy.answer"), eq(auditEvents.entityId, requestId)));
    expect(logged?.changes.status).toEqual({ before: "requested", after: "declined" });
    const mail = await db
      .select({ payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "title-copy.answered"));
    expect(mail.map((m) => m.payload)).toContainEqual({ requestId, status: "declined", note });

    const dashboard = await callLoader<{
      titleRequests: { status: string; note: string | null }[];
    }>(dashboardLoader, "/dashboard", { cookie: buyer.cookie });
    expect(dashboard.body.titleRequests).toContainEqual(
      expect.objectContaining({ status: "declined", note }),
    );
    // Asking again after an answer opens a new request.
    expect((await ask(id, buyer.cookie)).cookies.join(";")).toContain("titleCopiesRequested");
  });

  it("are answered only by staff", async () => {
    const id = await createProperty("Semi-detached, Gwarinpa", "Abuja");
    // Another buyer: the first has used up the hour's requests above.
    const other = await createSignedInUser("other-buyer@example.com");
    await ask(id, other.cookie);
    const [request] = await requestsOf(id);
    const answer = await callAction(answerAction, "/admin/title-requests", {
      cookie: other.cookie,
      form: { requestId: request?.id ?? "", answer: "sent" },
    });
    expect(answer.location).toMatch(/^\/admin\/login/);
    expect((await requestsOf(id))[0]?.status).toBe("requested");
  });
});
