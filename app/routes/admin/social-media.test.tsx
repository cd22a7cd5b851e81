import { count, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, socialLinks } from "~/db/schema";
import { DEFAULT_SOCIAL_LINKS } from "~/lib/site";
import { getSocialLinks } from "~/models/site-content.server";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as layoutLoader } from "../public/layout";
import SocialMediaPage, { loader, action as socialAction } from "./social-media";

/** The links' action; a link's form posts the version its page gave it (issue 42). */
const action = postingOpenedVersion(socialAction, ["update"], (form, cookie) =>
  openedVersion<{ links: { platform: string; version?: string | null }[] }>(
    loader,
    "/admin/social-media",
    { cookie },
    (body) =>
      body.links.find((link) => link.platform === form.get("platform"))?.version ?? undefined,
  ).catch(() => undefined),
);

// /admin/social-media: add, edit and delete a platform's link, with the spec's messages, and
// the footer's links read from what was saved.

await setupTestDatabase();

const admin = await createSignedInAdmin("social@example.com");

type Page = Awaited<ReturnType<typeof loader>>;

function page(search = "") {
  return callLoader<Page>(loader, `/admin/social-media${search}`, { cookie: admin.cookie });
}

async function stored() {
  const rows = await db.select().from(socialLinks);
  return rows;
}

async function auditCount() {
  const [row] = await db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

/** The footer's links, as the public layout's loader answers them. */
async function footerLinks() {
  const answer = await callLoader<{ social: Record<string, string> }>(layoutLoader, "/");
  return answer.body.social;
}

beforeEach(async () => {
  await db.delete(socialLinks);
});

describe("adding a link", () => {
  it("shows the default links until a first link is saved, then only what is saved", async () => {
    expect(await footerLinks()).toEqual(DEFAULT_SOCIAL_LINKS);
    const list = await page();
    expect(list.body.links.every((link) => link.url === null)).toBe(true);

    const answer = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: {
        intent: "add",
        platform: "instagram",
        url: " https://instagram.com/naijahomes ",
      },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/social-media");
    expect(answer.cookies.join()).toContain("flash=socialLinkAdded");
    expect(await footerLinks()).toEqual({ instagram: "https://instagram.com/naijahomes" });
    const [audit] = await db
      .select({ action: auditEvents.action, changes: auditEvents.changes })
      .from(auditEvents)
      .where(eq(auditEvents.action, "social-links.add"));
    expect(audit?.changes).toEqual({
      instagram: { before: null, after: "https://instagram.com/naijahomes" },
    });
  });

  it.each([
    [{ platform: "", url: "https://facebook.com/x" }, "platform"],
    [{ platform: "facebook", url: "   " }, "url"],
    [{ platform: "", url: "" }, "platform"],
  ])("asks for both platform and URL (%o)", async (form, field) => {
    const before = await auditCount();
    const answer = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "add", ...form },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Validation Error",
      message: "Please enter both platform and URL",
    });
    expect(answer.body.fields?.[field]).toBe("Please enter both platform and URL");
    expect(answer.body.values).toEqual(form);
    expect(await stored()).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://files.example.com/x",
    "facebook.com/naijahomes",
    "https://localhost",
  ])("accepts only http(s) web addresses, not %s", async (url) => {
    const answer = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "add", platform: "facebook", url },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.url).toBe(
      "Please enter a web address starting with http:// or https://",
    );
    expect(answer.body.values?.url).toBe(url);
    expect(await stored()).toEqual([]);
  });

  it("refuses a platform that is not one of the listed, and one that already has a link", async () => {
    const unknown = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "add", platform: "myspace", url: "https://myspace.com" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields?.platform).toBe("Please choose one of the listed platforms");

    await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "add", platform: "facebook", url: "https://facebook.com/first" },
    });
    const again = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: {
        intent: "add",
        platform: "facebook",
        url: "https://facebook.com/second",
      },
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.title).toBe("Failed to add social media link");
    expect(again.body.fields?.platform).toBe("This platform already has a link: edit it instead");
    expect((await stored())[0]?.facebook).toBe("https://facebook.com/first");
  });
});

describe("editing and deleting a link", () => {
  beforeEach(async () => {
    await db.insert(socialLinks).values({
      facebook: "https://facebook.com/before",
      website: "https://naijahomes.example",
    });
  });

  it("changes the URL only; the platform posted names the link and never changes", async () => {
    const editing = await page("?edit=facebook");
    expect(editing.body.editing).toBe("facebook");
    expect((await page("?edit=twitter")).body.editing).toBeNull(); // no link to edit

    const answer = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: {
        intent: "update",
        platform: "facebook",
        url: "https://facebook.com/after",
      },
    });
    expect(answer.location).toBe("/admin/social-media");
    expect(answer.cookies.join()).toContain("flash=socialLinkUpdated");
    const [row] = await stored();
    expect(row).toMatchObject({
      facebook: "https://facebook.com/after",
      website: "https://naijahomes.example",
      twitter: null,
    });
    expect(await footerLinks()).toEqual({
      facebook: "https://facebook.com/after",
      website: "https://naijahomes.example",
    });
  });

  it("keeps the link and what was typed when the new URL is refused", async () => {
    const empty = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "update", platform: "facebook", url: "" },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toBe("Please enter both platform and URL");
    const hostile = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "update", platform: "facebook", url: "javascript:x()" },
    });
    expect(hostile.status).toBe(400);
    expect(hostile.body.values).toEqual({ platform: "facebook", url: "javascript:x()" });
    expect((await stored())[0]?.facebook).toBe("https://facebook.com/before");
  });

  it("answers 404 for a platform without a link or not one of the listed", async () => {
    const none = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "update", platform: "twitter", url: "https://x.com/a" },
    });
    expect(none.status).toBe(404);
    const unknown = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "update", platform: "tiktok", url: "https://t.co/a" },
    });
    expect(unknown.status).toBe(404);
    const gone = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "delete", platform: "linkedin", confirmed: "yes" },
    });
    expect(gone.status).toBe(404);
  });

  it("asks before deleting, then clears the platform: its icon leaves the footer", async () => {
    const ask = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "delete", platform: "facebook" },
    });
    expect(ask.status).toBe(200);
    expect(ask.body).toMatchObject({ confirm: { question: "Delete the Facebook link?" } });
    expect((await stored())[0]?.facebook).toBe("https://facebook.com/before");

    const answer = await callAction<FormFailure>(action, "/admin/social-media", {
      cookie: admin.cookie,
      form: { intent: "delete", platform: "facebook", confirmed: "yes" },
    });
    expect(answer.location).toBe("/admin/social-media");
    expect(answer.cookies.join()).toContain("flash=socialLinkDeleted");
    expect((await stored())[0]?.facebook).toBeNull();
    expect(await footerLinks()).toEqual({ website: "https://naijahomes.example" });
  });

  it("never answers a non-web address stored by other means", async () => {
    await db.update(socialLinks).set({ twitter: "javascript:alert(1)" });
    expect(await getSocialLinks()).not.toHaveProperty("twitter");
  });
});

let shown: Page | undefined;

/** The page with the data a test loaded (module level, as React wants components). */
function PageWithData() {
  if (!shown) throw new Error("no data");
  const props = { loaderData: shown, actionData: undefined } as unknown as Parameters<
    typeof SocialMediaPage
  >[0];
  return <SocialMediaPage {...props} />;
}

describe("the page", () => {
  it("renders the links, the edit form in its row and only the free platforms to add", async () => {
    await db.insert(socialLinks).values({ facebook: "https://facebook.com/shown" });
    shown = (await page("?edit=facebook")).body;
    const Stub = createRoutesStub([{ path: "/admin/social-media", Component: PageWithData }]);
    const html = renderToString(<Stub initialEntries={["/admin/social-media?edit=facebook"]} />);
    expect(html).toContain('value="https://facebook.com/shown"');
    expect(html).toContain("The platform cannot be changed");
    expect(html).toContain('<option value="instagram">Instagram</option>');
    expect(html).not.toContain('<option value="facebook">');
    expect(html).toContain('type="url"');
  });
});
