import { expect, test } from "./test";

test("GET /healthz answers 200 with status ok", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("GET /readyz answers anyone 200 ready on the running server, and nothing more", async ({
  request,
}) => {
  const response = await request.get("/readyz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.text()).toBe("ready");
});

test("GET /readyz tells the metrics token's holder every check", async ({ request }) => {
  const token = process.env.METRICS_TOKEN;
  test.skip(!token, "this run's server has no metrics token");
  const response = await request.get("/readyz", { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.status).toBe("ready");
  for (const name of ["database", "migrations", "disk", "outbox"]) {
    expect(body.checks[name], name).toMatchObject({ ok: true });
  }
});

test("GET /metrics does not exist while METRICS_TOKEN is unset", async ({ request }) => {
  test.skip(Boolean(process.env.METRICS_TOKEN), "this run's server has a metrics token");
  expect((await request.get("/metrics")).status()).toBe(404);
});
