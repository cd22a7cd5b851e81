import { registerAccount } from "~/auth/accounts.server";
import { createRequestContext } from "~/lib/request-context.server";
import { type Answer, run, signInCookie, TEST_PASSWORD } from "./accounts";

// Calling loaders and actions directly, as a signed-in customer, the way React Router would.

export type RouteResult = Answer;

let clientNumber = 0;

/** Each call comes from its own client address, so per-IP rate limits stay out of the way. */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  clientNumber += 1;
  return {
    request,
    params,
    context: createRequestContext({
      socketAddress: `10.8.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`,
      cspNonce: "",
    }),
  } as never;
}

/** Runs a loader or action; answers a thrown or returned Response, data() or plain object alike. */
export function callRoute(
  fn: (args: never) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<RouteResult> {
  return run(async () => fn(routeArgs(request, params)));
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
export async function signedInCustomer(email: string, password = TEST_PASSWORD) {
  const created = await registerAccount({
    firstName: "Test",
    lastName: "Customer",
    email,
    password,
  });
  if (!created.ok) throw new Error(`could not create ${email}`);
  const cookie = await signInCookie(email, password);
  return { userId: created.userId, email, cookie };
}
