import { describe, expect, it } from "vitest";
import { createTestBuild, flatRoutes } from "../../tests/setup/http-app";
import { type RouteTable, routePatternOf, UNMATCHED_ROUTE } from "./route-pattern";

// The metrics' route label over the real route table (app/routes.ts, as the build has it).

const table = createTestBuild().routes as RouteTable;

describe("the route label of a request", () => {
  it.each([
    ["/", "/"],
    ["/property/3f2a-any-id", "/property/:id"],
    ["/properties", "/properties"],
    ["/dashboard", "/dashboard"],
    ["/dashboard/appointments/42", "/dashboard/appointments/:id"],
    ["/admin/properties/new", "/admin/properties/new"],
    ["/admin/properties/123/photos", "/admin/properties/:id/photos"],
    ["/media/uploads/2026/a.webp", "/media/*"],
    ["/calendar/secret-token.ics", "/calendar/:file"],
    ["/healthz", "/healthz"],
    ["/readyz", "/readyz"],
    ["/metrics", "/metrics"],
    // Unknown addresses land on the catch-all routes: one label each, whatever was asked.
    ["/wp-login.php", "/*"],
    // Route discovery is "initial" (react-router.config.ts): no /__manifest endpoint any more.
    ["/__manifest", "/*"],
    ["/admin/no/such/screen", "/admin/*"],
  ])("%s is %s", (path, pattern) => {
    expect(routePatternOf(table, path)).toBe(pattern);
  });

  it("gives a data request its page's route", () => {
    expect(routePatternOf(table, "/property/abc.data")).toBe("/property/:id");
    expect(routePatternOf(table, "/_.data")).toBe("/");
    expect(routePatternOf(table, "/dashboard/_.data")).toBe("/dashboard");
  });

  it("gives every route in app/routes.ts its own pattern back", () => {
    for (const route of flatRoutes()) {
      const example = route.path.replace(/:[^/]+/g, "x1").replace(/\*$/, "some/thing");
      expect(routePatternOf(table, example), route.file).toBe(route.path);
    }
  });

  it("says unmatched when no route answers", () => {
    const small: RouteTable = {
      root: { id: "root", path: "" },
      about: { id: "about", parentId: "root", path: "about" },
    };
    expect(routePatternOf(small, "/about")).toBe("/about");
    expect(routePatternOf(small, "/elsewhere")).toBe(UNMATCHED_ROUTE);
  });
});
