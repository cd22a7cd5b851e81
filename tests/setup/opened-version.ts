import type { FormFields, RouteFunction } from "./route-calls";
import { callLoader, postRequest } from "./route-calls";

// An admin edit form posts the version its page gave it (issue 42: a post without one is
// refused). Tests that post an edit form read it from the route's loader, as the browser would.

/** The version `pick` finds in what `loader` answers for `path`. */
export async function openedVersion<T>(
  loader: RouteFunction,
  path: string,
  options: { cookie: string; params?: Record<string, string> },
  pick: (body: T) => string | undefined,
): Promise<string> {
  const page = await callLoader<T>(loader, path, options);
  const version = pick(page.body as T);
  if (!version) throw new Error(`no version on ${path}`);
  return version;
}

/** `form` with `version` added, unless it has one (or is FormData, which says its own). */
export function withVersion(form: FormFields, version: string): FormFields {
  if (form instanceof FormData) {
    if (!form.has("version")) form.set("version", version);
    return form;
  }
  return "version" in form ? form : { version, ...form };
}

/**
 * `action` posting as its page does: a post of one of `intents` without a version gets the one
 * `find` reads from the page (by the posted form), the way the browser's form carries it.
 */
export function postingOpenedVersion<
  A extends { request: Request; params?: Record<string, string | undefined> },
>(
  action: (args: A) => unknown,
  intents: readonly string[],
  find: (
    form: FormData,
    cookie: string,
    params: Record<string, string>,
  ) => Promise<string | undefined>,
) {
  return async (args: A) => {
    const form = await args.request.clone().formData();
    if (!intents.includes(String(form.get("intent"))) || form.has("version")) return action(args);
    const cookie = args.request.headers.get("cookie") ?? "";
    const params = Object.fromEntries(
      Object.entries(args.params ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, v]])),
    );
    const version = await find(form, cookie, params);
    if (version) form.set("version", version);
    const url = new URL(args.request.url);
    const request = postRequest(`${url.pathname}${url.search}`, form, cookie);
    return action({ ...args, request });
  };
}
