import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  inquiries,
  mailOutbox,
  properties,
  propertyDailyLeads,
  rateLimits,
  users,
} from "~/db/schema";
import { DEFAULT_CONTACT } from "~/lib/site";
import { createProperty, listingCodeOf } from "../../../tests/setup/accounts";
import { createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as goLoader } from "./go";
import { action as propertyAction, loader as propertyLoader } from "./property";

// /go/:propertyId/:click (the property page's counted WhatsApp and phone links) and the page's
// 'Ask about this property' form.

await setupTestDatabase();

const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

let address = 0;
function go(propertyId: string, click: string, query = "") {
  address += 1;
  const request = new Request(`http://localhost/go/${propertyId}/${click}${query}`, {
    headers: { "user-agent": BROWSER },
  });
  return callLoader(goLoader, request, { params: { propertyId, click }, ip: `10.8.0.${address}` });
}

async function leads(propertyId: string) {
  return db
    .select({ source: propertyDailyLeads.source, leads: propertyDailyLeads.leads })
    .from(propertyDailyLeads)
    .where(eq(propertyDailyLeads.propertyId, propertyId));
}

const agentPromise = createSignedInAgent("go-agent@example.com", { name: "Bisi Agent" });

beforeEach(async () => {
  await db.delete(inquiries);
  await db.delete(mailOutbox);
  await db.delete(rateLimits);
  await db.delete(properties);
});

describe("/go/:propertyId/:click", () => {
  it("sends the company's WhatsApp and phone for a listing without an agent, counting each", async () => {
    const id = await createProperty("Office-listed flat");
    const phone = await go(id, "phone");
    expect(phone.status).toBe(302);
    expect(phone.location).toBe(`tel:${DEFAULT_CONTACT.phones[0]?.replace(/\s+/g, "")}`);
    expect(phone.headers.get("Cache-Control")).toBe("no-store");
    const second = await go(id, "phone", "?line=1");
    expect(second.location).toBe(`tel:${DEFAULT_CONTACT.phones[1]?.replace(/\s+/g, "")}`);
    expect(await leads(id)).toEqual([{ source: "phone", leads: 2 }]);
    // No company WhatsApp number by default: nothing to chat with.
    expect((await go(id, "whatsapp")).status).toBe(404);
  });

  it("sends the agent's chat naming the listing and its address, and the agent's number", async () => {
    const agent = await agentPromise;
    await db.update(users).set({ phone: "0803 555 1234" }).where(eq(users.id, agent.id));
    const id = await createProperty("Agent-listed flat");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, id));
    const chat = await go(id, "whatsapp");
    expect(chat.status).toBe(302);
    const url = new URL(chat.location ?? "");
    expect(url.origin + url.pathname).toBe("https://wa.me/2348035551234");
    expect(url.searchParams.get("text")).toBe(
      `Hello Bisi, I am interested in "Agent-listed flat" (ref. ${await listingCodeOf(id)}) on NaijaHomes Realty: http://localhost:3000/property/${id}`,
    );
    expect((await go(id, "phone")).location).toBe("tel:08035551234");
    expect((await go(id, "phone", "?line=1")).status).toBe(404);
    const page = await callLoader<{ whatsapp: { chatHref?: string } }>(
      propertyLoader,
      `/property/${id}`,
      { params: { id } },
    );
    expect(page.body.whatsapp.chatHref).toBe(`/go/${id}/whatsapp`);
  });

  it("answers 404 for an unknown, unpublished or malformed listing and an unknown click", async () => {
    const id = await createProperty("Deleted flat");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    expect((await go(id, "phone")).status).toBe(404);
    expect((await go("00000000-0000-4000-8000-000000000000", "phone")).status).toBe(404);
    expect((await go("not-an-id", "phone")).status).toBe(404);
    const live = await createProperty("Live flat");
    expect((await go(live, "email")).status).toBe(404);
    expect(await leads(live)).toEqual([]);
  });
});

const ASK = {
  name: "Ngozi Okafor",
  email: "ngozi@example.ng",
  phone: "",
  message: "Is the flat still available in January?",
};

describe("Ask about this property", () => {
  it("stores the inquiry about the listing, counts it and tells the listing's agent", async () => {
    const agent = await agentPromise;
    const id = await createProperty("Asked flat");
    await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, id));
    const answer = await callAction(propertyAction, `/property/${id}`, {
      params: { id },
      form: ASK,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const [row] = await db.select().from(inquiries);
    expect(row).toMatchObject({
      source: "contact",
      propertyId: id,
      name: ASK.name,
      email: ASK.email,
      subject: "Enquiry: Asked flat",
      description: ASK.message,
      status: "pending",
    });
    expect(await leads(id)).toEqual([{ source: "inquiry", leads: 1 }]);
    expect((await db.select().from(mailOutbox)).map((m) => m.kind)).toEqual(["inquiry.received"]);
  });

  it("refuses bad input with the contact form's messages, keeps it and stores nothing", async () => {
    const id = await createProperty("Refusing flat");
    const answer = await callAction<{
      error?: { message: string };
      fields?: Record<string, string>;
      values?: Record<string, string>;
    }>(propertyAction, `/property/${id}`, {
      params: { id },
      form: { ...ASK, email: "not-an-email" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.email).toBe("Please enter a valid email address");
    expect(answer.body.values).toMatchObject({ name: ASK.name, email: "not-an-email" });
    expect(await db.select().from(inquiries)).toEqual([]);
    expect(await leads(id)).toEqual([]);
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it("answers 404 for a listing that is not on the site", async () => {
    const answer = await callAction(propertyAction, "/property/nope", {
      params: { id: "nope" },
      form: ASK,
    });
    expect(answer.status).toBe(404);
    expect(await db.select().from(inquiries)).toEqual([]);
  });
});
