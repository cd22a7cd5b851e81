import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { userSettings } from "~/db/schema";
import { WEEKLY_REPORT_MESSAGES } from "~/lib/owner-report";
import { ownerReportUnsubscribeLink } from "~/mail/owner-report-mail.server";
import { createSignedInUser } from "../../../tests/setup/accounts";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "../public/owner-report-unsubscribe";
import { action as listingsAction, loader as listingsLoader } from "./listings";

// The weekly report's switch on My Listings, and the report's unsubscribe link (issue 20). Who
// gets the report and what it says: app/mail/owner-report-mail.server.test.ts. Every actor on
// these routes: app/routes/authorization-matrix.test.ts.

await setupTestDatabase();

const ngozi = await createSignedInUser("ngozi@example.ng", "Ngozi Eze");
const tunde = await createSignedInUser("tunde@example.ng", "Tunde Bello");

const PATH = "/dashboard/listings";

async function shownOn(cookie: string) {
  const page = await callLoader<{ weeklyReport: boolean }>(listingsLoader, PATH, { cookie });
  return page.body.weeklyReport;
}

async function storedFor(userId: string) {
  const [row] = await db
    .select({ since: userSettings.ownerWeeklyReportSince })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row?.since ?? null;
}

function post(cookie: string, form: Record<string, string>) {
  return callAction<FormFailure>(listingsAction, PATH, { cookie, form });
}

describe("the weekly report's switch on My Listings", () => {
  it("is off by default, stays on once ticked, and off once cleared; only the poster's", async () => {
    expect(await shownOn(ngozi.cookie)).toBe(false);

    const on = await post(ngozi.cookie, {
      intent: "weekly-report",
      weeklyReport: "on",
      // A forged account id is ignored: the session says whose switch it is.
      userId: tunde.id,
    });
    expect(on.status).toBe(302);
    expect(on.location).toBe(PATH);
    expect(await shownOn(ngozi.cookie)).toBe(true);
    expect(await storedFor(ngozi.id)).toBeInstanceOf(Date);
    expect(await shownOn(tunde.cookie)).toBe(false);
    expect(await storedFor(tunde.id)).toBeNull();

    // Saving it on again keeps when it was first switched on.
    const since = await storedFor(ngozi.id);
    await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "on" });
    expect(await storedFor(ngozi.id)).toEqual(since);

    // A cleared checkbox posts nothing: off.
    const off = await post(ngozi.cookie, { intent: "weekly-report" });
    expect(off.location).toBe(PATH);
    expect(await shownOn(ngozi.cookie)).toBe(false);
  });

  it("refuses a forged value with the field's message and changes nothing", async () => {
    await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "on" });
    const refused = await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "yes" });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ weeklyReport: WEEKLY_REPORT_MESSAGES.invalid });
    expect(await shownOn(ngozi.cookie)).toBe(true);
    const unknown = await post(ngozi.cookie, { intent: "something-else" });
    expect(unknown.status).toBe(400);
    expect(await shownOn(ngozi.cookie)).toBe(true);
  });
});

describe("the report's unsubscribe link", () => {
  const pathOf = (userId: string) => {
    const url = new URL(ownerReportUnsubscribeLink(userId));
    return `${url.pathname}${url.search}`;
  };
  const tokenOf = (userId: string) =>
    new URL(ownerReportUnsubscribeLink(userId)).searchParams.get("token") ?? "";

  it("works signed out: opening it changes nothing, its button turns the report off", async () => {
    await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "on" });
    const page = await callLoader<{ subscriber: unknown }>(unsubscribeLoader, pathOf(ngozi.id));
    expect(page.body.subscriber).toEqual({ email: "ngozi@example.ng", enabled: true });
    expect(await shownOn(ngozi.cookie)).toBe(true);
    const done = await callAction(unsubscribeAction, pathOf(ngozi.id), {
      form: { token: tokenOf(ngozi.id) },
    });
    expect(done.body).toEqual({ ok: true, alreadyOff: false });
    expect(await shownOn(ngozi.cookie)).toBe(false);
  });

  it("accepts a mail client's one-click POST (RFC 8058) to the link itself", async () => {
    await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "on" });
    const done = await callAction(unsubscribeAction, pathOf(ngozi.id), {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(done.status).toBe(200);
    expect(await shownOn(ngozi.cookie)).toBe(false);
  });

  it("says so when the report is already off, and writes nothing", async () => {
    await post(tunde.cookie, { intent: "weekly-report" });
    const page = await callLoader<{ subscriber: unknown }>(unsubscribeLoader, pathOf(tunde.id));
    expect(page.body.subscriber).toEqual({ email: "tunde@example.ng", enabled: false });
    const done = await callAction(unsubscribeAction, pathOf(tunde.id), {
      form: { token: tokenOf(tunde.id) },
    });
    expect(done.body).toEqual({ ok: true, alreadyOff: true });
    expect(await storedFor(tunde.id)).toBeNull();
  });

  it("refuses a forged or altered token with 400 and changes nothing", async () => {
    await post(ngozi.cookie, { intent: "weekly-report", weeklyReport: "on" });
    const token = tokenOf(ngozi.id);
    const signature = token.split(".")[1] ?? "";
    const forged = [
      // Another owner's id with Ngozi's signature, Ngozi's id with a bad one, junk.
      `${tunde.id}.${signature}`,
      `${ngozi.id}.${"a".repeat(43)}`,
      `${token}x`,
      "",
      "%00",
    ];
    await post(tunde.cookie, { intent: "weekly-report", weeklyReport: "on" });
    for (const bad of forged) {
      const path = `/listings/report/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect((await callAction(unsubscribeAction, path, { form: {} })).status).toBe(400);
      const page = await callLoader<{ subscriber: unknown }>(unsubscribeLoader, path);
      expect(page.body.subscriber).toBeNull();
    }
    expect(await shownOn(ngozi.cookie)).toBe(true);
    expect(await shownOn(tunde.cookie)).toBe(true);
  });
});
