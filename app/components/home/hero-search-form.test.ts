import { describe, expect, it } from "vitest";
import { searchHref } from "./hero-search-form";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

describe("searchHref", () => {
  it("carries only the filled parameters", () => {
    expect(
      searchHref(form({ status: "", type: "residential", location: "lagos", price: "" })),
    ).toBe("/properties?type=residential&location=lagos");
  });

  it("encodes multi-word cities and the price range", () => {
    expect(
      searchHref(
        form({ status: "rent", type: "", location: "port harcourt", price: "0-10000000" }),
      ),
    ).toBe("/properties?status=rent&location=port+harcourt&price=0-10000000");
  });

  it("is the bare listing when nothing was chosen", () => {
    expect(searchHref(form({ status: "", type: "", location: "", price: "" }))).toBe("/properties");
  });
});
