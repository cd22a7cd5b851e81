import { isRouteErrorResponse } from "react-router";
import { expect } from "vitest";

/** The HTTP status a loader or action threw: `throw data(..., { status })`, a Response, or an error response. */
export function thrownStatus(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object" && "init" in error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
  return undefined;
}

/** Awaits a loader/action call that must fail with the given status. */
export async function expectThrownStatus(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => new Error("expected the call to throw"),
    (e: unknown) => e,
  );
  expect(thrownStatus(error)).toBe(status);
}
