import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./session.server";

// Where a sign-in may send the visitor back to: this site's own pages, never another site, and
// never something that would break the Location header.

describe("safeRedirectPath", () => {
  it("keeps a page of this site, with its query", () => {
    expect(safeRedirectPath("/properties?q=Lekki%20phase&page=2", "/")).toBe(
      "/properties?q=Lekki%20phase&page=2",
    );
  });

  it("refuses other sites, tricks and characters a Location header cannot carry", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/ok\u0000",
      "/caf\u00e9",
      "/line\r\nSet-Cookie: a=b",
      "relative",
      "",
      undefined,
      42,
    ]) {
      expect(safeRedirectPath(value, "/dashboard"), String(value)).toBe("/dashboard");
    }
  });

  it("never remembers React Router's internal data requests", () => {
    expect(safeRedirectPath("/dashboard/appointments.data", "/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/admin/audit?_routes=routes%2Fadmin%2Faudit", "/admin")).toBe(
      "/admin",
    );
  });
});

describe("the return address of a signed-out data request", () => {
  it("names the page, not the internal .data request", async () => {
    const { requireUser } = await import("./session.server");
    const thrown = await requireUser(
      new Request(
        "http://localhost/dashboard/appointments.data?tab=past&_routes=routes%2Fdashboard",
      ),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/signin?redirectTo=${encodeURIComponent("/dashboard/appointments?tab=past")}`,
    );
  });
});
