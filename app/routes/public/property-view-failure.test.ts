import { describe, expect, it, vi } from "vitest";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./property";

// Recording a view is a side effect: when it fails, the property page still opens.

vi.mock("~/models/property-view.server", () => ({
  recordPropertyView: vi.fn(async () => {
    throw new Error("property_views is unavailable");
  }),
}));

await setupTestDatabase();

describe("the property page when recording the view fails", () => {
  it("still answers the property to a signed-in visitor", async () => {
    const { cookie } = await createSignedInUser("viewer@failure.test");
    const id = await createProperty("Still shown");
    const { recordPropertyView } = await import("~/models/property-view.server");
    const result = await loader(routeArgs(`/property/${id}`, { cookie, params: { id } }));
    expect(recordPropertyView).toHaveBeenCalledOnce();
    expect(result.property.title).toBe("Still shown");
  });
});
