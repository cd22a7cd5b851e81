import { expect, test } from "@playwright/test";

test("GET /healthz answers 200 with status ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});
