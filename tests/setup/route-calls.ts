import { registerAccount } from "~/auth/accounts.server";
import { getAuth } from "~/auth/auth.server";
import { createRequestContext } from "~/lib/request-context.server";

// Calling loaders and actions directly, as a signed-in customer, the way React Router would.

export type RouteResult = {
  status: number;
  location: string | null;
  cookies: string[];
  body: unknown;
};

let clientNumber = 0;

/** Each call comes from its own client address, so per-IP rate limits stay out of the way. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  clientNumber += 1;
  return {
    request,
    params,
    context: createRequestContext({
      socketAddress: `10.7.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
      cspNonce: "",
    }),
  } as never;
}

/** Runs a loader or action; answers a thrown or returned Response, data() or plain object alike. */
export async function callRoute(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteResult> {
  try {
    const result = (await fn(routeArgs(request, params))) as unknown;
    if (result instanceof Response) return fromResponse(result);
    if (result && typeof result === "object" && "init" in result && "data" in result) {
      const { init, data } = result as { init?: { status?: number } | null; data: unknown };
      return { status: init?.status ?? 200, location: null, cookies: [], body: data };
    }
    return { status: 200, location: null, cookies: [], body: result };
  } catch (thrown) {
    if (thrown instanceof Response) return fromResponse(thrown);
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const { init, data } = thrown as { init?: { status?: number } | null; data: unknown };
      return { status: init?.status ?? 500, location: null, cookies: [], body: data };
    }
    throw thrown;
  }
}

function fromResponse(response: Response): RouteResult {
  return {
    status: response.status,
    location: response.headers.get("Location"),
    cookies: response.headers.getSetCookie(),
    body: null,
  };
}

export function getRequest(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(fields).toString(),
  });
}

/** A new customer account, signed in: its id, e-mail and the Cookie header of its session. */
export async function signedInCustomer(email: string, password = "secret-password-1") {
  const created = await registerAccount({
    firstName: "Test",
    lastName: "Customer",
    email,
    password,
  });
  if (created.status !== "created") throw new Error(`could not create ${email}`);
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return { userId: created.userId, email, cookie };
}
