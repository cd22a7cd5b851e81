import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { inquiries, mailOutbox, users } from "~/db/schema";
import { createInquiry, respondToInquiry } from "~/models/inquiry.server";
import { actorFor } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { renderInquiryResponseEmail } from "./inquiry-mail.server";
import { settleBackgroundMail } from "./mail.server";
import { deliverAllDueMail } from "./mail-delivery.server";

// The response e-mail's template, made to fail on demand: rendering happens when the sender
// sends, after the response is stored, so a failure there is retried, never a lost answer.
const template = vi.hoisted(() => ({ failNext: false }));
vi.mock("~/mail/templates/inquiry-response", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/mail/templates/inquiry-response")>();
  return {
    ...actual,
    inquiryResponseEmail: (input: Parameters<typeof actual.inquiryResponseEmail>[0]) => {
      if (template.failNext) {
        template.failNext = false;
        throw new Error("template exploded");
      }
      return actual.inquiryResponseEmail(input);
    },
  };
});

await setupTestDatabase();

const ADMIN = "admin-1";

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(inquiries);
  await db
    .insert(users)
    .values([
      { id: ADMIN, email: "staff@naijahomes.ng", name: "Staff", role: "admin" },
      { id: "cust", email: "kemi@example.ng", name: "Kemi" },
    ])
    .onConflictDoNothing();
});

function complaint() {
  return createInquiry({
    source: "complaint",
    userId: "cust",
    name: "Kemi <Adewale>",
    email: "kemi@example.ng",
    description: "The borehole pump at Block C has failed.",
  });
}

/** What the admin action does: store the response (with its notification), then send. */
async function respondAndNotify(id: string, input: Parameters<typeof respondToInquiry>[2]) {
  const result = await respondToInquiry(
    actorFor({ id: ADMIN, email: "staff@naijahomes.ng" }),
    id,
    input,
  );
  await settleBackgroundMail();
  return result;
}

describe("the response e-mail (inquiry.answered)", () => {
  it("e-mails the stored response to the sender, escaped, with the dashboard link", async () => {
    const { id } = await complaint();
    await respondAndNotify(id, { response: "  A technician will visit on Tuesday <morning>.  " });
    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("kemi@example.ng");
    expect(mails[0]?.subject).toBe("Our response to your complaint | NaijaHomes Realty");
    expect(mails[0]?.text).toContain("A technician will visit on Tuesday <morning>.");
    expect(mails[0]?.text).toContain("The borehole pump at Block C has failed.");
    expect(mails[0]?.text).toContain("/dashboard/complaints");
    expect(mails[0]?.html).toContain("Tuesday &lt;morning&gt;");
    expect(mails[0]?.html).toContain("Hello Kemi &lt;Adewale&gt;,");
    expect(mails[0]?.html).not.toContain("<morning>");
  });

  it("answers a contact message under its subject, without a dashboard link", async () => {
    const { id } = await createInquiry({
      source: "contact",
      email: "ify@example.ng",
      subject: "Rent in Jabi",
      description: "Any 2-bedroom flats?",
    });
    await respondAndNotify(id, { response: "Yes, three are available.", status: "resolved" });
    const [mail] = await db.select().from(mailOutbox);
    expect(mail?.to).toBe("ify@example.ng");
    expect(mail?.subject).toBe("Re: Rent in Jabi");
    expect(mail?.text).not.toContain("/dashboard/");
  });

  it("sends nothing when the response was refused, or for an inquiry without a response", async () => {
    const { id } = await complaint();
    await respondAndNotify(id, { response: "First answer" });
    await respondAndNotify(id, { response: "Second answer" });
    expect(await db.select().from(mailOutbox)).toHaveLength(1);

    const unanswered = await complaint();
    await expect(renderInquiryResponseEmail(db, unanswered.id)).rejects.toThrow(/no response/);
    expect(await renderInquiryResponseEmail(db, crypto.randomUUID())).toEqual([]);
  });

  it("keeps the response and retries the e-mail when it cannot be rendered at sending", async () => {
    const { id } = await complaint();
    template.failNext = true;
    const result = await respondAndNotify(id, { response: "We are on it." });
    expect(result.ok).toBe(true);
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ status: "answered", response: "We are on it." });
    const [waiting] = await db.select().from(mailOutbox);
    expect(waiting).toMatchObject({
      kind: "inquiry.answered",
      status: "pending",
      subject: null,
      attempts: 1,
      error: expect.stringContaining("template exploded"),
    });

    // After the backoff the sender renders and sends it.
    await deliverAllDueMail({ now: () => new Date(Date.now() + 60 * 60_000) });
    const [sent] = await db.select().from(mailOutbox);
    expect(sent).toMatchObject({ status: "sent", to: "kemi@example.ng" });
    expect(sent?.text).toContain("We are on it.");
  });

  it("stores neither the response nor its notification when the outbox write fails", async () => {
    const { id } = await complaint();
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as
      $$ begin raise exception 'outbox refused'; end $$`);
    await db.execute(sql`create trigger refuse_mail before insert on mail_outbox
      for each row execute function refuse_mail()`);
    try {
      await expect(respondAndNotify(id, { response: "We are on it." })).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ status: "pending", response: null, respondedAt: null });
    expect(await db.select().from(mailOutbox)).toHaveLength(0);

    // Answered again, both are stored.
    await respondAndNotify(id, { response: "We are on it." });
    expect(await db.select().from(mailOutbox)).toHaveLength(1);
  });
});
