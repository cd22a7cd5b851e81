import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { agentProfiles, properties, teamMembers, users } from "~/db/schema";
import { REGISTRATION_NOTE } from "~/lib/agent-profile";
import { ensureAgentProfile, saveAgentProfile } from "~/models/agent-profile.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as addUserAction } from "../admin/user-new";
import { loader as agentLoader } from "./agent";
import { loader as propertyLoader } from "./property";
import { loader as teamLoader } from "./team";

// Issue 45 item 3: an agent's public profile (/agents/:slug). What it shows, what it never
// shows (the sign-in e-mail unless the office ticked it), whose it is (active agents only: the
// rest are the site's 404), the live listings only, and the links to it from the property page
// and the team page.

await setupTestDatabase();

const admin = await createSignedInAdmin("profile-admin@example.com", { name: "Ada Admin" });

type Profile = {
  agent: {
    slug: string;
    name: string;
    position: string | null;
    staffId: string | null;
    lasreraNumber: string | null;
    esvarbonNumber: string | null;
    officialPhone: string | null;
    officialWhatsapp: string | null;
    publicEmail: string | null;
    listings: { id: string; title: string }[];
  };
  whatsapp?: string;
};

function openProfile(slug: string) {
  return callLoader<Profile>(agentLoader, `/agents/${slug}`, { params: { slug } });
}

const FIELDS = {
  staffId: "NH-0142",
  lasreraNumber: "LASRERA/AG/2023/0142",
  esvarbonNumber: "NIESV/A/3318",
  officialPhone: "+234 802 555 1834",
  officialWhatsapp: "0802 555 1834",
  publicEmail: "tunde.public@naijahomes.test",
  publicEmailIsSignIn: false,
};

async function agentWithProfile(email: string, name: string) {
  const agent = await createSignedInAgent(email, { name });
  const slug = await db.transaction((tx) => ensureAgentProfile(tx, agent.id));
  return { ...agent, slug };
}

describe("the profile page", () => {
  it("shows the name, role, numbers with the note, official contacts and live listings", async () => {
    const agent = await agentWithProfile("tunde.signin@naijahomes.test", "Babatunde Adeyemi");
    expect(agent.slug).toBe("babatunde-adeyemi");
    const saved = await saveAgentProfile(admin.actor, agent.id, FIELDS);
    expect(saved).toMatchObject({ ok: true, slug: "babatunde-adeyemi" });
    await db.insert(teamMembers).values({
      name: "Babatunde Adeyemi",
      position: "Head of Sales, Lagos",
      userId: agent.id,
    });
    const live = await createProperty("Lekki terrace");
    const sold = await createProperty("Ikoyi flat, sold");
    const trashed = await createProperty("Yaba room, trashed");
    const someoneElses = await createProperty("Ajah duplex");
    const office = await createProperty("Office listing");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, live));
    await db
      .update(properties)
      .set({ agentId: agent.id, status: "sold" })
      .where(eq(properties.id, sold));
    await db
      .update(properties)
      .set({ agentId: agent.id, deletedAt: new Date() })
      .where(eq(properties.id, trashed));
    const other = await createSignedInAgent("other-agent@naijahomes.test", { name: "Bisi Ade" });
    await db.update(properties).set({ agentId: other.id }).where(eq(properties.id, someoneElses));
    expect(office).toBeTruthy();

    const page = await openProfile("babatunde-adeyemi");
    expect(page.status).toBe(200);
    expect(page.body.agent).toMatchObject({
      name: "Babatunde Adeyemi",
      position: "Head of Sales, Lagos",
      staffId: "NH-0142",
      lasreraNumber: "LASRERA/AG/2023/0142",
      esvarbonNumber: "NIESV/A/3318",
      officialPhone: "+234 802 555 1834",
      publicEmail: "tunde.public@naijahomes.test",
    });
    // The WhatsApp chat goes to the official line, read as Nigerian.
    expect(page.body.whatsapp).toMatch(/^https:\/\/wa\.me\/2348025551834\?text=/);
    expect(page.body.agent.listings.map((l) => l.title)).toEqual(["Lekki terrace"]);
    // The sign-in address is nowhere in what the page gets.
    expect(JSON.stringify(page.body)).not.toContain("tunde.signin@naijahomes.test");
    expect(REGISTRATION_NOTE).toContain("does not check them with LASRERA");
  });

  it("shows the sign-in e-mail only when the office ticked it", async () => {
    const agent = await agentWithProfile("aisha.signin@naijahomes.test", "Aisha Bello");
    const { publicEmail: _, ...rest } = FIELDS;
    // Nothing entered, nothing ticked: no e-mail at all (never the sign-in one as a fallback).
    await saveAgentProfile(admin.actor, agent.id, { ...rest, staffId: "", publicEmail: "" });
    let page = await openProfile(agent.slug);
    expect(page.body.agent.publicEmail).toBeNull();
    expect(JSON.stringify(page.body)).not.toContain("aisha.signin@naijahomes.test");
    // Ticked: the sign-in address is the public one.
    await saveAgentProfile(admin.actor, agent.id, {
      ...rest,
      staffId: "",
      publicEmail: "",
      publicEmailIsSignIn: true,
    });
    page = await openProfile(agent.slug);
    expect(page.body.agent.publicEmail).toBe("aisha.signin@naijahomes.test");
  });

  it("is the site's 404 for an unknown slug, an inactive agent and an account no longer an agent", async () => {
    expect((await openProfile("no-such-agent")).status).toBe(404);
    for (const odd of ["\u0000", "a/b", "x".repeat(81), ""]) {
      expect((await openProfile(odd)).status).toBe(404);
    }
    const gone = await agentWithProfile("gone@naijahomes.test", "Gone Agent");
    expect((await openProfile(gone.slug)).status).toBe(200);
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, gone.id));
    expect((await openProfile(gone.slug)).status).toBe(404);
    const demoted = await agentWithProfile("demoted@naijahomes.test", "Demoted Agent");
    await db.update(users).set({ role: "tenant" }).where(eq(users.id, demoted.id));
    expect((await openProfile(demoted.slug)).status).toBe(404);
  });

  it("keeps its slug when the name changes; a namesake gets the next one", async () => {
    const first = await agentWithProfile("ngozi1@naijahomes.test", "Ngozi Eze");
    const second = await agentWithProfile("ngozi2@naijahomes.test", "Ngozi Éze");
    expect([first.slug, second.slug]).toEqual(["ngozi-eze", "ngozi-eze-2"]);
    await db.update(users).set({ name: "Ngozi Okonkwo" }).where(eq(users.id, first.id));
    // Made again (an account made an agent once more): the same row, the same slug.
    expect(await db.transaction((tx) => ensureAgentProfile(tx, first.id))).toBe("ngozi-eze");
    expect((await openProfile("ngozi-eze")).body.agent.name).toBe("Ngozi Okonkwo");
  });

  it("is made with an agent account the office adds", async () => {
    const added = await callAction(addUserAction, "/admin/users/new", {
      cookie: admin.cookie,
      form: {
        intent: "create",
        email: "new.agent@naijahomes.test",
        firstName: "Chidi",
        lastName: "Okoro",
        phone: "",
        role: "agent",
        back: "/admin/users",
      },
    });
    expect(added.status).toBe(302);
    const [account] = await db
      .select({ slug: agentProfiles.slug })
      .from(agentProfiles)
      .innerJoin(users, eq(users.id, agentProfiles.userId))
      .where(eq(users.email, "new.agent@naijahomes.test"));
    expect(account?.slug).toBe("chidi-okoro");
    const customer = await createSignedInUser("just.a.customer@example.com", "Just Customer");
    const [none] = await db
      .select()
      .from(agentProfiles)
      .where(eq(agentProfiles.userId, customer.id));
    expect(none).toBeUndefined();
  });
});

describe("the links to it", () => {
  it("the property page names 'Your agent' with the slug and the public e-mail, never the sign-in one", async () => {
    const agent = await agentWithProfile("kemi.signin@naijahomes.test", "Kemi Ade");
    await saveAgentProfile(admin.actor, agent.id, {
      ...FIELDS,
      staffId: "NH-0200",
      officialWhatsapp: "+234 701 000 0000",
      publicEmail: "kemi@naijahomes.test",
    });
    const listing = await createProperty("Kemi's listing");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, listing));
    const page = await callLoader<{
      agent: { slug: string | null; email: string | null; phone: string | null };
      whatsapp: { chat?: string };
    }>(propertyLoader, `/property/${listing}`, { params: { id: listing } });
    expect(page.body.agent).toMatchObject({
      slug: "kemi-ade",
      email: "kemi@naijahomes.test",
      phone: "+234 802 555 1834",
    });
    expect(JSON.stringify(page.body)).not.toContain("kemi.signin@naijahomes.test");
    // The listing's chat goes to the official WhatsApp line.
    expect(page.body.whatsapp.chat).toMatch(/^https:\/\/wa\.me\/2347010000000\?/);
  });

  it("the team page links a member who is an active agent, and no one else", async () => {
    const agent = await agentWithProfile("team.agent@naijahomes.test", "Team Agent");
    const inactive = await agentWithProfile("team.gone@naijahomes.test", "Team Gone");
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, inactive.id));
    await db.insert(teamMembers).values([
      { name: "Team Agent", position: "Letting Agent", userId: agent.id },
      { name: "Team Gone", position: "Letting Agent", userId: inactive.id },
      { name: "Team Admin", position: "Director", userId: admin.id },
      { name: "Unlinked", position: "Engineer" },
    ]);
    const team = await callLoader<{ members: { name: string; agentSlug: string | null }[] }>(
      teamLoader,
      "/team",
    );
    const slugs = Object.fromEntries(team.body.members.map((m) => [m.name, m.agentSlug]));
    expect(slugs).toMatchObject({
      "Team Agent": "team-agent",
      "Team Gone": null,
      "Team Admin": null,
      Unlinked: null,
    });
  });
});
