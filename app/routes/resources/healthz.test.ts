import { describe, expect, it } from "vitest";
import { getDatabase, setDatabase } from "~/db/client.server";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./healthz";

await setupTestDatabase();

describe("GET /healthz", () => {
  it("answers 200 ok while the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    const handle = getDatabase();
    setDatabase({
      ...handle,
      ping: () => Promise.reject(new Error("connection refused")),
    });
    try {
      const response = await loader();
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      setDatabase(handle);
    }
  });
});
