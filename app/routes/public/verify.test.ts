import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  agentProfiles,
  appointments,
  contactInfo,
  fraudReports,
  inquiries,
  officialChannels,
  properties,
  rateLimits,
  teamMembers,
  users,
  verifyChecks,
} from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { listCheckedValuesForAdmin } from "~/models/official-channels.server";
import { RATE_LIMITS, TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";
import { createProperty, listingCodeOf } from "../../../tests/setup/accounts";
import { actorFor } from "../../../tests/setup/admin";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./verify";

// "Check before you pay" (issue 45): each verdict in the visitor's words, what is recorded for
// the office, the rate limit, and that nothing about a customer is ever answered.

await setupTestDatabase();

type Answer = {
  ok?: true;
  answer?: { verdict: string; headline: string; usedFor?: string | null; shown: string };
  error?: { message: string };
  fields?: Record<string, string>;
  values?: { value: string };
};

let ips = 0;

/** One check from its own address, unless `ip` says otherwise. */
async function check(value: string, ip = `10.45.0.${++ips % 250}`, extra = {}) {
  return callAction<Answer>(action, "/verify", { form: { value, ...extra }, ip });
}

async function checkRow(kind: "phone" | "email" | "account" | "listing_code", normalized: string) {
  const [row] = await db.select().from(verifyChecks).where(eq(verifyChecks.normalized, normalized));
  return row && row.valueKind === kind ? row : undefined;
}

beforeEach(async () => {
  for (const table of [verifyChecks, fraudReports, officialChannels, rateLimits, contactInfo]) {
    await db.delete(table);
  }
  await db.delete(teamMembers);
  await db.delete(appointments);
  await db.delete(inquiries);
  await db.delete(users);
  await db.insert(officialChannels).values([
    {
      kind: "phone",
      value: "0803 123 4567",
      valueKind: "phone",
      normalized: "+2348031234567",
      label: "NaijaHomes office line",
      usedFor: "Enquiries and viewings",
    },
    {
      kind: "whatsapp",
      value: "+234 802 555 1834",
      valueKind: "phone",
      normalized: "+2348025551834",
      label: "WhatsApp line of our agent Babatunde Adeyemi",
    },
    {
      kind: "email",
      value: "info@naijahomes.ng",
      valueKind: "email",
      normalized: "info@naijahomes.ng",
      label: "NaijaHomes office e-mail address",
    },
    {
      kind: "bank_account",
      value: "1023456789",
      valueKind: "account",
      normalized: "1023456789",
      bankName: "Zenith Bank",
      accountName: "NaijaHomes Realty Ltd",
      usedFor: "Rent and deposits, after signing",
    },
    {
      kind: "impostor",
      value: "0816 000 4321",
      valueKind: "phone",
      normalized: "+2348160004321",
      usedFor: "Asked for an inspection fee",
    },
  ]);
});

describe("/verify: the answers", () => {
  it("says whose an official line is, in any spelling, and what it is used for", async () => {
    for (const typed of ["0803 123 4567", "+234-803-123-4567", "234 803 1234567"]) {
      const { status, body } = await check(typed);
      expect(status, typed).toBe(200);
      expect(body.answer).toMatchObject({
        verdict: "ours",
        headline: "This is the NaijaHomes office line.",
        usedFor: "Enquiries and viewings",
        shown: "+234 803 123 4567",
      });
    }
    expect((await check("08025551834")).body.answer?.headline).toBe(
      "This is the WhatsApp line of our agent Babatunde Adeyemi.",
    );
    expect((await check("INFO@NaijaHomes.ng")).body.answer?.headline).toBe(
      "This is the NaijaHomes office e-mail address.",
    );
  });

  it("names the bank and the account name of the agency's account", async () => {
    const { body } = await check("1023 456 789");
    expect(body.answer).toMatchObject({
      verdict: "ours",
      headline: "This is NaijaHomes' account at Zenith Bank, account name NaijaHomes Realty Ltd.",
      usedFor: "Rent and deposits, after signing",
    });
  });

  it("answers 'not ours' for anything else, and says what to do", async () => {
    expect((await check("0809 999 0000")).body.answer).toMatchObject({
      verdict: "not_ours",
      headline: "This is not a NaijaHomes number.",
    });
    expect((await check("0123456780")).body.answer?.headline).toBe(
      "This is not a NaijaHomes account.",
    );
    expect((await check("sales@naijahomes-ng.com")).body.answer?.headline).toBe(
      "This is not a NaijaHomes e-mail address.",
    );
  });

  it("warns about a known impostor the office marked", async () => {
    const { body } = await check("+2348160004321");
    expect(body.answer).toMatchObject({
      verdict: "impostor",
      headline: "This number is known to impersonate NaijaHomes.",
    });
    // The office's note stays with the office.
    expect(JSON.stringify(body)).not.toContain("inspection fee");
  });

  it("knows active staff's phones (as typed in their account), not an inactive agent's", async () => {
    await db.insert(users).values([
      {
        id: "v-agent",
        name: "Babatunde Adeyemi",
        email: "agent@v.test",
        role: "agent",
        phone: "0802-555-0001",
      },
      {
        id: "v-admin",
        name: "Funmi Bello",
        email: "admin@v.test",
        role: "admin",
        phone: "+234 802 555 0002",
      },
      {
        id: "v-gone",
        name: "Old Agent",
        email: "old@v.test",
        role: "agent",
        status: "inactive",
        phone: "0802 555 0003",
      },
    ]);
    expect((await check("+234 802 555 0001")).body.answer?.headline).toBe(
      "This is the phone number of our agent Babatunde Adeyemi.",
    );
    expect((await check("08025550002")).body.answer?.headline).toBe(
      "This is the phone number of Funmi Bello, of the NaijaHomes office.",
    );
    expect((await check("08025550003")).body.answer?.verdict).toBe("not_ours");
  });

  it("knows active agents' official lines and public e-mail from their profiles, not their sign-in address", async () => {
    await db.insert(users).values([
      { id: "p-agent", name: "Tunde Bakare", email: "tunde.signin@v.test", role: "agent" },
      { id: "p-gone", name: "Gone Agent", email: "gone@v.test", role: "agent", status: "inactive" },
    ]);
    await db.insert(agentProfiles).values([
      {
        userId: "p-agent",
        slug: "tunde-bakare",
        officialPhone: "+234 802 555 1899",
        officialWhatsapp: "0803 555 7000",
        publicEmail: "Tunde@NaijaHomes.test",
      },
      { userId: "p-gone", slug: "gone-agent", officialWhatsapp: "0803 555 7001" },
    ]);
    expect((await check("234 803 555 7000")).body.answer?.headline).toBe(
      "This is the WhatsApp line of our agent Tunde Bakare.",
    );
    expect((await check("08025551899")).body.answer?.headline).toBe(
      "This is the official phone of our agent Tunde Bakare.",
    );
    expect((await check("tunde@naijahomes.test")).body.answer?.headline).toBe(
      "This is the e-mail address of our agent Tunde Bakare.",
    );
    // The sign-in address is private unless the office made it the public one.
    expect((await check("tunde.signin@v.test")).body.answer?.verdict).toBe("not_ours");
    expect((await check("0803 555 7001")).body.answer?.verdict).toBe("not_ours");
    await db
      .update(agentProfiles)
      .set({ publicEmailIsSignIn: true })
      .where(eq(agentProfiles.userId, "p-agent"));
    expect((await check("tunde.signin@v.test")).body.answer?.verdict).toBe("ours");
  });

  it("knows active team members' phones and e-mails and the published contact details", async () => {
    await db.insert(teamMembers).values([
      {
        name: "Chioma Eze",
        position: "Head of Lettings",
        phone: "0805 318 7745",
        email: "Chioma@NaijaHomes.ng",
      },
      { name: "Left Us", position: "Agent", phone: "0805 000 0001", isActive: false },
    ]);
    await db.insert(contactInfo).values([
      { key: "Phone", type: "phone", value: "+234 809 876 5432" },
      { key: "WhatsApp", type: "whatsapp", value: "0701 222 3333" },
    ]);
    expect((await check("08053187745")).body.answer?.headline).toBe(
      "This is the phone number of Chioma Eze, our Head of Lettings.",
    );
    expect((await check("chioma@naijahomes.ng")).body.answer?.headline).toBe(
      "This is the e-mail address of Chioma Eze, our Head of Lettings.",
    );
    expect((await check("08050000001")).body.answer?.verdict).toBe("not_ours");
    expect((await check("0809 876 5432")).body.answer?.headline).toBe(
      "This is a NaijaHomes office phone number, as listed on our contact page.",
    );
    expect((await check("+2347012223333")).body.answer?.headline).toBe(
      "This is the NaijaHomes WhatsApp line, as listed on our contact page.",
    );
  });

  it("never answers for a customer: a customer's phone is 'not ours' and names nobody", async () => {
    await db.insert(users).values([
      {
        id: "v-tenant",
        name: "Ngozi Customer",
        email: "ngozi@v.test",
        role: "tenant",
        phone: "0803 444 5555",
      },
      {
        id: "v-owner",
        name: "Emeka Owner",
        email: "emeka@v.test",
        role: "owner",
        phone: "0803 444 6666",
      },
    ]);
    await db.insert(appointments).values({
      fullName: "Guest Booker",
      email: "guest@v.test",
      phone: "0803 444 7777",
      appointmentDate: "2030-01-07",
      appointmentTime: "10:00 AM",
    });
    await db.insert(inquiries).values({
      source: "contact",
      name: "Inquirer",
      email: "inquirer@v.test",
      phone: "0803 444 8888",
      description: "Hello",
    });
    for (const [typed, name] of [
      ["08034445555", "Ngozi"],
      ["08034446666", "Emeka"],
      ["08034447777", "Guest"],
      ["08034448888", "Inquirer"],
      ["ngozi@v.test", "Ngozi"],
      ["guest@v.test", "Guest"],
    ]) {
      const { body } = await check(typed as string);
      expect(body.answer?.verdict, typed).toBe("not_ours");
      expect(JSON.stringify(body), typed).not.toContain(name as string);
    }
  });

  it("answers a live listing's code, in any spelling, with its title, price and who shows it", async () => {
    const id = await createProperty("Two-bedroom flat in Yaba");
    await db
      .update(properties)
      .set({ price: 2_500_000, purpose: "rent", rentPeriod: "year" })
      .where(eq(properties.id, id));
    const code = await listingCodeOf(id);
    const { body } = await check(code.toLowerCase().replaceAll("-", " "));
    expect(body.answer).toMatchObject({
      verdict: "ours",
      headline: `This is NaijaHomes listing ${code}: "Two-bedroom flat in Yaba", ₦2,500,000/year, shown by our office.`,
      shown: code,
    });
    expect(await checkRow("listing_code", code)).toMatchObject({ checkCount: 1 });
  });

  it("says a code of a listing no longer on offer was ours, and an unknown code is not ours", async () => {
    const id = await createProperty("Let already");
    await db.update(properties).set({ status: "let" }).where(eq(properties.id, id));
    const code = await listingCodeOf(id);
    expect((await check(code)).body.answer).toMatchObject({
      verdict: "ours",
      headline: `${code} was a NaijaHomes listing, and it is no longer on offer. Do not pay anyone for it.`,
    });
    const { body } = await check("nh lag 99421");
    expect(body.answer).toMatchObject({
      verdict: "not_ours",
      headline: "This is not a NaijaHomes listing code.",
      shown: "NH-LAG-99421",
    });
  });

  it("refuses what it cannot read, keeping it, and records nothing", async () => {
    const { status, body } = await check("call me maybe");
    expect(status).toBe(400);
    expect(body.fields?.value).toMatch(/Please enter a phone or WhatsApp number/);
    expect(body.values).toEqual({ value: "call me maybe" });
    expect(await db.select().from(verifyChecks)).toEqual([]);
  });

  it("answers a bot nothing and records nothing (honeypot)", async () => {
    const { status, body } = await check("0803 123 4567", undefined, { [HONEYPOT_FIELD]: "x" });
    expect(status).toBe(400);
    expect(body.answer).toBeUndefined();
    expect(await db.select().from(verifyChecks)).toEqual([]);
  });
});

describe("/verify: what the office sees", () => {
  it("counts each value once however it was spelt, with its last answer", async () => {
    await check("0809 999 0000");
    await check("+234 809 999 0000");
    await check("2348099990000");
    await check("0803 123 4567");
    const row = await checkRow("phone", "+2348099990000");
    expect(row).toMatchObject({ verdict: "not_ours", checkCount: 3 });
    expect(row?.lastCheckedAt.getTime()).toBeGreaterThanOrEqual(row?.firstCheckedAt.getTime() ?? 0);
    const admin = actorFor({ id: "office", email: "office@v.test" });
    const { rows: list } = await listCheckedValuesForAdmin(admin);
    // Ours is not listed; a stranger's number is, with its checks and reports.
    await db.insert(fraudReports).values([
      { checkedKind: "phone", checkedValue: "+2348099990000", reason: "used_our_name" },
      { checkedKind: "phone", checkedValue: "+2348099990000", reason: "money_before_viewing" },
    ]);
    expect(list.map((r) => r.value)).toEqual(["+2348099990000"]);
    expect((await listCheckedValuesForAdmin(admin)).rows[0]).toMatchObject({
      value: "+2348099990000",
      checks: 3,
      reports: 2,
    });
  });

  it(`allows ${RATE_LIMITS.verifyCheck.limit} checks per address in 10 minutes, then answers 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.verifyCheck.limit; i += 1) {
      expect((await check(`0809 999 ${String(1000 + i)}`, "10.46.0.1")).status).toBe(200);
    }
    const limited = await check("0803 123 4567", "10.46.0.1");
    expect(limited.status).toBe(429);
    expect(limited.body.error?.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await checkRow("phone", "+2348031234567")).toBeUndefined();
    // Another address is not slowed down.
    expect((await check("0803 123 4567", "10.46.0.2")).status).toBe(200);
  });

  it("lists the agency's own channels on the page, never the impostors", async () => {
    const { body } = await callLoader<{ channels: { value: string }[]; value: string }>(
      loader,
      "/verify?value=0803%20555%201234",
    );
    expect(body.channels.map((c) => c.value)).toEqual([
      "0803 123 4567",
      "+234 802 555 1834",
      "info@naijahomes.ng",
      "1023456789",
    ]);
    expect(body.value).toBe("0803 555 1234");
  });
});
