import { describe, expect, it } from "vitest";
import { flatRoutes } from "../../tests/setup/http-app";
import { matchRoute } from "../../tests/setup/route-match";
import { normalisePattern, PAGE_PERMISSIONS, permissionForRoute } from "./permissions";

// The page permissions are keyed by the route patterns of app/routes.ts (issue 42, item 4): a
// key that is no route would silently fall back to the office's permission.

describe("the page permission map", () => {
  it("names only routes of app/routes.ts, each once", () => {
    const patterns = new Set(flatRoutes().map((route) => route.path));
    const keys = PAGE_PERMISSIONS.map(([pattern]) => pattern);
    expect(keys.filter((key) => !patterns.has(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("decides on the pattern React Router hands the handlers, whatever the address's spelling", () => {
    for (const [path, permission] of [
      ["/admin/properties/new", "listings:manage"],
      ["/admin/properties/NEW", "listings:manage"],
      ["/admin/properties/%6eew", "listings:manage"],
      ["/ADMIN/Properties/New/", "listings:manage"],
      ["/admin/properties/new.data", "listings:manage"],
      ["/admin/properties/%65xport.csv", "listings:manage"],
      ["/admin/properties/IMPORT.data", "listings:manage"],
      ["/admin/appointments/NEW", "viewings:book"],
      ["/admin/properties/3f2a-any-id", "listings:edit"],
      ["/admin/properties/3f2a-any-id/PHOTOS", "listings:edit"],
      ["/admin/Backups/any.tar.gz", "admins:manage"],
      ["/admin/leads", "leads:view"],
      ["/admin", "staff:home"],
      // No page: the admin area's not-found, the office's.
      ["/admin//properties/new", "office:manage"],
      ["/admin/no/such/screen", "office:manage"],
      ["/website-editor", "office:manage"],
    ] as const) {
      const matched = matchRoute(path);
      expect(matched, path).not.toBeNull();
      expect(permissionForRoute(matched?.pattern ?? ""), path).toBe(permission);
    }
  });

  it("reads the router's joined pattern and app/routes.ts's full path alike", () => {
    expect(normalisePattern("admin/properties/:id")).toBe("/admin/properties/:id");
    expect(normalisePattern("/admin/properties/:id/")).toBe("/admin/properties/:id");
    expect(normalisePattern("")).toBe("/");
    expect(permissionForRoute("admin/properties/new")).toBe("listings:manage");
  });

  it("closes an unknown or missing pattern to everyone but the office", () => {
    expect(permissionForRoute("")).toBe("office:manage");
    expect(permissionForRoute("/admin/properties/NEW")).toBe("office:manage");
    expect(permissionForRoute("/admin/properties/*")).toBe("office:manage");
  });
});
