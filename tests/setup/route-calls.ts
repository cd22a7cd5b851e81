import { isRouteErrorResponse, type RouterContextProvider } from "react-router";
import { expect } from "vitest";
import { createRequestContext } from "~/http/request-context.server";
import { matchRoute } from "./route-match";

// Calling a route's loader and action directly, with the arguments React Router would pass
// (request, url, params and the request context server/app.ts builds), and reading what they
// answer (returned or thrown, a Response or data()) in one shape.

/** A loader or action; its argument is the route's generated Route.LoaderArgs / Route.ActionArgs. */
// biome-ignore lint/suspicious/noExplicitAny: any route's loader or action, its args inferred below.
export type RouteFunction = (args: any) => unknown;

/** What every route's loader and action take. */
export type RouteArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

/** A posted form: fields (a list for a repeated field) or FormData for a multipart upload. */
export type FormFields = Record<string, string | readonly string[]> | FormData;

export type CallOptions<Params = RouteArgs["params"]> = {
  /** The route's params (`Route.LoaderArgs["params"]`). */
  params?: Params;
  /**
   * The matched route's pattern React Router hands the handler ("admin/properties/:id"); by
   * default the route app/routes.ts matches for the request's path, as the router would.
   */
  pattern?: string;
  /** The Cookie header, when `request` is a path. */
  cookie?: string;
  /** The posted form, when `request` is a path: a POST instead of a GET. */
  form?: FormFields;
  /** The client's address; by default each call has its own, so per-address rate limits stay out of the way. */
  ip?: string;
};

/** A loader's or action's answer, whether it returned or threw a Response or data(). */
export type Answer<T = unknown> = {
  status: number;
  location: string | null;
  cookies: string[];
  headers: Headers;
  body: T;
};

/**
 * A refused form post as the tests read it: the form's message, the fields' messages, what was
 * typed kept, or the question asked first (askToConfirm). `callAction<FormFailure>(...)`.
 */
export type FormFailure = {
  ok: false;
  error?: { title: string; message: string };
  fields?: Record<string, string>;
  values?: Record<string, string>;
  confirm?: { question: string };
};

type ParamsOf<F extends RouteFunction> = Parameters<F>[0] extends { params: infer P }
  ? P
  : RouteArgs["params"];

/** The data a route function answers: data() unwrapped, a Response as null. */
type BodyOf<F extends RouteFunction> = Unwrap<Awaited<ReturnType<F>>>;
type Unwrap<R> = R extends Response
  ? null
  : R extends { type: string; data: infer D; init: unknown }
    ? D
    : R;

/** The body type: the one given, or else the one the route function answers. */
type Body<T, F extends RouteFunction> = [T] extends [never] ? BodyOf<F> : T;

let clientNumber = 0;

function nextClientAddress() {
  clientNumber += 1;
  return `10.7.${Math.floor(clientNumber / 250)}.${clientNumber % 250}`;
}

function urlEncoded(form: Exclude<FormFields, FormData>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    for (const v of typeof value === "string" ? [value] : value) body.append(name, v);
  }
  return body.toString();
}

/** A GET of `path` (e.g. "/dashboard?tab=1"), with the Cookie header when given. */
export function getRequest(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

/** A form POST to `path`: url-encoded fields, or multipart when `form` is FormData. */
export function postRequest(path: string, form: FormFields, cookie?: string) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (form instanceof FormData) {
    return new Request(`http://localhost${path}`, { method: "POST", headers, body: form });
  }
  headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: urlEncoded(form),
  });
}

/** A POST of a body written by hand (a raw or endless multipart stream), with its headers. */
export function streamRequest(
  path: string,
  body: { stream: ReadableStream<Uint8Array>; headers: Record<string, string> },
  cookie?: string,
) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { ...(cookie ? { cookie } : {}), ...body.headers },
    body: body.stream,
    duplex: "half",
  } as RequestInit);
}

/**
 * A loader's or action's arguments. `request` is a Request, or a path: a GET, or a POST of
 * `options.form`. The type is the route's args where the call site expects them.
 */
export function routeArgs<A extends RouteArgs = RouteArgs>(
  request: Request | string,
  options: CallOptions<A["params"]> = {},
): A {
  const req =
    typeof request !== "string"
      ? request
      : options.form
        ? postRequest(request, options.form, options.cookie)
        : getRequest(request, options.cookie);
  const url = new URL(req.url);
  const matched = matchRoute(url.pathname);
  const args: RouteArgs = {
    request: req,
    url,
    pattern: options.pattern ?? matched?.pattern ?? "",
    params: options.params ?? {},
    context: createRequestContext({
      socketAddress: options.ip ?? nextClientAddress(),
      cspNonce: "",
    }),
  };
  return args as A;
}

function isData(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return !!value && typeof value === "object" && "init" in value && "data" in value;
}

function answer<T>(value: unknown, thrown: boolean): Answer<T> {
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("Location"),
      cookies: value.headers.getSetCookie(),
      headers: value.headers,
      body: null as T,
    };
  }
  if (isData(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? (thrown ? 500 : 200),
      location: headers.get("Location"),
      cookies: headers.getSetCookie(),
      headers,
      body: value.data as T,
    };
  }
  if (thrown && isRouteErrorResponse(value)) {
    return {
      status: value.status,
      location: null,
      cookies: [],
      headers: new Headers(),
      body: value.data as T,
    };
  }
  if (thrown) throw value;
  return { status: 200, location: null, cookies: [], headers: new Headers(), body: value as T };
}

/** Awaits a loader or action call; answers a thrown or returned Response, data() or plain value alike. */
async function run<T = unknown>(call: () => unknown): Promise<Answer<T>> {
  let value: unknown;
  try {
    value = await call();
  } catch (error) {
    return answer<T>(error, true);
  }
  return answer<T>(value, false);
}

/** Calls a route's loader: `request` a Request or a path to GET (with `options.cookie`). */
export function callLoader<T = never, F extends RouteFunction = RouteFunction>(
  loader: F,
  request: Request | string,
  options: CallOptions<ParamsOf<F>> = {},
): Promise<Answer<Body<T, F>>> {
  return run<Body<T, F>>(() => loader(routeArgs(request, options as CallOptions)));
}

/** Calls a route's action: `request` a Request or a path to POST `options.form` to (empty by default). */
export function callAction<T = never, F extends RouteFunction = RouteFunction>(
  action: F,
  request: Request | string,
  options: CallOptions<ParamsOf<F>> = {},
): Promise<Answer<Body<T, F>>> {
  const form = options.form ?? {};
  return run<Body<T, F>>(() => action(routeArgs(request, { ...options, form } as CallOptions)));
}

/** The HTTP status a loader or action threw: `throw data(..., { status })`, a Response, or an error response. */
export function thrownStatus(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  if (isData(error)) return error.init?.status;
  return undefined;
}

/** Awaits a loader/action call that must fail (throw) with the given status. */
export async function expectThrownStatus(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => new Error("expected the call to throw"),
    (e: unknown) => e,
  );
  expect(thrownStatus(error)).toBe(status);
}
