import { asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, contactInfo, mailOutbox } from "~/db/schema";
import { realEstateAgentJsonLd } from "~/lib/structured-data";
import { settleBackgroundMail } from "~/mail/mail.server";
import { queuePasswordResetEmail } from "~/mail/password-reset.server";
import { getContactDetails } from "~/models/site-content.server";
import { createProperty, listingCodeOf } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import {
  callAction,
  callLoader,
  type FormFailure,
  routeArgs,
} from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as contactPageLoader } from "../public/contact";
import { loader as layoutLoader } from "../public/layout";
import { loader as propertyLoader } from "../public/property";
import { action as contactAction, loader } from "./contact-info";

// /admin/contact-info: each item added, edited and deleted with the spec's messages, and every
// place the site shows contact details reading what was saved.

await setupTestDatabase();

const admin = await createSignedInAdmin("contact@example.com");

type Page = Awaited<ReturnType<typeof loader>>;

const ADDRESS_ID = "00000000-0000-4000-8000-0000000000a1";
const PHONE_ID = "00000000-0000-4000-8000-0000000000b1";
const EMAIL_ID = "00000000-0000-4000-8000-0000000000c1";
const HOURS_ID = "00000000-0000-4000-8000-0000000000d1";

beforeEach(async () => {
  await db.delete(contactInfo);
  await db.insert(contactInfo).values([
    { id: ADDRESS_ID, key: "Office Address", type: "address", value: "Plot 24, Gwarinpa" },
    { id: PHONE_ID, key: "Phone", type: "phone", value: "+234 803 123 4567", sortOrder: 1 },
    { id: EMAIL_ID, key: "Email", type: "email", value: "info@naijahomes.ng", sortOrder: 2 },
    {
      id: HOURS_ID,
      key: "Weekdays",
      type: "hours",
      value: "Monday-Friday 9:00 AM-5:00 PM",
      sortOrder: 3,
    },
  ]);
});

function page(search = "") {
  return callLoader<Page>(loader, `/admin/contact-info${search}`, { cookie: admin.cookie });
}

async function items() {
  return db
    .select({ key: contactInfo.key, type: contactInfo.type, value: contactInfo.value })
    .from(contactInfo)
    .orderBy(asc(contactInfo.sortOrder));
}

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

function expectSaved(answer: { status: number; location: string | null; cookies: string[] }) {
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/admin/contact-info");
  expect(answer.cookies.join()).toContain("flash=contactInfoUpdated");
}

describe("the list", () => {
  it("groups the items by type and opens one for editing from the address", async () => {
    const list = await page(`?edit=${PHONE_ID}`);
    expect(list.body.items.map((i) => i.type)).toEqual(["address", "phone", "email", "hours"]);
    expect(list.body.editing).toBe(PHONE_ID);
    expect((await page("?edit=nope")).body.editing).toBeNull();
  });
});

describe("adding an item", () => {
  it("adds a phone, a second e-mail and the WhatsApp number, after the others", async () => {
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: { intent: "add", type: "phone", label: "Sales", value: "0809 876 5432" },
      }),
    );
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: {
          intent: "add",
          type: "email",
          label: "Sales email",
          value: "sales@naijahomes.ng",
        },
      }),
    );
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: {
          intent: "add",
          type: "whatsapp",
          label: "WhatsApp",
          value: "+234 701 222 3333",
        },
      }),
    );
    expect((await items()).slice(-3)).toEqual([
      { key: "Sales", type: "phone", value: "0809 876 5432" },
      { key: "Sales email", type: "email", value: "sales@naijahomes.ng" },
      { key: "WhatsApp", type: "whatsapp", value: "+234 701 222 3333" },
    ]);
    expect(await getContactDetails()).toEqual({
      address: "Plot 24, Gwarinpa",
      phones: ["+234 803 123 4567", "0809 876 5432"],
      email: "info@naijahomes.ng",
      emails: ["info@naijahomes.ng", "sales@naijahomes.ng"],
      hours: ["Monday-Friday 9:00 AM-5:00 PM"],
      whatsapp: "+234 701 222 3333",
    });
  });

  it.each([
    [
      { type: "phone", label: "", value: "0803 000 0000" },
      "label",
      "Please enter both a label and a value",
    ],
    [
      { type: "phone", label: "Sales", value: "  " },
      "value",
      "Please enter both a label and a value",
    ],
    [
      { type: "email", label: "Sales", value: "sales-at-naijahomes" },
      "value",
      "Please enter a valid email address",
    ],
    [
      { type: "phone", label: "Sales", value: "call the office" },
      "value",
      "Please enter a valid phone number",
    ],
    [
      { type: "whatsapp", label: "WhatsApp", value: "080 1234" },
      "value",
      "Please enter the WhatsApp number with its country code, e.g. +234 803 123 4567",
    ],
    [
      { type: "phone", label: "x".repeat(61), value: "0803 000 0000" },
      "label",
      "Please keep this under 60 characters",
    ],
  ])("refuses %o with the message, keeping what was typed", async (form, field, message) => {
    const before = await auditCount();
    const answer = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", ...form },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ title: "Validation Error", message });
    expect(answer.body.fields?.[field]).toBe(message);
    expect(answer.body.values).toMatchObject(form);
    expect(await items()).toHaveLength(4);
    expect(await auditCount()).toBe(before);
  });

  it("refuses a second address or WhatsApp number, and a label already used", async () => {
    const address = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "address", label: "Lagos", value: "Lekki" },
    });
    expect(address.status).toBe(400);
    expect(address.body.error).toEqual({
      title: "Failed to update contact information",
      message: "There can be only one of these: edit it instead",
    });
    await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "whatsapp", label: "WhatsApp", value: "+234 701 222 3333" },
    });
    const whatsapp = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: {
        intent: "add",
        type: "whatsapp",
        label: "Other WhatsApp",
        value: "+234 701 444 5555",
      },
    });
    expect(whatsapp.body.fields?.value).toBe("There can be only one of these: edit it instead");
    const label = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: {
        intent: "add",
        type: "phone",
        label: "phone",
        value: "0803 999 9999",
      },
    });
    expect(label.status).toBe(400);
    expect(label.body.fields?.label).toBe("Another item already uses this label");
    expect(await items()).toHaveLength(5);
  });

  it("answers 404 for a type that is not one of the five", async () => {
    const answer = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "fax", label: "Fax", value: "0803 000 0000" },
    });
    expect(answer.status).toBe(404);
  });
});

/** The page's action; an item's edit form posts the version the page gave that item. */
const action = postingOpenedVersion(contactAction, ["update"], (form, cookie) =>
  openedVersion<{ items: { id: string; version: string }[] }>(
    loader,
    "/admin/contact-info",
    { cookie },
    (body) => body.items.find((item) => item.id === form.get("id"))?.version,
  ).catch(() => undefined),
);

describe("editing an item", () => {
  it("changes its label and value; a multi-line address keeps its lines", async () => {
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: {
          intent: "update",
          id: ADDRESS_ID,
          type: "address",
          label: "Head office",
          value: "Plot 5, Aminu Kano Crescent\r\nWuse 2, Abuja",
        },
      }),
    );
    expect((await items())[0]).toEqual({
      key: "Head office",
      type: "address",
      value: "Plot 5, Aminu Kano Crescent\nWuse 2, Abuja",
    });
    const [audit] = await db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, ADDRESS_ID));
    expect(audit?.changes).toMatchObject({
      label: { before: "Office Address", after: "Head office" },
    });
  });

  it("refuses a value its type does not allow, keeping what was typed", async () => {
    const answer = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: {
        intent: "update",
        id: EMAIL_ID,
        type: "email",
        label: "Email",
        value: "nope",
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.value).toBe("Please enter a valid email address");
    expect(answer.body.values).toMatchObject({ id: EMAIL_ID, value: "nope" });
    expect((await items())[2]?.value).toBe("info@naijahomes.ng");
  });

  it("answers 404 for an unknown or malformed id, or a type that is not the item's", async () => {
    const form = { intent: "update", type: "phone", label: "X", value: "0803 000 0000" };
    expect(
      (
        await callAction<FormFailure>(action, "/admin/contact-info", {
          cookie: admin.cookie,
          form: { ...form, id: "00000000-0000-4000-8000-000000000999" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction<FormFailure>(action, "/admin/contact-info", {
          cookie: admin.cookie,
          form: { ...form, id: "not-an-id" },
        })
      ).status,
    ).toBe(404);
    // The type is fixed once an item exists: a phone cannot become an e-mail.
    const changed = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { ...form, id: PHONE_ID, type: "email", value: "a@naijahomes.ng" },
    });
    expect(changed.status).toBe(404);
    expect((await items())[1]?.type).toBe("phone");
  });
});

describe("deleting an item", () => {
  it("asks first, then deletes; the last address, phone, e-mail or hours line stays", async () => {
    await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "phone", label: "Sales", value: "0809 876 5432" },
    });
    const ask = await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "delete", id: PHONE_ID },
    });
    expect(ask.body.confirm?.question).toBe("Delete this contact item?");
    expect(await items()).toHaveLength(5);
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: { intent: "delete", id: PHONE_ID, confirmed: "yes" },
      }),
    );
    expect((await getContactDetails()).phones).toEqual(["0809 876 5432"]);

    // Now one of each type is left: none can be deleted.
    for (const item of (await page()).body.items) {
      const last = await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: { intent: "delete", id: item.id, confirmed: "yes" },
      });
      expect(last.status, item.type).toBe(400);
      expect(last.body.error?.message).toBe(
        "The site needs at least one of these: edit it instead of deleting it",
      );
    }
    expect(await items()).toHaveLength(4);
    expect(
      (
        await callAction<FormFailure>(action, "/admin/contact-info", {
          cookie: admin.cookie,
          form: { intent: "delete", id: PHONE_ID, confirmed: "yes" },
        })
      ).status,
    ).toBe(404);
  });

  it("removes the WhatsApp number, and with it the chat links", async () => {
    await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "whatsapp", label: "WhatsApp", value: "+234 701 222 3333" },
    });
    const whatsapp = (await page()).body.items.find((i) => i.type === "whatsapp");
    expectSaved(
      await callAction<FormFailure>(action, "/admin/contact-info", {
        cookie: admin.cookie,
        form: { intent: "delete", id: whatsapp?.id ?? "", confirmed: "yes" },
      }),
    );
    expect((await getContactDetails()).whatsapp).toBeNull();
  });
});

describe("where the site shows them", () => {
  it("shows a changed phone and the WhatsApp number in the footer, the contact page, the property page, e-mails and the JSON-LD", async () => {
    await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: {
        intent: "update",
        id: PHONE_ID,
        type: "phone",
        label: "Phone",
        value: "+234 812 000 1111",
      },
    });
    await callAction<FormFailure>(action, "/admin/contact-info", {
      cookie: admin.cookie,
      form: { intent: "add", type: "whatsapp", label: "WhatsApp", value: "0701 222 3333" },
    });

    const footer = await callLoader<{ contact: { phones: string[]; whatsapp: string } }>(
      layoutLoader,
      "/",
    );
    expect(footer.body.contact.phones).toEqual(["+234 812 000 1111"]);
    expect(footer.body.contact.whatsapp).toBe("0701 222 3333");

    const contactPage = await callLoader<{ contact: { phones: string[] } }>(
      contactPageLoader,
      "/contact",
    );
    expect(contactPage.body.contact.phones).toEqual(["+234 812 000 1111"]);

    const id = await createProperty("Maitama villa", "Abuja");
    const property = await propertyLoader(routeArgs(`/property/${id}`, { params: { id } }));
    expect(property.contact.phones).toEqual(["+234 812 000 1111"]);
    const chat = new URL(property.whatsapp.chat ?? "");
    expect(chat.origin + chat.pathname).toBe("https://wa.me/2347012223333");
    expect(chat.searchParams.get("text")).toBe(
      `Hello NaijaHomes Realty, I am interested in "Maitama villa" (ref. ${await listingCodeOf(id)}): http://localhost:3000/property/${id}`,
    );
    const share = new URL(property.whatsapp.share);
    expect(share.origin + share.pathname).toBe("https://wa.me/");
    expect(share.searchParams.get("text")).toContain(`/property/${id}`);

    await db.delete(mailOutbox);
    queuePasswordResetEmail({ user: { email: "ada@example.com" }, token: "t0k3n" });
    await settleBackgroundMail();
    const [mail] = await db
      .select({ text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox);
    expect(mail?.text).toContain("+234 812 000 1111");
    expect(mail?.text).toContain("WhatsApp: 0701 222 3333");
    expect(mail?.html).toContain("+234 812 000 1111");

    const jsonLd = realEstateAgentJsonLd(await getContactDetails(), "https://naijahomes.ng", {});
    expect(jsonLd.telephone).toBe("+234 812 000 1111");
  });
});
