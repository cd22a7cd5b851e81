import { describe, expect, it } from "vitest";
import { RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import { setupTestDatabase } from "../../tests/setup/test-database";
import * as http from "./responses.server";

await setupTestDatabase();

describe("the shared answers", () => {
  it("badRequest and failed answer an ActionFailure with the status", () => {
    const error = { title: "Error", message: "Please fill in all fields" };
    expect(http.badRequest({ error, values: { name: "Ada" } })).toMatchObject({
      data: { ok: false, error, values: { name: "Ada" } },
      init: { status: 400 },
    });
    expect(http.failed(409, { error })).toMatchObject({
      data: { ok: false, error },
      init: { status: 409 },
    });
  });

  it("tooManyAttempts is a 429 with Retry-After, the spec's message and what was typed", () => {
    const response = http.tooManyAttempts(89.2, { values: { email: "ada@example.ng" } });
    expect(response.init?.status).toBe(429);
    expect(new Headers(response.init?.headers).get("Retry-After")).toBe("90");
    expect(response.data).toEqual({
      ok: false,
      error: {
        title: "Error",
        message: "Too many attempts. Please wait a few minutes and try again.",
      },
      fields: {},
      values: { email: "ada@example.ng" },
    });
    expect(http.tooManyAttempts(0, { title: "Too many attempts" }).data.error).toEqual({
      title: "Too many attempts",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
  });

  it("limitAttempt lets `limit` attempts through, then answers the 429", async () => {
    const key = rateLimitKey("publicForm", "http-test", "10.0.0.1");
    for (let i = 0; i < RATE_LIMITS.publicForm.limit; i++) {
      expect(await http.limitAttempt(key, RATE_LIMITS.publicForm)).toBeUndefined();
    }
    const refused = await http.limitAttempt(key, RATE_LIMITS.publicForm, { values: { a: "b" } });
    expect(refused?.init?.status).toBe(429);
    expect(refused?.data).toMatchObject({ ok: false, values: { a: "b" } });
  });

  it("redirectWithFlash keeps the given headers and adds the toast's cookie", () => {
    const response = http.redirectWithFlash("/signin", "accountCreated", {
      headers: [["Set-Cookie", "session_token=abc; Path=/"]],
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(response.headers.getSetCookie()).toEqual([
      "session_token=abc; Path=/",
      expect.stringMatching(/^flash=accountCreated;/),
    ]);
  });
});

describe("Retry-After on every 429", () => {
  it("is kept by retryAfterHeaders, with the parent's headers and nothing else", () => {
    const headers = http.retryAfterHeaders({
      actionHeaders: new Headers({ "Retry-After": "120", "X-Other": "1" }),
      loaderHeaders: new Headers(),
      parentHeaders: new Headers({ "Cache-Control": "no-cache" }),
      errorHeaders: undefined,
    });
    expect(headers.get("Retry-After")).toBe("120");
    expect(headers.get("Cache-Control")).toBe("no-cache");
    expect(headers.get("X-Other")).toBeNull();
  });

  it("is exported as `headers` by every route that can answer 429", () => {
    // Helpers beside their routes (*.server.ts, such as inquiry-submit) are not route modules.
    const sources = import.meta.glob<string>(
      ["../routes/**/*.{ts,tsx}", "!../routes/**/*.test.{ts,tsx}", "!../routes/**/*.server.ts"],
      { query: "?raw", import: "default", eager: true },
    );
    const limited = Object.entries(sources).filter(([, source]) =>
      /\b(limitAttempt|limitSignIn|tooManyAttempts|submitInquiryForm)\(/.test(source),
    );
    expect(limited.length).toBeGreaterThan(10);
    const missing = limited
      .filter(([, source]) => !/export const headers = retryAfterHeaders;/.test(source))
      .map(([file]) => file);
    expect(missing).toEqual([]);
  });
});
