import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { metaDescription, pageMeta, pageTitle, siteUrlFrom } from "./seo";

const SITE = "https://naijahomes.example";
const args = { matches: [{ id: "root", data: { siteUrl: SITE } }] };

function content(meta: MetaDescriptor[], key: "name" | "property", value: string) {
  const found = meta.filter((m) => (m as Record<string, unknown>)[key] === value);
  expect(found, `${key}=${value}`).toHaveLength(1);
  return (found[0] as { content: string }).content;
}

function canonical(meta: MetaDescriptor[]) {
  return meta.find((m) => "rel" in m && m.rel === "canonical") as { href: string } | undefined;
}

describe("pageMeta", () => {
  it("gives a title, description, absolute canonical and matching sharing tags", () => {
    const meta = pageMeta(args, {
      title: "About Us",
      description: "Ten years of property in Abuja.",
      path: "/about",
    });
    expect(meta).toContainEqual({ title: "About Us | NaijaHomes Realty" });
    expect(content(meta, "name", "description")).toBe("Ten years of property in Abuja.");
    expect(canonical(meta)?.href).toBe(`${SITE}/about`);
    expect(content(meta, "property", "og:url")).toBe(`${SITE}/about`);
    expect(content(meta, "property", "og:title")).toBe("About Us | NaijaHomes Realty");
    expect(content(meta, "property", "og:type")).toBe("website");
    expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
    expect(meta.some((m) => "name" in m && m.name === "robots")).toBe(false);
    expect(meta.some((m) => "script:ld+json" in m)).toBe(false);
  });

  it("falls back to the site's PNG card, with its size, as an absolute URL", () => {
    const meta = pageMeta(args, { title: "Team", description: "d", path: "/team" });
    expect(content(meta, "property", "og:image")).toBe(`${SITE}/og-image.png`);
    expect(content(meta, "name", "twitter:image")).toBe(`${SITE}/og-image.png`);
    expect(content(meta, "property", "og:image:type")).toBe("image/png");
    expect(content(meta, "property", "og:image:width")).toBe("1200");
    expect(content(meta, "property", "og:image:height")).toBe("630");
  });

  it("shares a stored picture as its JPEG card, and an external one as it is", () => {
    const local = pageMeta(args, {
      title: "Duplex",
      description: "d",
      path: "/property/1",
      image: "/media/generated/property/duplex/7-exterior.webp",
      imageAlt: "Duplex, Abuja",
      type: "product",
    });
    expect(content(local, "property", "og:image")).toBe(
      `${SITE}/media/generated/property/duplex/7-exterior.webp?format=jpeg`,
    );
    expect(content(local, "property", "og:image:type")).toBe("image/jpeg");
    expect(content(local, "property", "og:image:alt")).toBe("Duplex, Abuja");
    expect(content(local, "property", "og:type")).toBe("product");

    const external = pageMeta(args, {
      title: "Duplex",
      description: "d",
      path: "/property/1",
      image: "https://cdn.example.com/photo.jpg",
    });
    expect(content(external, "property", "og:image")).toBe("https://cdn.example.com/photo.jpg");
    // Its size is unknown: no width or type is claimed.
    expect(external.some((m) => "property" in m && m.property === "og:image:width")).toBe(false);
  });

  it("marks noindex pages and renders each JSON-LD block", () => {
    const meta = pageMeta(args, {
      title: "Sign In",
      description: "d",
      path: "/signin",
      noindex: true,
      jsonLd: [{ "@type": "A" }, { "@type": "B" }],
    });
    expect(content(meta, "name", "robots")).toBe("noindex");
    expect(meta.filter((m) => "script:ld+json" in m)).toEqual([
      { "script:ld+json": { "@type": "A" } },
      { "script:ld+json": { "@type": "B" } },
    ]);
  });

  it("shortens a long description at a word, for the description and the cards", () => {
    const long = `A spacious   four-bedroom duplex\nin Gwarinpa. ${"Quiet street with good power. ".repeat(10)}`;
    const meta = pageMeta(args, { title: "x", description: long, path: "/" });
    const description = content(meta, "name", "description");
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.startsWith("A spacious four-bedroom duplex in Gwarinpa.")).toBe(true);
    expect(description.endsWith("…")).toBe(true);
    expect(content(meta, "property", "og:description")).toBe(description);
  });
});

describe("helpers", () => {
  it("appends the company name once", () => {
    expect(pageTitle("Our Team")).toBe("Our Team | NaijaHomes Realty");
    expect(pageTitle("NaijaHomes Realty | Homes")).toBe("NaijaHomes Realty | Homes");
  });

  it("leaves a short description alone, whitespace collapsed", () => {
    expect(metaDescription("  Homes\n in  Lagos ")).toBe("Homes in Lagos");
  });

  it("reads the site URL from the root match only", () => {
    expect(siteUrlFrom(args.matches)).toBe(SITE);
    expect(siteUrlFrom([{ id: "routes/x", data: { siteUrl: "https://evil.example" } }])).toBe("");
  });
});
