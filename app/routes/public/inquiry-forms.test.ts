import { beforeEach, describe, expect, it, vi } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import { inquiries, rateLimits } from "~/db/schema";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { DEFAULT_CONTACT } from "~/lib/site";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";
import { cookieHeader } from "../../../tests/setup/accounts";
import { callAction, callLoader, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as contactAction, loader as contactLoader } from "./contact";
import { action as serviceAction, loader as serviceLoader } from "./service";

// The contact form (/contact) and the service inquiry form (/services/{id}), called as
// functions: what each stores, and that bad input stores nothing and keeps what was typed.

const store = vi.hoisted(() => ({ failNext: false }));
vi.mock("~/models/inquiry.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/inquiry.server")>();
  return {
    ...actual,
    createInquiry: async (input: Parameters<typeof actual.createInquiry>[0]) => {
      if (store.failNext) {
        store.failNext = false;
        throw new Error("database unavailable");
      }
      return actual.createInquiry(input);
    },
  };
});

await setupTestDatabase();

/** What the forms' actions answer. */
type FormBody = {
  ok?: true;
  error?: { title: string; message: string };
  fields?: Record<string, string>;
  values?: Record<string, string>;
};

async function signedInCookie(email: string) {
  const password = "secret-password-1";
  await getAuth().api.signUpEmail({
    body: { email, password, name: "Chioma Eze", firstName: "Chioma", lastName: "Eze" },
  });
  const { headers, response } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = cookieHeader(headers.getSetCookie());
  return { cookie, userId: response.user.id };
}

beforeEach(async () => {
  await db.delete(inquiries);
  await db.delete(rateLimits);
  store.failNext = false;
});

// ---------------------------------------------------------------------------------------------

const CONTACT = {
  name: "Tunde Bakare",
  email: "tunde@example.ng",
  phone: "+234 802 555 0101",
  subject: "Office space in Wuse II",
  message: "Do you have a 200 sqm office to let from January?",
};

describe("/contact", () => {
  it("loads the contact details with the spec's defaults and an empty form", async () => {
    const data = await contactLoader(routeArgs("/contact"));
    expect(data.contact).toEqual({
      address: DEFAULT_CONTACT.address,
      phones: [...DEFAULT_CONTACT.phones],
      email: DEFAULT_CONTACT.email,
      emails: [DEFAULT_CONTACT.email],
      hours: ["Monday-Friday 9:00 AM-5:00 PM", "Saturday 10:00 AM-2:00 PM"],
      whatsapp: null,
    });
    expect(data.social.facebook).toMatch(/^https:\/\/facebook\.com\//);
    expect(data.prefill).toEqual({ name: "", email: "", subject: "" });
  });

  it("prefills the subject from ?subject= and the signed-in visitor's name and e-mail", async () => {
    const { cookie } = await signedInCookie("chioma.contact@example.ng");
    const request = new Request("http://localhost/contact?subject=Careers", {
      headers: { cookie },
    });
    const data = await contactLoader(routeArgs(request));
    expect(data.prefill).toEqual({
      name: "Chioma Eze",
      email: "chioma.contact@example.ng",
      subject: "Careers",
    });
  });

  it("stores one pending contact inquiry and answers ok", async () => {
    const answer = await callAction<FormBody>(contactAction, "/contact", { form: CONTACT });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const rows = await db.select().from(inquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "contact",
      status: "pending",
      name: CONTACT.name,
      email: CONTACT.email,
      phone: CONTACT.phone,
      subject: CONTACT.subject,
      description: CONTACT.message,
      service: null,
      userId: null,
      response: null,
    });
  });

  it("trims the fields, and stores no phone when none was given", async () => {
    await callAction<FormBody>(contactAction, "/contact", {
      form: { ...CONTACT, name: "  Tunde Bakare ", phone: "   " },
    });
    const [row] = await db.select().from(inquiries);
    expect(row?.name).toBe("Tunde Bakare");
    expect(row?.phone).toBeNull();
  });

  it("records the signed-in sender", async () => {
    const { cookie, userId } = await signedInCookie("chioma.sender@example.ng");
    await callAction<FormBody>(contactAction, "/contact", { cookie, form: CONTACT });
    const rows = await db.select().from(inquiries);
    expect(rows.map((r) => r.userId)).toEqual([userId]);
  });

  it.each([
    ["name", "", "Please enter your full name"],
    ["email", "", "Please enter your email address"],
    ["subject", "", "Please enter a subject"],
    ["message", "", "Please enter your message"],
    ["name", "   ", "Please enter your full name"],
    ["message", " \n\t ", "Please enter your message"],
  ])(
    "refuses a missing %s (%j): message beside it, values kept, nothing stored",
    async (field, value, message) => {
      const typed = { ...CONTACT, [field]: value };
      const answer = await callAction<FormBody>(contactAction, "/contact", { form: typed });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        title: "Error",
        message: "Please fill in all required fields",
      });
      expect(answer.body.fields).toEqual({ [field]: message });
      expect(answer.body.values).toEqual(typed);
      expect(await db.select().from(inquiries)).toHaveLength(0);
    },
  );

  it("refuses a malformed e-mail or phone number, keeping the values", async () => {
    const badEmail = { ...CONTACT, email: "tunde@" };
    const email = await callAction<FormBody>(contactAction, "/contact", { form: badEmail });
    expect(email.status).toBe(400);
    expect(email.body.error?.message).toBe("Please enter a valid email address");
    expect(email.body.fields).toEqual({ email: "Please enter a valid email address" });
    expect(email.body.values).toEqual(badEmail);

    const phone = await callAction<FormBody>(contactAction, "/contact", {
      form: { ...CONTACT, phone: "call me" },
    });
    expect(phone.status).toBe(400);
    expect(phone.body.fields).toEqual({ phone: "Please enter a valid phone number" });
    expect(await db.select().from(inquiries)).toHaveLength(0);
  });

  it("answers a bot that filled the honeypot like a person, and stores nothing", async () => {
    const answer = await callAction<FormBody>(contactAction, "/contact", {
      form: { ...CONTACT, [HONEYPOT_FIELD]: "http://spam.example" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await db.select().from(inquiries)).toHaveLength(0);
  });

  it("answers 429 after 10 messages from one address in 10 minutes, keeping the values", async () => {
    for (let i = 0; i < 10; i++) {
      const answer = await callAction<FormBody>(contactAction, "/contact", {
        form: CONTACT,
        ip: "10.9.9.9",
      });
      expect(answer.status).toBe(200);
    }
    const limited = await callAction<FormBody>(contactAction, "/contact", {
      form: CONTACT,
      ip: "10.9.9.9",
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error?.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(limited.body.values).toEqual(CONTACT);
    expect(await db.select().from(inquiries)).toHaveLength(10);
    // Another visitor is not affected.
    expect((await callAction<FormBody>(contactAction, "/contact", { form: CONTACT })).status).toBe(
      200,
    );
  });

  it("answers the spec's failure message, keeping the values, when storing fails", async () => {
    store.failNext = true;
    const answer = await callAction<FormBody>(contactAction, "/contact", { form: CONTACT });
    expect(answer.status).toBe(500);
    expect(answer.body.error).toEqual({
      title: "Error",
      message: "Failed to send your message. Please try again later.",
    });
    expect(answer.body.values).toEqual(CONTACT);
  });
});

// ---------------------------------------------------------------------------------------------

const INQUIRY = {
  name: "Amaka Obi",
  email: "amaka@example.ng",
  phone: "0803 123 4567",
  message: "I want to let my 3-bedroom flat in Lekki. What do you charge?",
};

describe("/services/{id}", () => {
  it("sends an unknown service id to Property Sales, from the loader and the action", async () => {
    const load = await callLoader(serviceLoader, "/services/legal", { params: { id: "legal" } });
    expect(load).toMatchObject({ status: 302, location: "/services/property-sales" });
    const submit = await callAction<FormBody>(serviceAction, "/services/nope", {
      form: INQUIRY,
      params: { id: "nope" },
    });
    expect(submit).toMatchObject({ status: 302, location: "/services/property-sales" });
    expect(await db.select().from(inquiries)).toHaveLength(0);
  });

  it("loads a known service with the direct-contact phone and no prefill", async () => {
    const data = await serviceLoader(
      routeArgs("/services/project-management", { params: { id: "project-management" } }),
    );
    expect(data).toEqual({
      serviceId: "project-management",
      phone: DEFAULT_CONTACT.phones[0],
      prefill: {},
    });
  });

  it("prefills the signed-in visitor's name and e-mail", async () => {
    const { cookie } = await signedInCookie("chioma.service@example.ng");
    const request = new Request("http://localhost/services/property-sales", {
      headers: { cookie },
    });
    const data = await serviceLoader(routeArgs(request, { params: { id: "property-sales" } }));
    expect(data.prefill).toEqual({ name: "Chioma Eze", email: "chioma.service@example.ng" });
  });

  it("stores one service inquiry naming the service", async () => {
    const { cookie, userId } = await signedInCookie("amaka.service@example.ng");
    const answer = await callAction<FormBody>(serviceAction, "/services/property-rentals", {
      cookie,
      form: INQUIRY,
      params: { id: "property-rentals" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    const rows = await db.select().from(inquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: "service",
      service: "property-rentals",
      subject: "Inquiry about Property Rentals",
      status: "pending",
      name: INQUIRY.name,
      email: INQUIRY.email,
      phone: INQUIRY.phone,
      description: INQUIRY.message,
      userId,
    });
  });

  it.each([
    ["name", ""],
    ["email", ""],
    ["phone", ""],
    ["message", ""],
    ["name", "  "],
    ["phone", " "],
    ["message", "\n\n"],
  ])(
    "refuses an empty %s (%j) with 'Please fill in all fields', values kept, nothing stored",
    async (field, value) => {
      const typed = { ...INQUIRY, [field]: value };
      const answer = await callAction<FormBody>(serviceAction, "/services/property-sales", {
        form: typed,
        params: { id: "property-sales" },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ title: "Error", message: "Please fill in all fields" });
      expect(Object.keys(answer.body.fields ?? {})).toEqual([field]);
      expect(answer.body.values).toEqual(typed);
      expect(await db.select().from(inquiries)).toHaveLength(0);
    },
  );

  it("refuses a malformed e-mail with a clear message", async () => {
    const typed = { ...INQUIRY, email: "amaka.example.ng" };
    const answer = await callAction<FormBody>(serviceAction, "/services/property-sales", {
      form: typed,
      params: { id: "property-sales" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Error",
      message: "Please enter a valid email address",
    });
    expect(answer.body.fields).toEqual({ email: "Please enter a valid email address" });
    expect(answer.body.values).toEqual(typed);
    expect(await db.select().from(inquiries)).toHaveLength(0);
  });

  it("answers a honeypot bot like a person and stores nothing", async () => {
    const answer = await callAction<FormBody>(serviceAction, "/services/property-sales", {
      form: { ...INQUIRY, [HONEYPOT_FIELD]: "x" },
      params: {
        id: "property-sales",
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true });
    expect(await db.select().from(inquiries)).toHaveLength(0);
  });

  it("answers 429 after 10 inquiries from one address, keeping the values", async () => {
    const send = () =>
      callAction<FormBody>(serviceAction, "/services/property-management", {
        form: INQUIRY,
        params: { id: "property-management" },
        ip: "10.8.8.8",
      });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body.values).toEqual(INQUIRY);
    expect(await db.select().from(inquiries)).toHaveLength(10);
  });

  it("answers a failure message, keeping the values, when storing fails", async () => {
    store.failNext = true;
    const answer = await callAction<FormBody>(serviceAction, "/services/property-sales", {
      form: INQUIRY,
      params: { id: "property-sales" },
    });
    expect(answer.status).toBe(500);
    expect(answer.body.error?.message).toBe(
      "Failed to submit your inquiry. Please try again later.",
    );
    expect(answer.body.values).toEqual(INQUIRY);
  });
});
