import { describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action } from "./favorites";

await setupTestDatabase();

describe("POST /favorites signed out", () => {
  it("sends a visitor without JavaScript to sign in, then back to the page", async () => {
    const thrown = await action(
      routeArgs("/favorites", {
        form: {
          intent: "add",
          propertyId: "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
          redirectTo: "/property/3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
        },
      }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/signin?redirectTo=${encodeURIComponent("/property/3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b")}`,
    );
  });

  it("answers 401 to the fetcher", async () => {
    const result = (await action(
      routeArgs("/favorites", { form: { intent: "add", propertyId: "x", js: "1" } }),
    )) as {
      data: unknown;
      init: { status: number };
    };
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ ok: false, reason: "signin" });
  });
});
