import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../tests/setup/http-app";
import { setupTestDatabase } from "../tests/setup/test-database";

await setupTestDatabase();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe("smoke", () => {
  it("renders the home page", async () => {
    const res = await fetch(`${server.origin}/about`);
    const body = await res.text();
    expect(res.status, body.slice(0, 2000)).toBe(200);
    expect(body).toContain("<html");
  });
});
