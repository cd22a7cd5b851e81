import { describe, expect, it } from "vitest";
import { getDatabase, openDatabase, setDatabase } from "~/db/client.server";
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
    // A real client pointed at a port where nothing listens.
    const unreachable = await openDatabase({
      kind: "postgres",
      url: "postgres://x:y@127.0.0.1:9/none",
    });
    setDatabase(unreachable);
    try {
      const response = await loader();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    } finally {
      setDatabase(handle);
      await unreachable.close();
    }
  });
});
