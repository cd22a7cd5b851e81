import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, auditEvents, inquiries, mailOutbox } from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as complaintAction, loader as inquiryLoader } from "./complaint";
import { loader as listLoader } from "./complaints";

await setupTestDatabase();

const admin = await createSignedInAdmin("answers@example.com", { name: "Funmi Admin" });

type List = Awaited<ReturnType<typeof listLoader>>;
type Detail = Awaited<ReturnType<typeof inquiryLoader>>;

/** The inquiry's action; its forms post the version the page gave them. */
const inquiryAction = postingOpenedVersion(
  complaintAction,
  ["respond", "status"],
  (_form, cookie, params) =>
    openedVersion<{ inquiry: { version: string } }>(
      inquiryLoader,
      `/admin/complaints/${params.id}`,
      { cookie, params },
      (body) => body.inquiry.version,
    ).catch(() => undefined),
);
type ComplaintFailure = {
  ok: false;
  fields?: Record<string, string>;
  error?: { title: string };
  values?: Record<string, string>;
};

async function inquiry(values: Partial<typeof inquiries.$inferInsert> = {}) {
  const [row] = await db
    .insert(inquiries)
    .values({
      source: "contact",
      name: "Bola Tinubu",
      email: "bola@example.com",
      subject: "Flat in Yaba",
      description: "Is the flat in Yaba still available?",
      ...values,
    })
    .returning({ id: inquiries.id });
  if (!row) throw new Error("no row");
  return row.id;
}

function list(search = "") {
  return callLoader<List>(listLoader, `/admin/complaints${search}`, { cookie: admin.cookie });
}

function detail(id: string) {
  return callLoader<Detail>(inquiryLoader, `/admin/complaints/${id}`, {
    cookie: admin.cookie,
    params: { id },
  });
}

async function row(id: string) {
  const [found] = await db.select().from(inquiries).where(eq(inquiries.id, id));
  return found;
}

beforeEach(async () => {
  await db.delete(inquiries);
  await db.delete(appointments);
  await db.delete(mailOutbox);
});

describe("/admin/complaints", () => {
  it("lists every source, searches name, e-mail or subject, and filters status and source", async () => {
    await inquiry();
    await inquiry({ source: "complaint", name: "Ada", email: "ada@example.com", subject: null });
    await inquiry({
      source: "service",
      email: "sam@example.com",
      subject: "Valuation",
      status: "resolved",
    });

    expect((await list()).body.total).toBe(3);
    expect((await list("?source=complaint")).body.rows.map((r) => r.email)).toEqual([
      "ada@example.com",
    ]);
    expect((await list("?status=resolved")).body.rows.map((r) => r.subject)).toEqual(["Valuation"]);
    expect((await list("?q=YABA")).body.rows.map((r) => r.email)).toEqual(["bola@example.com"]);
    expect((await list("?q=ada%40")).body.total).toBe(1);
    expect((await list("?source=fax")).body.total).toBe(3);
  });
});

describe("/admin/complaints/:id", () => {
  it("shows the message with the sender's other inquiries and bookings", async () => {
    const id = await inquiry();
    const other = await inquiry({ subject: "Another question", email: "BOLA@example.com" });
    await inquiry({ email: "someone-else@example.com" });
    await db.insert(appointments).values({
      fullName: "Bola Tinubu",
      email: "bola@example.com",
      phone: "08030000000",
      appointmentDate: "2030-05-06",
      appointmentTime: "09:00 AM",
    });
    const { body } = await detail(id);
    expect(body.inquiry.description).toBe("Is the flat in Yaba still available?");
    expect(body.inquiry.otherInquiries.map((i) => i.id)).toEqual([other]);
    expect(body.inquiry.bookings).toHaveLength(1);
    expect((await detail("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("sends a response: answered, who and when stored, audited, e-mailed; then read-only", async () => {
    const id = await inquiry();
    const sent = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "respond",
        response: "Yes, it is. Come and see it.",
        back: "/admin/complaints?status=pending",
      },
      params: { id },
    });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/admin/complaints?status=pending");
    expect(sent.cookies.join(";")).toContain("responseSent");
    expect(await row(id)).toMatchObject({
      status: "answered",
      response: "Yes, it is. Come and see it.",
      respondedBy: admin.id,
    });
    expect((await row(id))?.respondedAt).toBeInstanceOf(Date);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(["inquiry.respond"]);
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox);
    expect(mail.map((m) => m.to)).toEqual(["bola@example.com"]);
    expect((await detail(id)).body.inquiry.respondedByName).toBe("Funmi Admin");

    const again = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: { intent: "respond", response: "Changed my mind" },
      params: { id },
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.title).toBe("Failed to send response");
    expect((await row(id))?.response).toBe("Yes, it is. Come and see it.");
  });

  it("refuses an empty response beside the field, keeping nothing half-way", async () => {
    const id = await inquiry();
    const answer = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: { intent: "respond", response: "   " },
      params: { id },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.response).toBe("Please enter a response");
    expect(await row(id)).toMatchObject({ status: "pending", response: null });
    const tooLong = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: { intent: "respond", response: "x".repeat(5001) },
      params: { id },
    });
    expect(tooLong.body.fields?.response).toMatch(/under 5000 characters/);
    expect(tooLong.body.values?.response).toHaveLength(5001);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).toEqual([]);
  });

  it("sets in-progress, resolved and rejected; 'answered' only with a response", async () => {
    const id = await inquiry();
    for (const status of ["in-progress", "resolved", "rejected"]) {
      const answer = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
        cookie: admin.cookie,
        form: { intent: "status", status, back: "/admin/complaints" },
        params: { id },
      });
      expect(answer.status).toBe(302);
      expect((await row(id))?.status).toBe(status);
    }
    const answered = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: { intent: "status", status: "answered" },
      params: { id },
    });
    expect(answered.status).toBe(400);
    const bogus = await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
      cookie: admin.cookie,
      form: { intent: "status", status: "lost" },
      params: { id },
    });
    expect(bogus.status).toBe(400);
    expect((await row(id))?.status).toBe("rejected");
  });

  it("answers 404 for an unknown inquiry and 400 for an unknown action", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${missing}`, {
          cookie: admin.cookie,
          form: { intent: "respond", response: "Hi" },
          params: { id: missing },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${missing}`, {
          cookie: admin.cookie,
          form: { intent: "status", status: "resolved" },
          params: { id: missing },
        })
      ).status,
    ).toBe(404);
    const id = await inquiry();
    expect(
      (
        await callAction<ComplaintFailure>(inquiryAction, `/admin/complaints/${id}`, {
          cookie: admin.cookie,
          form: { intent: "delete" },
          params: { id },
        })
      ).status,
    ).toBe(400);
  });
});
