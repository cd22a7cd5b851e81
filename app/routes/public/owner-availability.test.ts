import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { listingConfirmations, properties, users } from "~/db/schema";
import { runAvailabilityReminderJob } from "~/mail/availability-job.server";
import { ownerAnswerLink } from "~/mail/availability-mail.server";
import { signAvailabilityToken } from "~/mail/unsubscribe-token.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAgent } from "../../../tests/setup/admin";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./owner-availability";
import { loader as propertyLoader } from "./property";

// Issue 46, item 1: the reminders go to the listing's agent and its owner 3 days before the
// period ends, once per period; the owner answers through a signed link that needs no sign-in
// ("Still available? Yes / It is let or sold"). A bad or expired link says so and writes nothing.

await setupTestDatabase();

const DAY_MS = 24 * 60 * 60 * 1000;
const owner = await createSignedInUser("owner@example.com", "Ngozi Owner");
const agent = await createSignedInAgent("tunde@example.com", { name: "Tunde Bakare" });

async function ownerListing(title: string, confirmedDaysAgo: number, now = new Date()) {
  const id = await createProperty(title);
  await db
    .update(properties)
    .set({
      purpose: "rent",
      ownerId: owner.id,
      agentId: agent.id,
      availabilityConfirmedAt: new Date(now.getTime() - confirmedDaysAgo * DAY_MS),
    })
    .where(eq(properties.id, id));
  return id;
}

/** The path and query of a link in an e-mail's text, after `label`. */
function linkAfter(text: string, label: string) {
  const url = new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? "";
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

const confirmationsOf = async (id: string) =>
  db.select().from(listingConfirmations).where(eq(listingConfirmations.propertyId, id));

describe("the reminders", () => {
  it("go to the agent and the owner 3 days before a rental's 14 days end, once per period", async () => {
    const now = new Date();
    const due = await ownerListing("Lekki flat due", 11.5, now);
    await ownerListing("Yaba flat not yet due", 10.5, now);
    expect(await runAvailabilityReminderJob(now)).toEqual({ queued: 1 });
    expect(await runAvailabilityReminderJob(now)).toEqual({ queued: 0 });
    const mail = await deliverDueMail();
    expect(mail.map((m) => [m.to, m.subject.split(":")[0]]).sort()).toEqual([
      ["owner@example.com", "Still available? Lekki flat due"],
      ["tunde@example.com", expect.stringMatching(/^Confirm availability by \d/)],
    ]);
    const toOwner = mail.find((m) => m.to === "owner@example.com");
    expect(toOwner?.text).toContain("Yes: http");
    expect(toOwner?.text).toContain("It is let or sold: http");

    // The owner opens "Yes": nothing is written until the button posts.
    const yes = linkAfter(toOwner?.text ?? "", "Yes");
    const page = await callLoader<{ listing: { title: string } | null }>(loader, yes);
    expect(page.body.listing?.title).toBe("Lekki flat due");
    expect(await confirmationsOf(due)).toEqual([]);
    const token = new URL(`http://x${yes}`).searchParams.get("token") ?? "";
    const answered = await callAction<{ ok: boolean }>(action, yes, {
      form: { token, answer: "available" },
    });
    expect(answered.body.ok).toBe(true);
    expect(await confirmationsOf(due)).toEqual([
      expect.objectContaining({ method: "owner", confirmedBy: owner.id, outcome: "available" }),
    ]);
    const shown = await callLoader<{ availability: { line: string } }>(
      propertyLoader,
      `/property/${due}`,
      { params: { id: due } },
    );
    expect(shown.body.availability.line).toMatch(/by the office \(owner confirmed\)$/);
    // Confirmed again: a new period, reminded again only when it comes due.
    expect(await runAvailabilityReminderJob(now)).toEqual({ queued: 0 });
  });
});

describe("the owner's signed link", () => {
  it("marks a rental let when the owner says it is let or sold", async () => {
    const id = await ownerListing("Ikeja flat let", 12);
    const link = ownerAnswerLink({ propertyId: id, ownerId: owner.id, answer: "closed" });
    const path = link.slice(link.indexOf("/listings"));
    const token = new URL(link).searchParams.get("token") ?? "";
    const answered = await callAction<{ ok: boolean; status: string }>(action, path, {
      form: { token, answer: "closed" },
    });
    expect(answered.body).toMatchObject({ ok: true, status: "let" });
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row?.status).toBe("let");
    expect(row?.closedAt).toBeInstanceOf(Date);
  });

  it("refuses a forged, altered, expired or someone else's link with a clear page, writing nothing", async () => {
    const id = await ownerListing("Ajah flat", 12);
    const other = await createSignedInUser("other@example.com", "Kunle Other");
    const expired = signAvailabilityToken({
      propertyId: id,
      ownerId: owner.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const valid = signAvailabilityToken({
      propertyId: id,
      ownerId: owner.id,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const notTheirs = signAvailabilityToken({
      propertyId: id,
      ownerId: other.id,
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const altered = `${valid.slice(0, -2)}xx`;
    const cases: [string, string][] = [
      ["not-a-token", "invalid"],
      [altered, "invalid"],
      [notTheirs, "invalid"],
      [expired, "expired"],
    ];
    for (const [token, reason] of cases) {
      const path = `/listings/availability?token=${encodeURIComponent(token)}`;
      const page = await callLoader<{ listing: unknown; reason: string }>(loader, path);
      expect(page.body).toMatchObject({ listing: null, reason });
      const posted = await callAction<{ reason: string }>(action, path, {
        form: { token, answer: "closed" },
      });
      expect(posted.status).toBe(400);
      expect(posted.body.reason).toBe(reason);
    }
    // An account that is gone or deactivated no longer answers for the listing.
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, owner.id));
    try {
      const path = `/listings/availability?token=${encodeURIComponent(valid)}`;
      const posted = await callAction(action, path, { form: { token: valid, answer: "closed" } });
      expect(posted.status).toBe(400);
    } finally {
      await db.update(users).set({ status: "active" }).where(eq(users.id, owner.id));
    }
    expect(await confirmationsOf(id)).toEqual([]);
    const [row] = await db.select().from(properties).where(eq(properties.id, id));
    expect(row?.status).toBe("available");
  });
});
