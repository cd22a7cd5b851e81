import { RouterContextProvider } from "react-router";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { socketAddressContext } from "~/lib/request-context.server";

// Fixtures for tests of signed-in pages: accounts with a session cookie, properties, and
// loader/action calls answered in one shape.

export const TEST_PASSWORD = "secret-password-1";

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookies: string[]) {
  return setCookies
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs in an existing account; answers a fresh session's Cookie header. */
export async function signInCookie(email: string, password = TEST_PASSWORD) {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return cookieHeader(headers.getSetCookie());
}

/** Creates a customer account and signs it in. */
export async function createSignedInUser(email: string, name = "Ada Obi") {
  const [firstName = "", ...rest] = name.split(" ");
  const signUp = await getAuth().api.signUpEmail({
    body: { email, password: TEST_PASSWORD, name, firstName, lastName: rest.join(" ") },
  });
  return { id: signUp.user.id, email, cookie: await signInCookie(email) };
}

export async function createProperty(title: string, city = "Lagos") {
  const [row] = await db
    .insert(properties)
    .values({ title, propertyType: "house", category: "residential", city, price: 50_000_000 })
    .returning({ id: properties.id });
  if (!row) throw new Error("property insert failed");
  return row.id;
}

let clientNumber = 0;

/** Loader/action arguments; each call comes from its own client address (rate limits). */
export function routeArgs(
  url: string,
  options: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined;
  if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const request = new Request(`http://localhost${url}`, {
    method: options.form ? "POST" : "GET",
    headers,
    body,
  });
  const context = new RouterContextProvider();
  ++clientNumber;
  context.set(socketAddressContext, `10.7.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`);
  return { request, params: options.params ?? {}, context };
}

export type Answer<T = unknown> = {
  status: number;
  location: string | null;
  cookies: string[];
  body: T;
};

/** Runs a loader or action; answers returned data, `data()` results and thrown responses alike. */
export async function run<T = unknown>(call: () => Promise<unknown>): Promise<Answer<T>> {
  try {
    const result = await call();
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("Location"),
        cookies: result.headers.getSetCookie(),
        body: null as T,
      };
    }
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const wrapped = result as { data: T; init?: { status?: number; headers?: HeadersInit } };
      return {
        status: wrapped.init?.status ?? 200,
        location: null,
        cookies: new Headers(wrapped.init?.headers).getSetCookie(),
        body: wrapped.data,
      };
    }
    return { status: 200, location: null, cookies: [], body: result as T };
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown) {
      const wrapped = thrown as { data: T; init?: { status?: number } };
      return {
        status: wrapped.init?.status ?? 500,
        location: null,
        cookies: [],
        body: wrapped.data,
      };
    }
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      location: thrown.headers.get("Location"),
      cookies: thrown.headers.getSetCookie(),
      body: null as T,
    };
  }
}
