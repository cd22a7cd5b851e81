import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { agentProfiles, auditEvents } from "~/db/schema";
import type { EditConflict } from "~/lib/edit-conflict";
import { AGENT_PROFILE_MESSAGES } from "~/lib/schemas/agent-profile";
import { ensureAgentProfile } from "~/models/agent-profile.server";
import { createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./user";

// Issue 45 item 3: the office edits an agent's public profile on the agent's account
// (/admin/users/:id, intent "agent-profile"): each field checked on the server with the
// message beside it and what was typed kept, nothing written on a refusal; a staff ID names one
// agent; only an agent's account has the form; agents themselves cannot post it.

await setupTestDatabase();

const admin = await createSignedInAdmin("profile-office@example.com", { name: "Ada Admin" });
const agent = await createSignedInAgent("folake.signin@naijahomes.test", { name: "Folake Bello" });
await db.transaction((tx) => ensureAgentProfile(tx, agent.id));
const colleague = await createSignedInAgent("bayo@naijahomes.test", { name: "Bayo Lawal" });
await db.transaction((tx) => ensureAgentProfile(tx, colleague.id));
await db
  .update(agentProfiles)
  .set({ staffId: "NH-0007" })
  .where(eq(agentProfiles.userId, colleague.id));

type Page = {
  agentProfile: { slug: string; version: string; values: Record<string, string> } | null;
};

async function openPage(id: string) {
  const page = await callLoader<Page>(loader, `/admin/users/${id}`, {
    cookie: admin.cookie,
    params: { id },
  });
  expect(page.status).toBe(200);
  return page.body;
}

const VALID = {
  staffId: "NH-0142",
  lasreraNumber: "LASRERA/AG/2023/0142",
  esvarbonNumber: "NIESV/A/3318",
  officialPhone: "0802 555 1834",
  officialWhatsapp: "+234 802 555 1834",
  publicEmail: "folake@naijahomes.test",
};

async function post(
  fields: Record<string, string>,
  options: { cookie?: string; id?: string } = {},
) {
  const id = options.id ?? agent.id;
  const opened = options.cookie ? undefined : await openPage(id);
  return callAction<FormFailure & { conflict?: EditConflict }>(action, `/admin/users/${id}`, {
    cookie: options.cookie ?? admin.cookie,
    params: { id },
    form: {
      intent: "agent-profile",
      back: "/admin/users",
      ...(opened?.agentProfile ? { version: opened.agentProfile.version } : {}),
      ...fields,
    },
  });
}

async function stored() {
  const [row] = await db.select().from(agentProfiles).where(eq(agentProfiles.userId, agent.id));
  return row;
}

describe("the agent profile form", () => {
  it.each([
    ["staffId", "NH 01/42", AGENT_PROFILE_MESSAGES.staffId],
    ["staffId", "N".repeat(21), AGENT_PROFILE_MESSAGES.staffId],
    ["lasreraNumber", "<script>", AGENT_PROFILE_MESSAGES.lasreraNumber],
    ["esvarbonNumber", "x".repeat(41), AGENT_PROFILE_MESSAGES.esvarbonNumber],
    ["officialPhone", "call me", AGENT_PROFILE_MESSAGES.officialPhone],
    ["officialWhatsapp", "12345", AGENT_PROFILE_MESSAGES.officialWhatsapp],
    ["publicEmail", "folake@", AGENT_PROFILE_MESSAGES.publicEmail],
  ])(
    "refuses %s %j beside the field, keeps the input, writes nothing",
    async (field, value, message) => {
      const before = await stored();
      const answer = await post({ ...VALID, [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body.fields?.[field]).toBe(message);
      expect(answer.body.values?.[field]).toBe(value);
      expect(await stored()).toEqual(before);
    },
  );

  it("refuses a public e-mail together with 'use the sign-in e-mail'", async () => {
    const answer = await post({ ...VALID, publicEmailIsSignIn: "on" });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.publicEmail).toBe(AGENT_PROFILE_MESSAGES.publicEmailBoth);
  });

  it("refuses a staff ID another agent has, whatever its case", async () => {
    const answer = await post({ ...VALID, staffId: "nh-0007" });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.staffId).toBe(AGENT_PROFILE_MESSAGES.staffIdTaken);
    expect((await stored())?.staffId).toBeNull();
  });

  it("saves the fields, audited, and the page opens with them", async () => {
    const answer = await post({ ...VALID });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/users");
    expect(await stored()).toMatchObject({ ...VALID, publicEmailIsSignIn: false });
    const [audit] = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "agent-profile.update"), eq(auditEvents.entityId, agent.id)),
      );
    expect(JSON.stringify(audit?.changes)).toContain("NH-0142");
    const page = await openPage(agent.id);
    expect(page.agentProfile?.values).toMatchObject({ ...VALID, publicEmailIsSignIn: "" });
    // Ticking "use the sign-in e-mail" with the field emptied stores no public e-mail of its own.
    const ticked = await post({ ...VALID, publicEmail: "", publicEmailIsSignIn: "on" });
    expect(ticked.status).toBe(302);
    expect(await stored()).toMatchObject({ publicEmail: null, publicEmailIsSignIn: true });
  });

  it("a save over a colleague's newer one keeps their field and takes mine", async () => {
    const opened = await openPage(agent.id);
    // A colleague changes the LASRERA number meanwhile.
    const theirs = await callAction(action, `/admin/users/${agent.id}`, {
      cookie: admin.cookie,
      params: { id: agent.id },
      form: {
        intent: "agent-profile",
        version: opened.agentProfile?.version ?? "",
        ...opened.agentProfile?.values,
        lasreraNumber: "LASRERA/AG/2024/9999",
      },
    });
    expect(theirs.status).toBe(302);
    const mine = await callAction(action, `/admin/users/${agent.id}`, {
      cookie: admin.cookie,
      params: { id: agent.id },
      form: {
        intent: "agent-profile",
        version: opened.agentProfile?.version ?? "",
        ...opened.agentProfile?.values,
        staffId: "NH-0150",
      },
    });
    expect(mine.status).toBe(302);
    expect(await stored()).toMatchObject({
      staffId: "NH-0150",
      lasreraNumber: "LASRERA/AG/2024/9999",
    });
  });

  it("is only on an agent's account, and only the office posts it", async () => {
    const customer = await createSignedInUser("a.customer@example.com", "A Customer");
    expect((await openPage(customer.id)).agentProfile).toBeNull();
    expect((await openPage(agent.id)).agentProfile?.slug).toBe("folake-bello");
    // Posted as the matrix does, with the customer's page's (account) version.
    const customerPage = await callLoader<{ user: { version: string } }>(
      loader,
      `/admin/users/${customer.id}`,
      { cookie: admin.cookie, params: { id: customer.id } },
    );
    const forCustomer = await post(
      { ...VALID, staffId: "NH-0300", version: customerPage.body.user.version },
      { id: customer.id },
    );
    expect(forCustomer.status).toBe(409);
    expect(forCustomer.body.error?.message).toBe(AGENT_PROFILE_MESSAGES.notAgent);
    const before = await stored();
    const byAgent = await post({ ...VALID, staffId: "NH-0301" }, { cookie: agent.cookie });
    expect(byAgent.status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
