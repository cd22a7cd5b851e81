import { eq } from "drizzle-orm";
import { createContext, type RouterContextProvider, redirect } from "react-router";
import { announceSessionEnded, type SessionRecord } from "~/cache/session-cache.server";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import {
  can,
  type Permission,
  permissionForRoute,
  type StaffRole,
  staffRoleOf,
} from "~/lib/permissions";
import { isRole, isStaffRole, type Role } from "~/lib/roles";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import { getAuth } from "./auth.server";
import { lookupSession, sessionTokenOf } from "./session-lookup.server";

// Who is signed in, and the guards. Every guard runs on the server: the dashboard and admin
// layouts call them from middleware (before any child loader), and every action calls them again.
// The session is read in one query (session-lookup.server.ts), or from a few seconds' memory on
// the embedded database (session-cache.server.ts), dropped at once on sign-out, revocation and any
// change to the account; better-auth answers when a session is due for renewal (ADR 21).

/** Admin sessions end this long after sign-in, however much they are used. */
export const ADMIN_SESSION_HOURS = 24;

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
  isSuperAdmin: boolean;
  status: "active" | "inactive";
};

export type CurrentSession = {
  user: SessionUser;
  session: { id: string; token: string; createdAt: Date; expiresAt: Date };
  /** Set-Cookie headers to forward (a renewed session cookie), possibly empty. */
  headers: Headers;
};

const cache = new WeakMap<Request, Promise<CurrentSession | null>>();

/**
 * The signed-in session of this request, or null. An inactive account counts as signed out.
 * Answered once per Request object, however many loaders ask.
 */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = readSession(request);
    cache.set(request, pending);
  }
  return pending;
}

async function readSession(request: Request): Promise<CurrentSession | null> {
  if (!request.headers.get("cookie")) return null;
  const found = await findSession(request);
  if (!found) return null;
  const { user, session } = found.record;
  if (user.status !== "active") return null;
  // An admin's session lasts ADMIN_SESSION_HOURS from sign-in everywhere, not only under
  // /admin: past that it is ended here, so the customer pages don't keep it alive either.
  if (isPastAdminHours(found.record)) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    await announceSessionEnded(session.token);
    return null;
  }
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? null,
      role: toRole(user.role),
      isSuperAdmin: user.isSuperAdmin === true,
      status: "active",
    },
    session: {
      id: session.id,
      token: session.token,
      createdAt: new Date(session.createdAt),
      expiresAt: new Date(session.expiresAt),
    },
    headers: found.headers,
  };
}

/**
 * The session row and its user: in one query (session-lookup.server.ts), or from better-auth
 * when it has work to do (renewal sets a new cookie, returned in `headers`).
 */
async function findSession(
  request: Request,
): Promise<{ record: SessionRecord; headers: Headers } | null> {
  const lookup = await lookupSession(request.headers);
  if (lookup.kind === "found") return { record: lookup.record, headers: new Headers() };
  if (lookup.kind === "none") return null;
  const { headers, response } = await getAuth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  return response ? { record: response, headers } : null;
}

/** A staff member's session older than ADMIN_SESSION_HOURS: ended wherever it is used. */
function isPastAdminHours({ user, session }: SessionRecord) {
  return isStaffRole(toRole(user.role)) && isAdminSessionExpired(new Date(session.createdAt));
}

function toRole(value: unknown): Role {
  return isRole(value) ? value : "tenant";
}

export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** Only same-site relative paths ("/dashboard?x=1"), never "//evil.example" or "https://...". */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return fallback;
  }
  // Printable ASCII only: backslashes and control characters can turn into "//" in some
  // browsers' URL parsing, and anything else cannot go into a Location header (a 500).
  if (!/^[\x21-\x7e]+$/.test(value) || value.includes("\\")) return fallback;
  // React Router's internal data requests are never a page to come back to.
  const url = new URL(value, "http://localhost");
  if (url.pathname.endsWith(".data") || url.searchParams.has("_routes")) return fallback;
  return value;
}

/** The page a request is for, as a return address (a client data request names its page). */
function pathOf(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

function loginRedirect(loginPath: string, request: Request) {
  return redirect(`${loginPath}?redirectTo=${encodeURIComponent(pathOf(request))}`);
}

/** The signed-in user, or a redirect to /signin remembering where the visitor was going. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const current = await getCurrentSession(request);
  if (!current) throw loginRedirect("/signin", request);
  return current.user;
}

export function isAdminSessionExpired(createdAt: Date, now = new Date()) {
  return now.getTime() - createdAt.getTime() >= ADMIN_SESSION_HOURS * 60 * 60 * 1000;
}

/**
 * What the guards read of a middleware's, loader's or action's arguments. `pattern` is the route
 * React Router matched ("/admin/properties/:id"): the page permission is decided on it, never on
 * the request's path, which the router matches case-insensitively after decoding (issue 42).
 */
type GuardArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  pattern: string;
};

const adminActorContext = createContext<AdminActor | null>(null);

/**
 * The signed-in staff member (super admin, admin or agent), or a redirect to /admin/login
 * remembering the page; 403 when their role lacks the permission of the matched route (its
 * pattern, PAGE_PERMISSIONS in app/lib/permissions.ts). An admin session older than ADMIN_SESSION_HOURS no longer counts as
 * signed in (see readSession). adminMiddleware asks first, the loader or action asks again.
 */
export async function requireAdmin(args: GuardArgs): Promise<AdminActor> {
  let actor = args.context.get(adminActorContext);
  if (!actor) {
    const current = await getCurrentSession(args.request);
    const role = current ? staffRoleOf(current.user.role, current.user.isSuperAdmin) : null;
    if (!current || !role) throw loginRedirect("/admin/login", args.request);
    const { id, email, name, isSuperAdmin } = current.user;
    actor = { id, email, name, isSuperAdmin, role, clientAddress: getClientIp(args) } as AdminActor;
    (args.context as RouterContextProvider).set(adminActorContext, actor);
  }
  requirePermissionOf(actor, permissionForRoute(args.pattern));
  return actor;
}

/** 403 unless the actor's role has the permission (an intent of a page open to more roles). */
export function requirePermissionOf<Actor extends Pick<AdminActor, "role">>(
  actor: Actor,
  permission: Permission,
): Actor {
  if (!can(actor, permission)) throw new Response("Forbidden", { status: 403 });
  return actor;
}

/** A staff member with this permission, else 403 (a login redirect when not signed in). */
export async function requirePermission(
  args: GuardArgs,
  permission: Permission,
): Promise<AdminActor> {
  return requirePermissionOf(await requireAdmin(args), permission);
}

/** A super admin (adds and removes admins), else 403 for other staff. */
export async function requireSuperAdmin(args: GuardArgs): Promise<AdminActor> {
  return requirePermission(args, "admins:manage");
}

export type { StaffRole };

/**
 * The guard of every admin screen: /admin/* (its layout) and /website-editor. Runs before any
 * loader or action below it; the handlers then take the actor from requireAdmin.
 */
export async function adminMiddleware(args: GuardArgs) {
  await requireAdmin(args);
}

/** Ends the request's session (row and cookie); answers the Set-Cookie headers to send. */
export async function signOut(request: Request): Promise<Headers> {
  if (!request.headers.get("cookie")) return new Headers();
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    // The library deleted the row; no instance may remember it either.
    const token = await sessionTokenOf(request.headers);
    if (token) await announceSessionEnded(token);
    return headers;
  } catch {
    // No valid session to end: nothing to clear but the cookie, which is already worthless.
    return new Headers();
  }
}

/**
 * The id of the account whose session this Cookie header carries, when that session is live and
 * using it needs no work: found by the one-query lookup (or its few seconds' memory), not due for
 * renewal or past its expiry, an active account, an admin within ADMIN_SESSION_HOURS. Null
 * otherwise, and the page is rendered with the full check (which renews, ends or refuses). For the
 * per-session page cache (ADR 25): it never writes.
 */
export async function liveSessionUserId(cookie: string): Promise<string | null> {
  const lookup = await lookupSession(new Headers({ cookie }));
  if (lookup.kind !== "found") return null;
  const { user } = lookup.record;
  return user.status === "active" && !isPastAdminHours(lookup.record) ? user.id : null;
}
