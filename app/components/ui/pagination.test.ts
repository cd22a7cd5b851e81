import { describe, expect, it } from "vitest";
import { pageHref, paginationItems } from "./pagination";

describe("paginationItems", () => {
  it("lists every page when there are few", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts ellipses in the gaps around the current page", () => {
    expect(paginationItems(10, 20)).toEqual([1, "ellipsis", 8, 9, 10, 11, 12, "ellipsis", 20]);
    expect(paginationItems(1, 20)).toEqual([1, 2, 3, "ellipsis", 20]);
    expect(paginationItems(20, 20)).toEqual([1, "ellipsis", 18, 19, 20]);
  });

  it("shows a single missing page instead of an ellipsis", () => {
    expect(paginationItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, "ellipsis", 20]);
  });

  it("ends with an ellipsis and no last page when the total is a lower bound", () => {
    expect(paginationItems(1, 167, false)).toEqual([1, 2, 3, "ellipsis"]);
    expect(paginationItems(167, 167, false)).toEqual([1, "ellipsis", 165, 166, 167, "ellipsis"]);
  });
});

describe("pageHref", () => {
  it("sets the page and keeps the list's other search parameters", () => {
    const location = { pathname: "/admin/users", search: "?q=ada&sort=email&page=2" };
    expect(pageHref(location, 3)).toBe("/admin/users?q=ada&sort=email&page=3");
  });

  it("drops the parameter for page 1, so the first page has one address", () => {
    expect(pageHref({ pathname: "/admin/users", search: "?q=ada&page=4" }, 1)).toBe(
      "/admin/users?q=ada",
    );
    expect(pageHref({ pathname: "/properties", search: "?page=2" }, 1)).toBe("/properties");
  });

  it("can use another parameter name", () => {
    expect(pageHref({ pathname: "/x", search: "" }, 2, "p")).toBe("/x?p=2");
  });
});
