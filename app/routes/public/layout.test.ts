import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "./layout";

function args(from: string, to: string, formMethod?: string): ShouldRevalidateFunctionArgs {
  return {
    currentUrl: new URL(`http://localhost${from}`),
    nextUrl: new URL(`http://localhost${to}`),
    formMethod,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs;
}

describe("the site layout's reloads", () => {
  it("reloads the header on a move to another page, where the session may have ended", () => {
    expect(shouldRevalidate(args("/properties", "/dashboard"))).toBe(true);
  });

  it("does not reload it when only the search changes", () => {
    expect(shouldRevalidate(args("/properties?page=1", "/properties?page=2"))).toBe(false);
    expect(shouldRevalidate(args("/properties", "/properties?beds=3", "GET"))).toBe(false);
  });

  it("reloads it after a form post (sign in, sign out, favourites)", () => {
    expect(shouldRevalidate(args("/signin", "/signin", "POST"))).toBe(true);
  });
});
