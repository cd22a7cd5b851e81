import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { createProperty, listingCodeOf } from "../../../tests/setup/accounts";
import { callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import ListingCodePage, { loader } from "./listing-code";
import { loader as propertiesLoader } from "./properties";

// /r/CODE and the search box (issue 45): a live listing's code opens it; a code of a listing no
// longer on offer, or one never given, is a page that says so in plain words (410 / 404), never
// the bare 404 page.

await setupTestDatabase();

function visit(code: string) {
  return callLoader(loader, `/r/${encodeURIComponent(code)}`, { params: { code } });
}

function search(q: string) {
  return callLoader(propertiesLoader, `/properties?q=${encodeURIComponent(q)}`);
}

type PageData = { kind: "gone" | "unknown"; code: string };

function page(data: PageData) {
  const props = { loaderData: data } as unknown as Parameters<typeof ListingCodePage>[0];
  return renderToStaticMarkup(
    <MemoryRouter>
      <ListingCodePage {...props} />
    </MemoryRouter>,
  );
}

describe("/r/CODE", () => {
  it("sends a live listing's code, however written, to the listing's page", async () => {
    const id = await createProperty("Ikoyi flat", "Lagos");
    const code = await listingCodeOf(id);
    const number = Number(code.slice("NH-LAG-".length));
    for (const typed of [code, code.toLowerCase(), code.replaceAll("-", ""), `nh lag ${number}`]) {
      const answer = await visit(typed);
      expect(answer.status, typed).toBe(302);
      expect(answer.location, typed).toBe(`/property/${id}`);
    }
  });

  it("answers 410 with a page for a listing let, sold, in the trash or purged", async () => {
    const id = await createProperty("Let flat");
    const code = await listingCodeOf(id);
    await db.update(properties).set({ status: "let" }).where(eq(properties.id, id));
    const let_ = await visit(code.toLowerCase());
    expect(let_.status).toBe(410);
    expect(let_.body).toEqual({ kind: "gone", code });
    await db.delete(properties).where(eq(properties.id, id));
    expect((await visit(code)).status).toBe(410);

    const html = page({ kind: "gone", code });
    expect(html).toContain(`Listing ${code} is no longer on offer`);
    expect(html).toContain('href="/properties"');
    expect(html).toContain('href="/verify"');
  });

  it("answers 404 with a page for a code never given, and for text that is no code", async () => {
    const unknown = await visit("nh-lag-987654");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ kind: "unknown", code: "NH-LAG-987654" });
    const garbage = await visit("hello");
    expect(garbage.status).toBe(404);
    expect(garbage.body).toEqual({ kind: "unknown", code: "hello" });

    const html = page({ kind: "unknown", code: "NH-LAG-987654" });
    expect(html).toContain("No NaijaHomes listing has the code NH-LAG-987654");
    expect(html).toContain('href="/verify"');
    // What a visitor typed is text, never markup.
    expect(page({ kind: "unknown", code: "<b>x</b>" })).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});

describe("a code in the search box", () => {
  it("opens the listing, or the page that says why not", async () => {
    const id = await createProperty("Searchable flat", "Abuja");
    const code = await listingCodeOf(id);
    const live = await search(code.replaceAll("-", "").toLowerCase());
    expect(live.status).toBe(302);
    expect(live.location).toBe(`/property/${id}`);

    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, id));
    const gone = await search(code);
    expect(gone.location).toBe(`/r/${code}`);
    expect((await search("NH-FCT-987654")).location).toBe("/r/NH-FCT-987654");
  });

  it("leaves ordinary searches alone", async () => {
    await createProperty("Lekki duplex");
    const answer = await search("Lekki");
    expect(answer.status).toBe(200);
    expect((answer.body as { items: { title: string }[] }).items.map((p) => p.title)).toEqual([
      "Lekki duplex",
    ]);
  });
});
