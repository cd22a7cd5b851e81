// The route a request is for, as its pattern in app/routes.ts ("/property/:id"), for the request
// metrics' `route` label: the raw path would make a series per listing, per token, per scanner's
// guess. Matched the way React Router's server matches (its route table, its data-request
// suffixes), so the label names the route that answered.

/** A path no route matches (under the site's catch-all routes, hardly anything). */
export const UNMATCHED_ROUTE = "unmatched";

/** The build's flat route table (ServerBuild["routes"]): each route names its parent. */
export type RouteTable = Readonly<
  Record<
    string,
    | {
        id: string;
        parentId?: string;
        path?: string;
        index?: boolean;
        caseSensitive?: boolean;
      }
    | undefined
  >
>;

type Branch = { pattern: string; score: number; regex: RegExp };

const branchesByTable = new WeakMap<RouteTable, Branch[]>();

/**
 * React Router's ranking (computeScore in its matcher): more segments score higher, a static
 * segment 10, a :param 3, an index route 2 more, a splat 2 less.
 */
function scoreOf(pattern: string, index: boolean) {
  const segments = pattern.split("/");
  let score = segments.length + (index ? 2 : 0) + (segments.includes("*") ? -2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function regexOf(pattern: string, caseSensitive: boolean) {
  let source = "";
  for (const segment of pattern.split("/").filter(Boolean)) {
    if (segment === "*") source += "(?:/.*)?";
    else if (segment.startsWith(":")) source += segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
    else source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source}/*$`, caseSensitive ? "" : "i");
}

/**
 * Every route's full pattern, best-ranked first; made once per build. Matching the request
 * against a few dozen regular expressions costs microseconds, where react-router's matchRoutes
 * ranks the whole table again on every call (about 9 ms for this site's).
 */
function branchesOf(table: RouteTable): Branch[] {
  const known = branchesByTable.get(table);
  if (known) return known;
  const fullPath = (id: string | undefined): string => {
    const route = id ? table[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const branches: Branch[] = [];
  for (const route of Object.values(table)) {
    if (!route) continue;
    const pattern = fullPath(route.id).replace(/\/{2,}/g, "/") || "/";
    if (branches.some((branch) => branch.pattern === pattern)) continue;
    branches.push({
      pattern,
      score: scoreOf(pattern, Boolean(route.index)),
      regex: regexOf(pattern, Boolean(route.caseSensitive)),
    });
  }
  // Stable: equal scores keep the table's order, as React Router tries siblings in order.
  branches.sort((a, b) => b.score - a.score);
  branchesByTable.set(table, branches);
  return branches;
}

/** The page a path asks for: a data request (`/x.data`, `/_.data` for "/") is its page's. */
function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}

/** The pattern of the route that answers `pathname` ("/admin/properties/:id"), or "unmatched". */
export function routePatternOf(table: RouteTable, pathname: string): string {
  const path = pagePath(pathname);
  return branchesOf(table).find((branch) => branch.regex.test(path))?.pattern ?? UNMATCHED_ROUTE;
}
