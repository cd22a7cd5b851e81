import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { SAVED_SEARCH_MESSAGES } from "~/lib/schemas/saved-search";
import { unsubscribeLink } from "~/mail/search-alert-mail.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as listingLoader } from "../public/properties";
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from "../public/search-unsubscribe";
import { action as newAction, loader as newLoader } from "./search-new";
import { action as searchesAction, loader as searchesLoader } from "./searches";

// Saving a search from the listing, the list with its new matches, and the customer's changes;
// the unsubscribe link. Another customer's search: dashboard/authorization-matrix.test.ts.

await setupTestDatabase();

const ada = await createSignedInUser("ada@example.ng", "Ada Obi");
const bayo = await createSignedInUser("bayo@example.ng", "Bayo Ade");

type SearchList = {
  searches: {
    id: string;
    name: string;
    frequency: string;
    newMatches: number;
    description: string;
  }[];
};

async function listOf(cookie: string) {
  const answer = await callLoader<SearchList>(searchesLoader, "/dashboard/searches", { cookie });
  return answer.body.searches;
}

beforeEach(async () => {
  await db.delete(savedSearches);
});

describe("saving a search", () => {
  it("leads from the listing's Save search to sign in and back, the search kept", async () => {
    const listing = await callLoader<{ saveSearchHref: string }>(
      listingLoader,
      "/properties?location=Lagos&beds=3&sort=price-asc",
    );
    // Sort, view and page are the listing's, not the search's.
    expect(listing.body.saveSearchHref).toBe("/dashboard/searches/new?location=Lagos&beds=3");
    const signedOut = await callLoader(newLoader, listing.body.saveSearchHref);
    expect(signedOut.location).toBe(
      `/signin?redirectTo=${encodeURIComponent("/dashboard/searches/new?location=Lagos&beds=3")}`,
    );
    const page = await callLoader<{ description: string }>(newLoader, listing.body.saveSearchHref, {
      cookie: ada.cookie,
    });
    expect(page.body.description).toBe("Properties for sale and rent in Lagos");
  });

  it("stores it under the signed-in customer with the chosen name and alerts", async () => {
    const saved = await callAction<Record<string, unknown>>(
      newAction,
      "/dashboard/searches/new?location=Lagos&beds=3",
      {
        cookie: ada.cookie,
        form: {
          name: "  Lagos family homes ",
          frequency: "weekly",
        },
      },
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/dashboard/searches");
    expect(saved.cookies.join()).toContain("flash=searchSaved");
    const rows = await db.select().from(savedSearches);
    expect(rows).toMatchObject([
      {
        userId: ada.id,
        name: "Lagos family homes",
        query: "location=Lagos&beds=3",
        frequency: "weekly",
      },
    ]);
    expect(await listOf(bayo.cookie)).toEqual([]);
  });

  it("refuses a missing or multi-line name and an unknown frequency, keeping the input", async () => {
    for (const [form, field] of [
      [{ name: " ", frequency: "daily" }, "name"],
      [{ name: "Line\r\nBcc: x@example.ng", frequency: "daily" }, "name"],
      [{ name: "Lagos", frequency: "hourly" }, "frequency"],
    ] as const) {
      const answer = await callAction<Record<string, unknown>>(
        newAction,
        "/dashboard/searches/new?location=Lagos",
        { cookie: ada.cookie, form },
      );
      expect(answer.status).toBe(400);
      const body = answer.body as {
        fields: Record<string, string>;
        values: Record<string, string>;
      };
      expect(Object.keys(body.fields)).toEqual([field]);
      expect(body.values).toEqual(form);
    }
    expect(await db.select().from(savedSearches)).toEqual([]);
  });

  it(`allows ${20} searches per account`, async () => {
    await db.insert(savedSearches).values(
      Array.from({ length: 20 }, (_, i) => ({
        userId: ada.id,
        name: `Search ${i}`,
        query: "location=Lagos",
        frequency: "off" as const,
      })),
    );
    const answer = await callAction<Record<string, unknown>>(
      newAction,
      "/dashboard/searches/new?location=Abuja",
      {
        cookie: ada.cookie,
        form: {
          name: "One more",
          frequency: "daily",
        },
      },
    );
    expect(answer.status).toBe(409);
    expect((answer.body as { error: { message: string } }).error.message).toBe(
      SAVED_SEARCH_MESSAGES.tooMany,
    );
    expect(await db.select().from(savedSearches)).toHaveLength(20);
  });
});

describe("/dashboard/searches", () => {
  async function saved(name = "Abuja homes", query = "location=Abuja") {
    const [row] = await db
      .insert(savedSearches)
      .values({
        userId: ada.id,
        name,
        query,
        frequency: "daily",
        lastViewedAt: sql`now() - interval '1 hour'`,
      })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error("no search");
    return row.id;
  }

  it("lists the customer's searches with their new matches; Open marks them seen", async () => {
    const id = await saved();
    await createProperty("Wuse flat", "Abuja");
    await createProperty("Lekki flat", "Lagos");
    expect(await listOf(ada.cookie)).toMatchObject([
      {
        id,
        name: "Abuja homes",
        frequency: "daily",
        newMatches: 1,
        description: "Properties for sale and rent in Abuja",
      },
    ]);
    const opened = await callAction<Record<string, unknown>>(
      searchesAction,
      "/dashboard/searches",
      { cookie: ada.cookie, form: { intent: "open", id } },
    );
    expect(opened.location).toBe("/properties?location=Abuja");
    expect((await listOf(ada.cookie))[0]?.newMatches).toBe(0);
  });

  it("renames, sets the alerts and deletes (after asking)", async () => {
    const id = await saved();
    expect(
      (
        await callAction<Record<string, unknown>>(searchesAction, "/dashboard/searches", {
          cookie: ada.cookie,
          form: { intent: "rename", id, name: "Abuja 2" },
        })
      ).location,
    ).toBe("/dashboard/searches");
    expect(
      (
        await callAction<Record<string, unknown>>(searchesAction, "/dashboard/searches", {
          cookie: ada.cookie,
          form: { intent: "alerts", id, frequency: "off" },
        })
      ).cookies,
    ).toEqual(expect.arrayContaining([expect.stringContaining("flash=searchAlertsUpdated")]));
    expect(await listOf(ada.cookie)).toMatchObject([{ name: "Abuja 2", frequency: "off" }]);

    const asked = await callAction<Record<string, unknown>>(searchesAction, "/dashboard/searches", {
      cookie: ada.cookie,
      form: { intent: "delete", id },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      ok: false,
      confirm: { question: "Delete this saved search?" },
    });
    expect(await listOf(ada.cookie)).toHaveLength(1);
    const deleted = await callAction<Record<string, unknown>>(
      searchesAction,
      "/dashboard/searches",
      {
        cookie: ada.cookie,
        form: {
          intent: "delete",
          id,
          confirmed: "yes",
        },
      },
    );
    expect(deleted.cookies.join()).toContain("flash=searchDeleted");
    expect(await listOf(ada.cookie)).toEqual([]);
  });

  it("answers 404 to another customer's search and changes nothing", async () => {
    const id = await saved();
    const [before] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
    const forms: Record<string, string>[] = [
      { intent: "open", id },
      { intent: "rename", id, name: "Mine now" },
      { intent: "alerts", id, frequency: "instant" },
      { intent: "delete", id, confirmed: "yes" },
    ];
    for (const form of forms) {
      expect(
        (
          await callAction<Record<string, unknown>>(searchesAction, "/dashboard/searches", {
            cookie: bayo.cookie,
            form,
          })
        ).status,
      ).toBe(404);
    }
    expect(await db.select().from(savedSearches).where(eq(savedSearches.id, id))).toEqual([before]);
  });
});

describe("the unsubscribe link", () => {
  async function search() {
    const [row] = await db
      .insert(savedSearches)
      .values({ userId: ada.id, name: "Kano land", query: "location=Kano", frequency: "instant" })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error("no search");
    return row.id;
  }
  const frequencyOf = async (id: string) =>
    (await db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]?.frequency;
  const pathOf = (id: string) => {
    const url = new URL(unsubscribeLink(id));
    return `${url.pathname}${url.search}`;
  };

  it("works signed out: opening it changes nothing, its button turns the alerts off", async () => {
    const id = await search();
    const page = await callLoader<{ search: { name: string } | null }>(
      unsubscribeLoader,
      pathOf(id),
    );
    expect(page.body.search).toEqual({ name: "Kano land", frequency: "Instant" });
    expect(await frequencyOf(id)).toBe("instant");
    const done = await callAction(unsubscribeAction, pathOf(id), {
      form: { token: new URL(unsubscribeLink(id)).searchParams.get("token") ?? "" },
    });
    expect(done.body).toEqual({ ok: true, name: "Kano land" });
    expect(await frequencyOf(id)).toBe("off");
    // The search itself stays.
    expect(await listOf(ada.cookie)).toHaveLength(1);
  });

  it("accepts a mail client's one-click POST (RFC 8058) to the link itself", async () => {
    const id = await search();
    const done = await callAction(unsubscribeAction, pathOf(id), {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(done.status).toBe(200);
    expect(await frequencyOf(id)).toBe("off");
  });

  it("refuses a forged or altered token with 400 and changes nothing", async () => {
    const id = await search();
    const token = new URL(unsubscribeLink(id)).searchParams.get("token") ?? "";
    for (const bad of [`${crypto.randomUUID()}.${token.split(".")[1]}`, `${token}x`, "", "%00"]) {
      const path = `/searches/unsubscribe?token=${encodeURIComponent(bad)}`;
      expect((await callAction(unsubscribeAction, path, { form: {} })).status).toBe(400);
      const page = await callLoader<{ search: unknown }>(unsubscribeLoader, path);
      expect(page.body.search).toBeNull();
    }
    expect(await frequencyOf(id)).toBe("instant");
  });
});
