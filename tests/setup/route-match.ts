import { matchRoutes, type RouteObject } from "react-router";
import routeConfig from "~/routes";

// Which route of app/routes.ts a path reaches, matched by React Router's own matcher the way its
// server does (case-insensitive, after decoding %-escapes; a data request is its page's): the
// pattern and params a loader, action or middleware is handed. The staff permission check decides
// on that pattern (app/lib/permissions.ts), so tests that call handlers directly must pass it.

type ConfigEntry = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: ConfigEntry[];
};

export type MatchedRoute = {
  /** The route's pattern as React Router joins it ("admin/properties/:id"; "/" at the root). */
  pattern: string;
  params: Record<string, string | undefined>;
  /** The route modules matched, outermost first ("routes/admin/layout.tsx", ...). */
  files: string[];
};

function toRouteObject(entry: ConfigEntry): RouteObject {
  const children = (entry.children ?? []).map(toRouteObject);
  const id = entry.id ?? entry.file;
  if (entry.index) return { id, index: true, caseSensitive: entry.caseSensitive };
  return { id, path: entry.path, caseSensitive: entry.caseSensitive, children };
}

// Under a root route without a path, as the build has it.
const ROUTES: RouteObject[] = [
  { id: "root.tsx", path: "", children: (routeConfig as ConfigEntry[]).map(toRouteObject) },
];

/** The page a path asks for: `/x.data` is /x's data request, `/_.data` the home page's. */
function pagePath(pathname: string) {
  if (pathname === "/_.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"/_.data".length);
  return pathname.replace(/\.data$/, "");
}

const known = new Map<string, MatchedRoute | null>();

/** The route a request's path reaches, or null when none does. */
export function matchRoute(pathname: string): MatchedRoute | null {
  const page = pagePath(pathname);
  if (known.has(page)) return known.get(page) ?? null;
  const matches = matchRoutes(ROUTES, page);
  const found = matches
    ? {
        pattern:
          matches
            .map((m) => m.route.path)
            .filter(Boolean)
            .join("/")
            .replace(/\/{2,}/g, "/") || "/",
        params: { ...(matches.at(-1)?.params ?? {}) },
        files: matches.slice(1).map((m) => String(m.route.id)),
      }
    : null;
  known.set(page, found);
  return found;
}
