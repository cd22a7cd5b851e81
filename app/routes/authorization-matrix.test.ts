import { and, eq, getTableName, inArray, is, ne, type SQL, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import * as schema from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { addDays, isSunday, lagosToday } from "~/lib/appointment-rules";
import { can, permissionForRoute } from "~/lib/permissions";
import { readPropertyCsv } from "~/lib/property-import";
import { settleBackgroundMail } from "~/mail/mail.server";
import { getPropertyImportPlan } from "~/models/admin-property-import.server";
import { createAppointment } from "~/models/appointment.server";
import { cookieHeader } from "../../tests/setup/accounts";
import { routeArgs } from "../../tests/setup/route-calls";
import { matchRoute } from "../../tests/setup/route-match";
import { setupTestDatabase } from "../../tests/setup/test-database";
import routeConfig from "../routes";

// The authorization matrix (issue 3, item 8). Every route module in app/routes.ts is either in
// MATRIX (guarded: each loader and action is requested as every actor, through the parent
// layouts' middleware, the way React Router runs it) or in PUBLIC. Adding a route to routes.ts
// without adding it here fails the completeness test.
//
// Every request is made in three spellings (issue 42, item 4; on the embedded database, see
// SPELLINGS), for every actor: as written, with the route's own words in upper case, and with
// one letter of them %-escaped. React Router matches all three to the same route
// (case-insensitively, after decoding), so each actor must get the same answer from each: the
// handlers get the matched route's pattern, as the router hands it, and the permission is
// decided on it, never on the address as typed.

await setupTestDatabase();

// ---------------------------------------------------------------------------------------------
// The route table, flattened.

type ConfigEntry = {
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
};

type FlatRoute = { file: string; path: string; parents: string[] };

function flatten(entries: ConfigEntry[], parentPath = "", parents: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parentPath.replace(/\/$/, "")}/${entry.path}` : parentPath || "/";
    return [
      { file: entry.file, path, parents },
      ...flatten(entry.children ?? [], path, [...parents, entry.file]),
    ];
  });
}

const ROUTES = flatten(routeConfig as ConfigEntry[]);

// biome-ignore lint/suspicious/noExplicitAny: route modules are called with hand-built args.
type AnyFn = (...args: any[]) => any;
type RouteModule = { middleware?: AnyFn[]; loader?: AnyFn; action?: AnyFn };

const MODULES = import.meta.glob<RouteModule>(["./**/*.{ts,tsx}", "!./**/*.test.{ts,tsx}"]);

function loadModule(file: string): Promise<RouteModule> {
  const importer = MODULES[`./${file.replace(/^routes\//, "")}`];
  if (!importer) throw new Error(`no module for ${file}`);
  return importer();
}

// ---------------------------------------------------------------------------------------------
// Actors and expectations.

// `owner` and `otherOwner` (issue 20) are customers who listed properties with the agency: the
// owner has a submission sent back for changes and a live listing, the other owner a submission
// waiting for review. On a route that is not about owners, an owner is just another signed-in
// customer: unless a request says otherwise, both are expected to fare as `otherCustomer` does.
// Staff (issue 21): "agent" is the agent of the admin screens' listing and of A's appointment;
// "otherAgent" is an agent of nothing here, who must get nothing of theirs.
const ACTORS = [
  "anonymous",
  "customer",
  "otherCustomer",
  "admin",
  "owner",
  "otherOwner",
  "agent",
  "otherAgent",
] as const;
type Actor = (typeof ACTORS)[number];
type OwnerActor = "owner" | "otherOwner";
type AgentActor = "agent" | "otherAgent";

/**
 * 200: data returned. redirect: exact Location (redirectStartsWith: a Location that ends in a
 * new row's id). status: a 4xx answered or thrown.
 */
type Expect =
  | { ok: true }
  | { redirect: string }
  | { redirectStartsWith: string }
  | { status: number };

type Request_ = {
  /** The URL path the request is for (the route's own path, or a page it is posted from). */
  url: string;
  form?: Record<string, string>;
  /**
   * What each actor gets. The owners may be left out (they fare as otherCustomer does). The
   * agents may be left out only where expectationOf can tell: a
   * staff page closed to agents (403, from the page permission map), or a page outside the
   * admin area (an agent is then a signed-in account like the admin, writing what the admin may).
   */
  expect: Record<Exclude<Actor, OwnerActor | AgentActor>, Expect> &
    Partial<Record<OwnerActor | AgentActor, Expect>>;
  /** Only this actor (these actors) may write rows (apart from sessions); the others write nothing. */
  writer?: Actor | Actor[];
  /** Every signed-in actor may write rows of their own; customer A's change only when A posts. */
  ownRows?: true;
  /** Puts this request's fixture back before it runs (e.g. A's appointment, pending again). */
  reset?: () => Promise<void>;
  /** Rows a row count misses (an UPDATE): must read the same after a non-writer's request. */
  watch?: () => Promise<unknown>;
};

type MatrixEntry = { loader?: Request_; actions?: Request_[] };

/** A guarded module at its full URL path (a module reused at another path is another route). */
type Guarded = { path: string; entry: () => MatrixEntry };

const toSignIn = (path: string) => ({ redirect: `/signin?redirectTo=${encodeURIComponent(path)}` });
const toAdminLogin = (path: string) => ({
  redirect: `/admin/login?redirectTo=${encodeURIComponent(path)}`,
});

/** Signed-in users only (customers and admins alike). */
function userOnly(path: string): Request_ {
  return {
    url: path,
    expect: {
      anonymous: toSignIn(path),
      customer: { ok: true },
      otherCustomer: { ok: true },
      admin: { ok: true },
    },
  };
}

/** Admins only. */
function adminOnly(path: string): Request_ {
  return {
    url: path,
    expect: {
      anonymous: toAdminLogin(path),
      customer: toAdminLogin(path),
      otherCustomer: toAdminLogin(path),
      admin: { ok: true },
    },
  };
}

/**
 * The posts to an admin-only form at `path`, each from the same rows (`guarded`): `done` is the
 * admin's write (redirected to `redirect`), `wrong` the admin's refused post (`status`, nothing
 * written); everyone else is sent to the admin sign-in and writes nothing.
 */
function adminPosts(path: string, guarded: Pick<Request_, "reset" | "watch">) {
  const refused = adminOnly(path).expect;
  return {
    done: (form: Record<string, string>, redirect = path): Request_ => ({
      url: path,
      form,
      expect: { ...refused, admin: { redirect } },
      writer: "admin",
      ...guarded,
    }),
    wrong: (form: Record<string, string>, status: number): Request_ => ({
      url: path,
      form,
      expect: { ...refused, admin: { status } },
      ...guarded,
    }),
  };
}

/**
 * What each actor gets at `path`, a record of the matrix's owner: `mine` for the owner, `others`
 * (a 404 by default: not theirs) for every other account, the sign-in for a visitor.
 */
function ownerOnly(path: string) {
  return (mine: Expect, others: Expect = { status: 404 }): Request_["expect"] => ({
    anonymous: toSignIn(path),
    customer: others,
    otherCustomer: others,
    admin: others,
    owner: mine,
    otherOwner: others,
  });
}

/** A staff page every staff member opens alike (admins and both agents get `staff`). */
function allStaff(refused: Request_["expect"], staff: Expect): Request_["expect"] {
  return { ...refused, admin: staff, agent: staff, otherAgent: staff };
}

/** A CSV of one new listing, and the fingerprint of its plan (it reads no rows, so it is fixed). */
const MATRIX_IMPORT_CSV =
  "title,purpose,price,property_type,category,city\nMatrix import,sale,1000,house,residential,Kano";
const MATRIX_IMPORT_FINGERPRINT = await (async () => {
  const reading = readPropertyCsv(MATRIX_IMPORT_CSV);
  if (!reading.ok) throw new Error("the matrix's CSV should read");
  return (await getPropertyImportPlan({} as AdminActor, reading.sheet)).fingerprint;
})();

// The property customer A has saved; filled in by beforeAll.
let savedPropertyId = "";
// The property the admin property screens change; filled in by beforeAll.
let adminPropertyId = "";
// A visitor's contact message; filled in by beforeAll, put back by resetInquiryOfVisitor.
let inquiryOfVisitor = "";
// A visitor's question about the agent's listing (issue 21); put back by resetInquiryAboutListing.
let inquiryAboutListing = "";
// The agent's lead (issue 47); filled in by beforeAll, put back by resetLeadOfAgent.
let leadOfAgent = "";
// Customer A's pending appointment; filled in by beforeAll, put back by resetAppointmentOfA.
let appointmentOfA = "";
const appointmentDateOfA = nextOpenDate(addDays(lagosToday(), 2));
const PAGE = "/property/xyz";
const A_EMAIL = "customer@matrix.test";

/** Bad input: signed out goes to sign in, everyone else gets 400 and nothing is written. */
function refusedForAll(path: string, form: Record<string, string>): Request_ {
  return {
    url: path,
    form,
    expect: {
      anonymous: toSignIn(path),
      customer: { status: 400 },
      otherCustomer: { status: 400 },
      admin: { status: 400 },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The ordered lists (admin part 4: team, gallery slides, featured videos): each has a list route
// (move, active switch), an add route and a record route (edit, delete). Two rows of each are
// put back before every request; the second one is moved up, the first switched off or deleted.

type OrderedScreen = {
  list: string;
  files: { list: string; add: string; record: string };
  /** The fixture rows' ids (fixed, so the entries can name them before beforeAll). */
  first: string;
  second: string;
  /** A valid add or edit form, and one the action refuses with 400. */
  valid: Record<string, string>;
  invalid: Record<string, string>;
};

const UNKNOWN_ID = "00000000-0000-4000-8000-00000000ffff";

function orderedScreens(screen: OrderedScreen): Record<string, Guarded> {
  const { list, first, second } = screen;
  const guarded = { reset: resetOrderedLists, watch: orderedListsState };
  const refused = (path: string) => adminOnly(path).expect;
  const request = (path: string, form: Record<string, string>, admin: Expect, write = false) => ({
    url: path,
    form,
    expect: { ...refused(path), admin },
    ...(write ? { writer: "admin" as const } : {}),
    ...guarded,
  });
  const record = `${list}/${first}`;
  return {
    [screen.files.list]: {
      path: list,
      entry: (): MatrixEntry => ({
        loader: { ...adminOnly(list), ...guarded },
        actions: [
          request(
            list,
            { intent: "move", id: second, to: "up", back: list },
            { redirect: list },
            true,
          ),
          request(list, { intent: "move", id: first, to: "1", js: "1" }, { ok: true }, true),
          request(list, { intent: "active", id: first, active: "false" }, { redirect: list }, true),
          request(
            list,
            { intent: "active", id: first, active: "true", js: "1" },
            { ok: true },
            true,
          ),
          request(list, { intent: "move", id: second, to: "sideways" }, { status: 400 }),
          request(list, { intent: "active", id: first, active: "maybe" }, { status: 400 }),
          request(list, { intent: "move", id: UNKNOWN_ID, to: "up" }, { status: 404 }),
          request(list, { intent: "active", id: "not-an-id", active: "true" }, { status: 404 }),
          request(list, { intent: "nothing" }, { status: 400 }),
        ],
      }),
    },
    [screen.files.add]: {
      path: `${list}/new`,
      entry: (): MatrixEntry => {
        const path = `${list}/new`;
        return {
          loader: { ...adminOnly(path), ...guarded },
          actions: [
            request(
              path,
              { intent: "create", ...screen.valid, back: list },
              { redirect: list },
              true,
            ),
            request(path, { intent: "create", ...screen.invalid }, { status: 400 }),
          ],
        };
      },
    },
    [screen.files.record]: {
      path: `${list}/:id`,
      entry: (): MatrixEntry => ({
        loader: { ...adminOnly(record), ...guarded },
        actions: [
          request(
            record,
            { intent: "update", ...screen.valid, back: list },
            { redirect: list },
            true,
          ),
          request(record, { intent: "update", ...screen.invalid }, { status: 400 }),
          request(`${list}/${UNKNOWN_ID}`, { intent: "update", ...screen.valid }, { status: 404 }),
          // Delete asks first: nothing is written until the yes.
          request(record, { intent: "delete" }, { ok: true }),
          request(record, { intent: "delete", confirmed: "yes" }, { redirect: list }, true),
          request(`${list}/${UNKNOWN_ID}`, { intent: "delete", confirmed: "yes" }, { status: 404 }),
          request(record, { intent: "nothing" }, { status: 400 }),
        ],
      }),
    },
  };
}

const MEMBER_IDS = [
  "00000000-0000-4000-8000-00000000a001",
  "00000000-0000-4000-8000-00000000a002",
] as const;
const SLIDE_IDS = [
  "00000000-0000-4000-8000-00000000b001",
  "00000000-0000-4000-8000-00000000b002",
] as const;
const VIDEO_IDS = [
  "00000000-0000-4000-8000-00000000c001",
  "00000000-0000-4000-8000-00000000c002",
] as const;

/** Two team members, two slides and two videos, active, in their first order; nothing else. */
async function resetOrderedLists() {
  const { teamMembers, slideshowItems, videos } = schema;
  await db.delete(teamMembers);
  await db.delete(slideshowItems);
  await db.delete(videos);
  await db
    .insert(teamMembers)
    .values(
      MEMBER_IDS.map((id, i) => ({ id, name: `Member ${i}`, position: "Agent", sortOrder: i })),
    );
  await db.insert(slideshowItems).values(
    SLIDE_IDS.map((id, i) => ({
      id,
      title: `Slide ${i}`,
      mediaUrl: "/media/x.webp",
      sortOrder: i,
    })),
  );
  await db.insert(videos).values(
    VIDEO_IDS.map((id, i) => ({
      id,
      title: `Video ${i}`,
      videoUrl: "https://player.vimeo.com/video/76979871",
      sortOrder: i,
    })),
  );
}

/** Rows a count misses (a move, a switch, an edit): the same after a refused request. */
async function orderedListsState() {
  const { teamMembers, slideshowItems, videos } = schema;
  return {
    team: await db.select().from(teamMembers).orderBy(teamMembers.id),
    slides: await db.select().from(slideshowItems).orderBy(slideshowItems.id),
    videos: await db.select().from(videos).orderBy(videos.id),
  };
}

const MATRIX: Record<string, Guarded> = {
  "routes/dashboard/layout.tsx": {
    path: "/dashboard",
    entry: () => ({ loader: userOnly("/dashboard") }),
  },
  "routes/dashboard/index.tsx": {
    path: "/dashboard",
    entry: () => ({ loader: userOnly("/dashboard") }),
  },
  // Issue 5 fills these in with every action and the ownership cases.
  // Favourites are removed through /favorites (below); the page only reads the user's own rows.
  "routes/dashboard/properties.tsx": {
    path: "/dashboard/properties",
    entry: () => ({ loader: userOnly("/dashboard/properties?tab=recent") }),
  },
  "routes/dashboard/appointments.tsx": {
    path: "/dashboard/appointments",
    entry: (): MatrixEntry => {
      const path = "/dashboard/appointments";
      const guarded = { reset: resetAppointmentOfA, watch: appointmentOfAState };
      return {
        loader: { ...userOnly(path), ...guarded },
        actions: [
          // B (or an admin) posting A's appointment id: 404, nothing written.
          {
            url: path,
            form: { intent: "cancel", appointmentId: appointmentOfA },
            expect: {
              anonymous: toSignIn(path),
              customer: { redirect: path },
              otherCustomer: { status: 404 },
              admin: { status: 404 },
            },
            writer: "customer",
            ...guarded,
          },
          {
            url: path,
            form: { intent: "cancel", appointmentId: "not-an-id" },
            expect: {
              anonymous: toSignIn(path),
              customer: { status: 404 },
              otherCustomer: { status: 404 },
              admin: { status: 404 },
            },
            ...guarded,
          },
          // Each signed-in user may ask for their own confirmation e-mail, never A's.
          {
            url: path,
            form: { intent: "sendVerification" },
            expect: {
              anonymous: toSignIn(path),
              customer: { ok: true },
              otherCustomer: { ok: true },
              admin: { ok: true },
            },
            writer: ["customer", "otherCustomer", "admin"],
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/dashboard/appointment.tsx": {
    path: "/dashboard/appointments/:id",
    entry: (): MatrixEntry => {
      const path = `/dashboard/appointments/${appointmentOfA}`;
      const guarded = { reset: resetAppointmentOfA, watch: appointmentOfAState };
      const onlyA = (a: Expect): Request_["expect"] => ({
        anonymous: toSignIn(path),
        customer: a,
        otherCustomer: { status: 404 },
        admin: { status: 404 },
      });
      return {
        loader: { url: path, expect: onlyA({ ok: true }), ...guarded },
        actions: [
          {
            url: path,
            form: { intent: "cancel" },
            expect: onlyA({ redirect: path }),
            writer: "customer",
            ...guarded,
          },
          {
            url: path,
            form: {
              intent: "reschedule",
              appointmentDate: nextOpenDate(appointmentDateOfA),
              appointmentTime: "11:00 AM",
            },
            expect: onlyA({ redirect: path }),
            writer: "customer",
            ...guarded,
          },
          {
            url: path,
            form: { intent: "reschedule", appointmentDate: "", appointmentTime: "" },
            expect: onlyA({ status: 400 }),
            ...guarded,
          },
          { url: path, form: { intent: "other" }, expect: onlyA({ status: 400 }), ...guarded },
        ],
      };
    },
  },
  "routes/dashboard/complaints.tsx": {
    path: "/dashboard/complaints",
    entry: (): MatrixEntry => ({
      loader: userOnly("/dashboard/complaints"),
      actions: [
        // Stored for the poster: a forged user id or e-mail never files it under A's name.
        {
          ...userOnly("/dashboard/complaints"),
          form: { description: "Matrix complaint", userId: userIds.customer ?? "", email: A_EMAIL },
          ownRows: true,
        },
        refusedForAll("/dashboard/complaints", { description: "   " }),
      ],
    }),
  },
  // The right current password is not replayed here: it would end the actor's matrix session.
  // profile.test.ts covers it (the password changes, the other sessions end).
  "routes/dashboard/profile.tsx": {
    path: "/dashboard/profile",
    entry: (): MatrixEntry => ({
      loader: userOnly("/dashboard/profile"),
      actions: [
        {
          ...userOnly("/dashboard/profile"),
          form: {
            intent: "profile",
            fullName: "Renamed Matrix",
            phone: "08030000000",
            userId: userIds.customer ?? "",
            email: A_EMAIL,
          },
          ownRows: true,
        },
        refusedForAll("/dashboard/profile", { intent: "profile", fullName: " ", phone: "" }),
        refusedForAll("/dashboard/profile", {
          intent: "password",
          currentPassword: "not-the-password",
          newPassword: "matrix-new-1",
          confirmPassword: "matrix-new-1",
        }),
        refusedForAll("/dashboard/profile", {
          intent: "password",
          currentPassword: "secret-password-1",
          newPassword: "matrix-new-1",
          confirmPassword: "matrix-new-2",
        }),
        refusedForAll("/dashboard/profile", { intent: "delete-account", userId: "x" }),
      ],
    }),
  },
  // Saved searches (issue 14): A's search is A's alone; a search is saved for the poster.
  "routes/dashboard/searches.tsx": {
    path: "/dashboard/searches",
    entry: (): MatrixEntry => {
      const path = "/dashboard/searches";
      const guarded = { reset: resetSearchOfA, watch: searchOfAState };
      const onlyA = (a: Expect): Request_["expect"] => ({
        anonymous: toSignIn(path),
        customer: a,
        otherCustomer: { status: 404 },
        admin: { status: 404 },
      });
      const ofA = (form: Record<string, string>, a: Expect): Request_ => ({
        url: path,
        form: { id: searchOfA, ...form },
        expect: onlyA(a),
        writer: "customer",
        ...guarded,
      });
      return {
        loader: { ...userOnly(path), ...guarded },
        actions: [
          ofA({ intent: "rename", name: "Renamed by someone" }, { redirect: path }),
          ofA({ intent: "alerts", frequency: "off" }, { redirect: path }),
          ofA({ intent: "open" }, { redirect: "/properties?location=Abuja" }),
          ofA({ intent: "delete", confirmed: "yes" }, { redirect: path }),
          { ...refusedForAll(path, { intent: "rename", id: searchOfA, name: " " }), ...guarded },
          {
            ...refusedForAll(path, { intent: "alerts", id: searchOfA, frequency: "hourly" }),
            ...guarded,
          },
          {
            url: path,
            form: { intent: "rename", id: "not-an-id", name: "Whatever" },
            expect: {
              anonymous: toSignIn(path),
              customer: { status: 404 },
              otherCustomer: { status: 404 },
              admin: { status: 404 },
            },
            ...guarded,
          },
        ],
      };
    },
  },
  // Owners (issue 20): My Listings, one submission, one live listing. Only the owner reads or
  // changes theirs; another owner, a customer and an admin get 404 (the office reviews in
  // /admin/submissions). Bad input is refused before anyone's rows are looked up.
  "routes/dashboard/listings.tsx": {
    path: "/dashboard/listings",
    entry: (): MatrixEntry => {
      const path = "/dashboard/listings";
      const signedIn = (expected: Expect) => ({
        anonymous: toSignIn(path),
        customer: expected,
        otherCustomer: expected,
        admin: expected,
      });
      return {
        loader: { ...userOnly(path), ...OWNER_GUARD },
        actions: [
          // The weekly report's switch is the poster's own (a forged user id changes nothing).
          {
            url: path,
            form: { intent: "weekly-report", weeklyReport: "on", userId: userIds.owner ?? "" },
            expect: signedIn({ redirect: path }),
            ownRows: true,
          },
          {
            url: path,
            form: { intent: "weekly-report", weeklyReport: "yes" },
            expect: signedIn({ status: 400 }),
          },
          // The same-day e-mails' switch (issue 47): the poster's own, like the report's.
          {
            url: path,
            form: { intent: "interest-alerts", userId: userIds.owner ?? "" },
            expect: signedIn({ redirect: path }),
            ownRows: true,
          },
          { url: path, form: { intent: "nothing" }, expect: signedIn({ status: 400 }) },
        ],
      };
    },
  },
  "routes/dashboard/listing-submission.tsx": {
    path: "/dashboard/listings/submissions/:id",
    entry: (): MatrixEntry => {
      const path = `/dashboard/listings/submissions/${SUBMISSION_OF_OWNER}`;
      const onlyOwner = ownerOnly(path);
      return {
        loader: { url: path, expect: onlyOwner({ ok: true }), ...OWNER_GUARD },
        actions: [
          {
            url: path,
            form: { intent: "save", title: "Matrix flat, fixed", city: "Kano" },
            expect: onlyOwner({ redirect: path }),
            writer: "owner",
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "withdraw", confirmed: "yes" },
            expect: onlyOwner({ redirect: path }),
            writer: "owner",
            ...OWNER_GUARD,
          },
          // Withdraw asks first: nothing is written until the yes.
          {
            url: path,
            form: { intent: "withdraw" },
            expect: onlyOwner({ ok: true }),
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "remove-photo", photoId: UNKNOWN_ID },
            expect: onlyOwner({ status: 404 }),
            ...OWNER_GUARD,
          },
          // The thread with the office (issue 47): only on the owner's own submission; anyone
          // else guessing its id gets 404 and writes nothing.
          {
            url: path,
            form: { intent: "message", body: "Matrix reply" },
            expect: onlyOwner({ redirect: path }),
            writer: "owner",
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "message", body: "" },
            expect: onlyOwner({ status: 400 }),
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "submit", title: "" },
            expect: onlyOwner({ status: 400 }, { status: 400 }),
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "nothing" },
            expect: onlyOwner({ status: 400 }),
            ...OWNER_GUARD,
          },
        ],
      };
    },
  },
  "routes/dashboard/listing.tsx": {
    path: "/dashboard/listings/:id",
    entry: (): MatrixEntry => {
      const path = `/dashboard/listings/${LISTING_OF_OWNER}`;
      const onlyOwner = ownerOnly(path);
      return {
        loader: { url: path, expect: onlyOwner({ ok: true }), ...OWNER_GUARD },
        actions: [
          {
            url: path,
            form: { intent: "takedown", note: "Let privately" },
            expect: onlyOwner({ redirectStartsWith: "/dashboard/listings/submissions/" }),
            writer: "owner",
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "takedown", note: "" },
            expect: onlyOwner({ status: 400 }, { status: 400 }),
            ...OWNER_GUARD,
          },
          // The listing's thread is its submission's (issue 47): the owner's only.
          {
            url: path,
            form: { intent: "message", body: "Matrix question" },
            expect: onlyOwner({ redirect: path }),
            writer: "owner",
            ...OWNER_GUARD,
          },
          {
            url: path,
            form: { intent: "nothing" },
            expect: onlyOwner({ status: 400 }, { status: 400 }),
            ...OWNER_GUARD,
          },
        ],
      };
    },
  },
  // Anyone may read it; a signed-out post keeps only what was typed (a hold) and goes to sign in,
  // a signed-in one stores the poster's own draft.
  "routes/public/list-your-property.tsx": {
    path: "/list-your-property",
    entry: (): MatrixEntry => {
      const path = "/list-your-property";
      const all = (expected: Expect) => ({
        anonymous: expected,
        customer: expected,
        otherCustomer: expected,
        admin: expected,
      });
      return {
        loader: { url: path, expect: all({ ok: true }) },
        actions: [
          {
            url: path,
            form: { intent: "save", title: "Matrix listing", city: "Kano" },
            expect: {
              ...all({ redirectStartsWith: "/dashboard/listings/submissions/" }),
              anonymous: { redirect: HELD },
            },
            writer: "anonymous",
            ownRows: true,
          },
          { url: path, form: { intent: "save", title: "" }, expect: all({ status: 400 }) },
          {
            url: path,
            form: { intent: "submit", title: "No price" },
            // Signed out, only a title is needed to keep it; signed in, sending checks it all.
            expect: { ...all({ status: 400 }), anonymous: { redirect: HELD } },
            writer: "anonymous",
          },
        ],
      };
    },
  },
  "routes/dashboard/search-new.tsx": {
    path: "/dashboard/searches/new",
    entry: (): MatrixEntry => {
      const path = "/dashboard/searches/new?location=Abuja&beds=3";
      return {
        loader: userOnly(path),
        actions: [
          // Saved for the poster: a forged user id never files it under A's name.
          {
            url: path,
            form: { name: "Matrix homes", frequency: "weekly", userId: userIds.customer ?? "" },
            expect: {
              anonymous: toSignIn(path),
              customer: { redirect: "/dashboard/searches" },
              otherCustomer: { redirect: "/dashboard/searches" },
              admin: { redirect: "/dashboard/searches" },
            },
            ownRows: true,
          },
          refusedForAll(path, { name: "", frequency: "daily" }),
        ],
      };
    },
  },
  "routes/admin/layout.tsx": {
    path: "/admin",
    entry: () => ({
      loader: { url: "/admin", expect: allStaff(adminOnly("/admin").expect, { ok: true }) },
    }),
  },
  "routes/admin/index.ts": {
    path: "/admin",
    entry: () => ({
      loader: {
        ...adminOnly("/admin"),
        expect: allStaff(adminOnly("/admin").expect, { redirect: "/admin/dashboard" }),
      },
    }),
  },
  "routes/admin/dashboard.tsx": {
    path: "/admin/dashboard",
    // An agent's home is their leads due today (issue 47); the office figures are the admins'.
    entry: () => ({
      loader: {
        url: "/admin/dashboard",
        expect: {
          ...adminOnly("/admin/dashboard").expect,
          admin: { ok: true },
          agent: { redirect: "/admin/leads?view=due" },
          otherAgent: { redirect: "/admin/leads?view=due" },
        },
      },
    }),
  },
  "routes/admin/search.tsx": {
    path: "/admin/search",
    entry: () => ({ loader: adminOnly("/admin/search?q=matrix") }),
  },
  "routes/admin/audit.tsx": {
    path: "/admin/audit",
    entry: () => ({ loader: adminOnly("/admin/audit?entity=appointment&from=2026-01-01") }),
  },
  // Accounts and settings (admin part 3). The matrix's admin is a plain admin: the
  // super-admin-only writes (granting the admin role, adding or removing admins) answer 403 and
  // write nothing. users.test.ts and settings.test.ts run them as a super admin.
  "routes/admin/users.tsx": {
    path: "/admin/users",
    entry: () => ({ loader: adminOnly("/admin/users?q=matrix&role=guest") }),
  },
  "routes/admin/user-new.tsx": {
    path: "/admin/users/new",
    entry: (): MatrixEntry => {
      const path = "/admin/users/new";
      const refused = adminOnly(path).expect;
      const added = { email: ADDED_EMAIL, firstName: "Added", lastName: "Matrix", phone: "" };
      const guarded = { reset: resetMatrixAccounts, watch: matrixAccountsState };
      return {
        loader: { ...adminOnly(`${path}?email=guest%40matrix.test`), ...guarded },
        actions: [
          {
            url: path,
            form: { intent: "create", ...added, role: "tenant", back: "/admin/users?role=tenant" },
            expect: { ...refused, admin: { redirect: "/admin/users?role=tenant" } },
            writer: "admin",
            ...guarded,
          },
          {
            url: path,
            form: { intent: "create", ...added, role: "admin" },
            expect: { ...refused, admin: { status: 403 } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "create", ...added, email: "", role: "tenant" },
            expect: { ...refused, admin: { status: 400 } },
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/admin/user.tsx": {
    path: "/admin/users/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/users/${MATRIX_TARGET_ID}`;
      const refused = adminOnly(path).expect;
      const edit = { intent: "update", firstName: "Target", lastName: "Renamed", phone: "" };
      const guarded = { reset: resetMatrixAccounts, watch: matrixAccountsState };
      return {
        loader: { ...adminOnly(path), ...guarded },
        actions: [
          {
            url: path,
            form: { ...edit, role: "owner", status: "inactive", back: "/admin/users" },
            expect: { ...refused, admin: { redirect: "/admin/users" } },
            writer: "admin",
            ...guarded,
          },
          {
            url: path,
            form: { ...edit, role: "admin", status: "active" },
            expect: { ...refused, admin: { status: 403 } },
            ...guarded,
          },
          {
            url: path,
            form: { ...edit, firstName: " ", role: "tenant", status: "active" },
            expect: { ...refused, admin: { status: 400 } },
            ...guarded,
          },
          {
            url: `/admin/users/${MATRIX_OTHER_ADMIN_ID}`,
            form: { intent: "delete", confirmed: "yes" },
            expect: {
              ...adminOnly(`/admin/users/${MATRIX_OTHER_ADMIN_ID}`).expect,
              admin: { status: 403 },
            },
            ...guarded,
          },
          {
            url: "/admin/users/no-such-user",
            form: { ...edit, role: "tenant", status: "active" },
            expect: { ...adminOnly("/admin/users/no-such-user").expect, admin: { status: 404 } },
            ...guarded,
          },
          // An agent's public profile (issue 45): the office's; the target is no agent, so the
          // form is refused (409) and nothing is written.
          {
            url: path,
            form: { intent: "agent-profile", staffId: "NH-9999", back: "/admin/users" },
            expect: { ...refused, admin: { status: 409 } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "agent-profile", officialWhatsapp: "not a number" },
            expect: { ...refused, admin: { status: 400 } },
            ...guarded,
          },
          // Delete asks 'Are you absolutely sure?' first: nothing is written until the yes.
          {
            url: path,
            form: { intent: "delete" },
            expect: { ...refused, admin: { ok: true } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "delete", confirmed: "yes" },
            expect: { ...refused, admin: { redirect: "/admin/users" } },
            writer: "admin",
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/admin/settings.tsx": {
    path: "/admin/settings",
    entry: (): MatrixEntry => {
      const path = "/admin/settings";
      const guarded = { reset: resetMatrixAccounts, watch: matrixAccountsState };
      const { done, wrong } = adminPosts(path, guarded);
      // Issue 47: agents have the page for their own switches and password (each writes only
      // their own settings row); the office's settings and deleting the account are refused them.
      const agents = (expected: Expect) => ({ agent: expected, otherAgent: expected });
      const forAgents = (request: Request_, expected: Expect, writer = false): Request_ => ({
        ...request,
        expect: { ...request.expect, ...agents(expected) },
        ...(writer ? { writer: ["admin", "agent", "otherAgent"] as Actor[] } : {}),
      });
      const officeOnly = (request: Request_) => forAgents(request, { status: 403 });
      return {
        loader: {
          ...adminOnly(`${path}?tab=admins`),
          expect: { ...adminOnly(`${path}?tab=admins`).expect, ...agents({ ok: true }) },
          ...guarded,
        },
        actions: [
          forAgents(
            done(
              { intent: "notification", setting: "emailNotifications" },
              "/admin/settings?tab=general",
            ),
            { redirect: "/admin/settings?tab=general" },
            true,
          ),
          forAgents(wrong({ intent: "notification", setting: "sms" }, 400), { status: 400 }),
          // Where general bookings go (the office's): admins only; a made-up choice is refused.
          officeOnly(
            done(
              { intent: "general-bookings", generalBookings: "admins" },
              "/admin/settings?tab=general",
            ),
          ),
          officeOnly(wrong({ intent: "general-bookings", generalBookings: "everyone" }, 400)),
          // The agency's fee terms (issue 45): admins only; a percentage over 100 is refused.
          officeOnly(
            done(
              {
                intent: "fee-terms",
                agencyFeePercent: "10",
                legalFeePercent: "10",
                advanceRentMonthsYearly: "12",
                advanceRentMonthsMonthly: "6",
                saleAgencyFeePercent: "5",
                saleLegalFeePercent: "5",
                agencyFeeCapPercent: "10",
                legalFeeCapPercent: "10",
                exemptAreas: "Apapa, Ikeja GRA, Ikoyi, Victoria Island",
              },
              "/admin/settings?tab=general",
            ),
          ),
          officeOnly(
            wrong(
              {
                intent: "fee-terms",
                agencyFeePercent: "150",
                legalFeePercent: "10",
                advanceRentMonthsYearly: "12",
                advanceRentMonthsMonthly: "6",
                saleAgencyFeePercent: "5",
                saleLegalFeePercent: "5",
                agencyFeeCapPercent: "10",
                legalFeeCapPercent: "10",
                exemptAreas: "Apapa, Ikeja GRA, Ikoyi, Victoria Island",
              },
              400,
            ),
          ),
          forAgents(
            wrong(
              {
                intent: "password",
                currentPassword: "not-the-password",
                newPassword: "matrix-new-1",
                confirmPassword: "matrix-new-1",
              },
              400,
            ),
            { status: 400 },
          ),
          forAgents(
            wrong(
              {
                intent: "password",
                currentPassword: "secret-password-1",
                newPassword: "matrix-new-1",
                confirmPassword: "matrix-new-2",
              },
              400,
            ),
            { status: 400 },
          ),
          officeOnly(wrong({ intent: "delete-account", confirmation: "delete" }, 400)),
          officeOnly(
            wrong(
              { intent: "add-admin", email: "new-admin@matrix.test", password: "secret-1" },
              403,
            ),
          ),
          officeOnly(
            wrong({ intent: "remove-admin", userId: MATRIX_OTHER_ADMIN_ID, confirmed: "yes" }, 403),
          ),
          forAgents(wrong({ intent: "nothing" }, 400), { status: 400 }),
        ],
      };
    },
  },
  // Backups (issue 22): super admins only. The matrix's plain admin gets 403 and takes none.
  "routes/admin/backups.tsx": {
    path: "/admin/backups",
    entry: (): MatrixEntry => {
      const path = "/admin/backups";
      const refused = adminOnly(path).expect;
      return {
        loader: { ...adminOnly(path), expect: { ...refused, admin: { status: 403 } } },
        actions: [
          { url: path, form: { intent: "backup" }, expect: { ...refused, admin: { status: 403 } } },
          // Deleting an archive (issue 44): a name the list would show, confirmed.
          {
            url: path,
            form: {
              intent: "delete",
              name: "naija-homes-2026-01-01T02-30-00-000-manual.tar.gz",
              confirmed: "yes",
            },
            expect: { ...refused, admin: { status: 403 } },
          },
          // The mail held since a restore (issue 44): sent or dropped by super admins only.
          ...["send-held", "drop-held"].map((intent) => ({
            url: path,
            form: { intent, id: "all", confirmed: "yes" },
            expect: { ...refused, admin: { status: 403 } },
          })),
        ],
      };
    },
  },
  "routes/admin/backup-download.ts": {
    path: "/admin/backups/:name",
    entry: (): MatrixEntry => {
      const path = "/admin/backups/naija-homes-2026-01-01T02-30-00-000.tar.gz";
      const refused = adminOnly(path).expect;
      return { loader: { ...adminOnly(path), expect: { ...refused, admin: { status: 403 } } } };
    },
  },
  // The catalogue (admin part 2).
  "routes/admin/properties.tsx": {
    path: "/admin/properties",
    entry: (): MatrixEntry => {
      const path = "/admin/properties";
      const refused = adminOnly(path).expect;
      const guarded = { reset: resetAdminProperty, watch: adminPropertyState };
      const forbidden = { agent: { status: 403 }, otherAgent: { status: 403 } };
      const listUrl = "/admin/properties?q=matrix&purpose=sale&view=trash";
      return {
        // An agent's list holds their own listings only (agents.test.ts counts them).
        loader: { url: listUrl, expect: allStaff(adminOnly(listUrl).expect, { ok: true }) },
        actions: [
          // A bulk change asks with the count first: nothing written until the yes, then the
          // report is answered in the page.
          {
            url: path,
            form: { intent: "bulk", bulkAction: "feature", ids: adminPropertyId },
            expect: { ...refused, ...forbidden, admin: { ok: true } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "bulk", bulkAction: "feature", ids: adminPropertyId, confirmed: "yes" },
            expect: { ...refused, ...forbidden, admin: { ok: true } },
            writer: "admin",
            ...guarded,
          },
          {
            url: path,
            form: { intent: "bulk", bulkAction: "feature" },
            expect: { ...refused, ...forbidden, admin: { status: 400 } },
            ...guarded,
          },
          // "Assign agent" to the office: asked, then done; an account that is not an agent is
          // refused before and after the yes, nothing written.
          {
            url: path,
            form: {
              intent: "bulk",
              bulkAction: "assign",
              agentId: "",
              ids: adminPropertyId,
              confirmed: "yes",
            },
            expect: { ...refused, ...forbidden, admin: { ok: true } },
            writer: "admin",
            ...guarded,
          },
          {
            url: path,
            form: {
              intent: "bulk",
              bulkAction: "assign",
              agentId: "not-an-agent",
              ids: adminPropertyId,
              confirmed: "yes",
            },
            expect: { ...refused, ...forbidden, admin: { status: 400 } },
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/admin/properties-export.ts": {
    path: "/admin/properties/export.csv",
    entry: () => ({ loader: adminOnly("/admin/properties/export.csv?city=Kano") }),
  },
  "routes/admin/properties-template.ts": {
    path: "/admin/properties/template.csv",
    entry: () => ({ loader: adminOnly("/admin/properties/template.csv") }),
  },
  "routes/admin/properties-import.tsx": {
    path: "/admin/properties/import",
    entry: (): MatrixEntry => {
      const path = "/admin/properties/import";
      const refused = adminOnly(path).expect;
      const csv = MATRIX_IMPORT_CSV;
      return {
        loader: adminOnly(path),
        actions: [
          {
            url: path,
            form: { intent: "preview", csv },
            expect: { ...refused, admin: { ok: true } },
          },
          {
            url: path,
            // The plan the check showed: the import applies only that one.
            form: { intent: "import", csv, fingerprint: MATRIX_IMPORT_FINGERPRINT },
            expect: { ...refused, admin: { redirect: "/admin/properties" } },
            writer: "admin",
            // The listing an earlier request (another spelling) imported would be a look-alike
            // of this row, and change the plan the fingerprint names.
            reset: async () => {
              await db
                .delete(schema.properties)
                .where(eq(schema.properties.title, "Matrix import"));
            },
          },
        ],
      };
    },
  },
  "routes/admin/property-new.tsx": {
    path: "/admin/properties/new",
    entry: (): MatrixEntry => {
      const path = "/admin/properties/new";
      const refused = adminOnly(path).expect;
      return {
        loader: adminOnly(path),
        actions: [
          {
            url: path,
            form: {
              title: "Matrix flat",
              purpose: "rent",
              price: "2000000",
              city: "Lagos",
              propertyType: "apartment",
              category: "residential",
              status: "available",
            },
            expect: { ...refused, admin: { redirect: "/admin/properties" } },
            writer: "admin",
          },
          {
            url: path,
            form: { title: "", price: "", city: "" },
            expect: { ...refused, admin: { status: 400 } },
          },
        ],
      };
    },
  },
  "routes/admin/property-edit.tsx": {
    path: "/admin/properties/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/properties/${adminPropertyId}`;
      const refused = adminOnly(path).expect;
      const guarded = { reset: resetAdminProperty, watch: adminPropertyState };
      // The listing is the agent's: they edit it like an admin; the other agent cannot see it.
      const asAgent = (agent: Expect) => ({ agent, otherAgent: { status: 404 } });
      return {
        loader: {
          url: path,
          expect: { ...refused, admin: { ok: true }, ...asAgent({ ok: true }) },
          ...guarded,
        },
        actions: [
          {
            url: path,
            form: {
              title: "Matrix house",
              purpose: "sale",
              price: "90000000",
              city: "Abuja",
              propertyType: "house",
              category: "residential",
              status: "available",
            },
            expect: {
              ...refused,
              admin: { redirect: "/admin/properties" },
              ...asAgent({ redirect: "/admin/properties" }),
            },
            writer: ["admin", "agent"],
            ...guarded,
          },
          // Deleting is the office's, even for the listing's own agent.
          {
            url: path,
            form: { intent: "delete", confirmed: "yes" },
            expect: {
              ...refused,
              admin: { redirect: "/admin/properties" },
              agent: { status: 403 },
              otherAgent: { status: 403 },
            },
            writer: "admin",
            ...guarded,
          },
          // A photo that is not this listing's: nothing moves.
          {
            url: path,
            form: { intent: "photo-up", mediaId: "00000000-0000-4000-8000-000000000000" },
            expect: { ...refused, admin: { status: 404 }, ...asAgent({ status: 404 }) },
            ...guarded,
          },
        ],
      };
    },
  },
  // Dated availability (issue 46): every staff member opens the list (an agent's holds their own
  // listings only, to-confirm.test.ts); the listing is the agent's, so they confirm it in one
  // tap like an admin, and the other agent cannot (404, nothing written).
  "routes/admin/to-confirm.tsx": {
    path: "/admin/to-confirm",
    entry: (): MatrixEntry => {
      const path = "/admin/to-confirm";
      const refused = adminOnly(path).expect;
      const guarded = { reset: resetAdminProperty, watch: adminPropertyState };
      return {
        loader: { url: path, expect: allStaff(refused, { ok: true }) },
        actions: [
          {
            url: path,
            form: { intent: "confirm", propertyId: adminPropertyId, method: "visit" },
            expect: {
              ...refused,
              admin: { redirect: path },
              agent: { redirect: path },
              otherAgent: { status: 404 },
            },
            writer: ["admin", "agent"],
            ...guarded,
          },
          {
            url: path,
            form: { intent: "confirm", propertyId: adminPropertyId, method: "guess" },
            expect: allStaff(refused, { status: 400 }),
            ...guarded,
          },
          {
            url: path,
            form: { intent: "confirm", propertyId: UNKNOWN_ID, method: "call" },
            expect: allStaff(refused, { status: 404 }),
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/admin/property-photos-upload.ts": {
    path: "/admin/properties/:id/photos",
    entry: (): MatrixEntry => {
      const path = `/admin/properties/${adminPropertyId}/photos`;
      return {
        // Opened as a page: the listing's edit page, for admins only.
        loader: {
          url: path,
          expect: {
            ...adminOnly(path).expect,
            admin: { redirect: `/admin/properties/${adminPropertyId}` },
            // The edit page then answers 404 to an agent whose listing it is not.
            agent: { redirect: `/admin/properties/${adminPropertyId}` },
            otherAgent: { redirect: `/admin/properties/${adminPropertyId}` },
          },
        },
        actions: [
          // No photo in the post: refused, nothing written.
          {
            url: path,
            form: { photoTitle: "Front" },
            expect: allStaff(adminOnly(path).expect, { status: 400 }),
          },
        ],
      };
    },
  },
  // Appointments (admin part 3): any booking, for staff only.
  "routes/admin/appointments.tsx": {
    path: "/admin/appointments",
    entry: (): MatrixEntry => {
      const path = "/admin/appointments";
      const listUrl = "/admin/appointments?q=matrix&status=pending";
      return {
        // An agent's list holds their own viewings (agents.test.ts counts them).
        loader: { url: listUrl, expect: allStaff(adminOnly(listUrl).expect, { ok: true }) },
        actions: [
          // Each staff member's own calendar address.
          {
            url: path,
            form: { intent: "calendar-reset" },
            expect: allStaff(adminOnly(path).expect, { ok: true }),
            writer: ["admin", "agent", "otherAgent"],
          },
          {
            url: path,
            form: { intent: "nothing" },
            expect: allStaff(adminOnly(path).expect, { status: 400 }),
          },
        ],
      };
    },
  },
  "routes/admin/appointment-new.tsx": {
    path: "/admin/appointments/new",
    entry: (): MatrixEntry => {
      const path = "/admin/appointments/new";
      const refused = adminOnly(path).expect;
      // Each booking is taken back before the next request, so none clashes with the last.
      const guarded = { reset: resetMatrixCallerBookings };
      const caller = {
        intent: "create",
        fullName: MATRIX_CALLER,
        email: "",
        phone: "0803 000 0001",
        appointmentDate: nextOpenDate(appointmentDateOfA),
        appointmentTime: "11:00 AM",
      };
      const booked = { redirectStartsWith: "/admin/appointments/" };
      return {
        // Every staff member books (issue 47); an agent's picker holds their own listings.
        loader: {
          url: `${path}?property=${adminPropertyId}`,
          expect: allStaff(adminOnly(`${path}?property=${adminPropertyId}`).expect, { ok: true }),
        },
        actions: [
          // The office books a caller with no listing and no e-mail; an agent must name a listing.
          {
            url: path,
            form: { ...caller, back: "/admin/appointments?status=pending" },
            expect: { ...allStaff(refused, { status: 400 }), admin: booked },
            writer: "admin",
            ...guarded,
          },
          // The agent's own listing: theirs to book; the other agent's post is forged (403).
          {
            url: path,
            form: { ...caller, propertyId: adminPropertyId },
            expect: { ...refused, admin: booked, agent: booked, otherAgent: { status: 403 } },
            writer: ["admin", "agent"],
            ...guarded,
          },
          // A's viewing is the agent's at that time: a clash is asked about, nothing written.
          {
            url: path,
            form: {
              ...caller,
              propertyId: adminPropertyId,
              appointmentDate: appointmentDateOfA,
              appointmentTime: "10:00 AM",
            },
            expect: {
              ...refused,
              admin: { ok: true },
              agent: { ok: true },
              otherAgent: { status: 403 },
            },
            reset: async () => {
              await resetMatrixCallerBookings();
              await resetAppointmentOfA();
            },
          },
          {
            url: path,
            form: { ...caller, appointmentDate: "" },
            expect: allStaff(refused, { status: 400 }),
          },
        ],
      };
    },
  },
  "routes/admin/appointment.tsx": {
    path: "/admin/appointments/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/appointments/${appointmentOfA}`;
      const guarded = { reset: resetAppointmentOfA, watch: appointmentOfAState };
      // A's viewing is the agent's: they handle it like an admin; the other agent gets 404.
      const refused = { ...adminOnly(path).expect, otherAgent: { status: 404 } };
      const agentAsAdmin = (spec: Request_): Request_ => ({
        ...spec,
        expect: { ...spec.expect, agent: spec.expect.admin },
        writer: spec.writer ? ["admin", "agent"] : undefined,
      });
      return {
        loader: agentAsAdmin({
          url: path,
          expect: { ...refused, admin: { ok: true } },
          ...guarded,
        }),
        actions: (
          [
            // Each status change e-mails the customer, so it asks first: nothing written until yes.
            {
              url: path,
              form: { intent: "confirm", back: "/admin/appointments?status=pending" },
              expect: { ...refused, admin: { ok: true } },
              ...guarded,
            },
            {
              url: path,
              form: {
                intent: "confirm",
                back: "/admin/appointments?status=pending",
                confirmed: "yes",
              },
              expect: { ...refused, admin: { redirect: "/admin/appointments?status=pending" } },
              writer: "admin",
              ...guarded,
            },
            // Complete before the start time: refused on the server, nothing written.
            {
              url: path,
              form: { intent: "complete", confirmed: "yes" },
              expect: { ...refused, admin: { redirect: "/admin/appointments" } },
              ...guarded,
            },
            // Staff reschedule for a caller, on the public rules.
            {
              url: path,
              form: {
                intent: "reschedule",
                appointmentDate: nextOpenDate(appointmentDateOfA),
                appointmentTime: "11:00 AM",
              },
              expect: { ...refused, admin: { redirect: "/admin/appointments" } },
              writer: "admin",
              ...guarded,
            },
            {
              url: path,
              form: { intent: "reschedule", appointmentDate: "", appointmentTime: "" },
              expect: { ...refused, admin: { status: 400 } },
              ...guarded,
            },
            // Cancelling asks first: nothing is written until the confirmed post.
            {
              url: path,
              form: { intent: "cancel" },
              expect: { ...refused, admin: { ok: true } },
              ...guarded,
            },
            {
              url: path,
              form: { intent: "cancel", confirmed: "yes" },
              expect: { ...refused, admin: { redirect: "/admin/appointments" } },
              writer: "admin",
              ...guarded,
            },
            // The viewing code check (issue 45): A's viewing is pending, so it has no code (409);
            // an answer that is neither yes nor no is refused (400). Nothing written either way.
            {
              url: path,
              form: { intent: "code-check", codeMatched: "yes", back: "/admin/appointments" },
              expect: { ...refused, admin: { status: 409 } },
              ...guarded,
            },
            {
              url: path,
              form: { intent: "code-check", codeMatched: "maybe" },
              expect: { ...refused, admin: { status: 400 } },
              ...guarded,
            },
            {
              url: path,
              form: { intent: "nothing" },
              expect: { ...refused, admin: { status: 400 } },
              ...guarded,
            },
          ] as Request_[]
        )
          .map(agentAsAdmin)
          .concat([
            // Giving the viewing to someone else is the office's (viewings:assign): its own agent
            // is refused (403), the other agent does not see it (404); a bad choice writes nothing.
            {
              url: path,
              form: { intent: "assign", agentId: "", back: "/admin/appointments" },
              expect: {
                ...refused,
                admin: { redirect: "/admin/appointments" },
                agent: { status: 403 },
              },
              writer: "admin",
              ...guarded,
            },
            {
              url: path,
              form: { intent: "assign", agentId: "not-an-agent" },
              expect: { ...refused, admin: { status: 400 }, agent: { status: 403 } },
              ...guarded,
            },
          ]),
      };
    },
  },
  // Inquiries Management (admin part 3).
  "routes/admin/submissions.tsx": {
    path: "/admin/submissions",
    entry: () => ({ loader: { ...adminOnly("/admin/submissions?status=all"), ...OWNER_GUARD } }),
  },
  "routes/admin/submission.tsx": {
    path: "/admin/submissions/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/submissions/${SUBMISSION_OF_OTHER_OWNER}`;
      const request = (form: Record<string, string>, admin: Expect, write = false): Request_ => ({
        url: path,
        form,
        expect: { ...adminOnly(path).expect, admin },
        ...(write ? { writer: "admin" as const } : {}),
        ...OWNER_GUARD,
      });
      return {
        loader: { ...adminOnly(path), ...OWNER_GUARD },
        actions: [
          request({ intent: "request-changes", message: "Add photos" }, { redirect: path }, true),
          request(
            {
              intent: "approve",
              title: "Matrix approved",
              purpose: "sale",
              price: "1000",
              propertyType: "house",
              category: "residential",
              city: "Kano",
              status: "available",
            },
            { redirect: path },
            true,
          ),
          // Declining asks first: nothing is written until the yes.
          request({ intent: "decline", message: "Not ours" }, { ok: true }),
          request(
            { intent: "decline", message: "Not ours", confirmed: "yes" },
            { redirect: path },
            true,
          ),
          // The office's answer on the thread (issue 47), e-mailed to the owner.
          request({ intent: "message", body: "Matrix answer" }, { redirect: path }, true),
          request({ intent: "message", body: "" }, { status: 400 }),
          request({ intent: "request-changes", message: "" }, { status: 400 }),
          request({ intent: "approve", title: "" }, { status: 400 }),
          request({ intent: "nothing" }, { status: 400 }),
        ],
      };
    },
  },
  // An agent handles the inquiries about their own listings (issue 21): the list opens for every
  // staff member, scoped in SQL; the visitor's general message is no agent's (404).
  "routes/admin/complaints.tsx": {
    path: "/admin/complaints",
    entry: () => {
      const path = "/admin/complaints?q=matrix&source=contact";
      return { loader: { url: path, expect: allStaff(adminOnly(path).expect, { ok: true }) } };
    },
  },
  // Where enquiries come from (issue 21): every staff member, an agent their own listings' only.
  "routes/admin/leads.tsx": {
    path: "/admin/leads",
    entry: () => ({
      loader: {
        url: "/admin/leads",
        expect: allStaff(adminOnly("/admin/leads").expect, { ok: true }),
      },
    }),
  },
  // A lead of the inbox (issue 47): the office's and its agent's; another agent gets 404 by its
  // id, reading or writing, and writes nothing.
  "routes/admin/lead.tsx": {
    path: "/admin/leads/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/leads/${leadOfAgent}`;
      const guarded = { reset: resetLeadOfAgent, watch: leadOfAgentState };
      const refused = { ...adminOnly(path).expect, otherAgent: { status: 404 } };
      return {
        loader: { url: path, expect: { ...refused, admin: { ok: true }, agent: { ok: true } } },
        actions: [
          {
            url: path,
            form: { intent: "note", note: "Matrix note" },
            expect: { ...refused, admin: { redirect: path }, agent: { redirect: path } },
            writer: ["admin", "agent"],
            ...guarded,
          },
          {
            url: path,
            form: { intent: "update", status: "won", nextFollowUp: "", lostReason: "" },
            expect: { ...refused, admin: { redirect: path }, agent: { redirect: path } },
            writer: ["admin", "agent"],
            ...guarded,
          },
          // Lost without a reason: refused beside the field, nothing written.
          {
            url: path,
            form: { intent: "update", status: "lost", nextFollowUp: "", lostReason: "" },
            expect: { ...refused, admin: { status: 400 }, agent: { status: 400 } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "nothing" },
            expect: { ...refused, admin: { status: 400 }, agent: { status: 400 } },
            ...guarded,
          },
        ],
      };
    },
  },
  "routes/admin/complaint.tsx": {
    path: "/admin/complaints/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/complaints/${inquiryOfVisitor}`;
      const guarded = { reset: resetInquiryOfVisitor, watch: inquiryOfVisitorState };
      // The visitor's message is about no listing: no agent's.
      const refused = {
        ...adminOnly(path).expect,
        agent: { status: 404 },
        otherAgent: { status: 404 },
      };
      const aboutListing = `/admin/complaints/${inquiryAboutListing}`;
      const listingGuarded = { reset: resetInquiryAboutListing, watch: inquiryAboutListingState };
      const listingRefused = { ...adminOnly(aboutListing).expect, otherAgent: { status: 404 } };
      return {
        loader: { url: path, expect: { ...refused, admin: { ok: true } }, ...guarded },
        actions: [
          {
            url: path,
            form: { intent: "respond", response: "Thank you", back: "/admin/complaints" },
            expect: { ...refused, admin: { redirect: "/admin/complaints" } },
            writer: "admin",
            ...guarded,
          },
          {
            url: path,
            form: { intent: "respond", response: "" },
            expect: { ...refused, admin: { status: 400 } },
            ...guarded,
          },
          {
            url: path,
            form: { intent: "status", status: "resolved" },
            expect: { ...refused, admin: { redirect: "/admin/complaints" } },
            writer: "admin",
            ...guarded,
          },
          // A message about the agent's listing: theirs to handle, not the other agent's.
          {
            url: aboutListing,
            form: { intent: "status", status: "in-progress" },
            expect: {
              ...listingRefused,
              admin: { redirect: "/admin/complaints" },
              agent: { redirect: "/admin/complaints" },
            },
            writer: ["admin", "agent"],
            ...listingGuarded,
          },
          {
            url: aboutListing,
            form: { intent: "respond", response: "Yes, it is free", back: "/admin/complaints" },
            expect: {
              ...listingRefused,
              admin: { redirect: "/admin/complaints" },
              agent: { redirect: "/admin/complaints" },
            },
            writer: ["admin", "agent"],
            ...listingGuarded,
          },
        ],
      };
    },
  },
  // Site content (admin part 4). Each request starts from the same rows (reset) and a refused
  // one must leave them as they were (watch).
  "routes/admin/social-media.tsx": {
    path: "/admin/social-media",
    entry: (): MatrixEntry => {
      const path = "/admin/social-media";
      const guarded = { reset: resetMatrixSocialLinks, watch: matrixSocialLinksState };
      const { done, wrong } = adminPosts(path, guarded);
      return {
        loader: { ...adminOnly(`${path}?edit=facebook`), ...guarded },
        actions: [
          done({ intent: "add", platform: "linkedin", url: "https://linkedin.com/company/m" }),
          done({ intent: "update", platform: "facebook", url: "https://facebook.com/matrix-2" }),
          done({ intent: "delete", platform: "facebook", confirmed: "yes" }),
          wrong({ intent: "add", platform: "linkedin", url: "" }, 400),
          wrong({ intent: "add", platform: "linkedin", url: "javascript:alert(1)" }, 400),
          wrong({ intent: "add", platform: "facebook", url: "https://facebook.com/other" }, 400),
          wrong({ intent: "update", platform: "myspace", url: "https://myspace.com/m" }, 404),
          wrong({ intent: "delete", platform: "instagram", confirmed: "yes" }, 404),
        ],
      };
    },
  },
  "routes/admin/contact-info.tsx": {
    path: "/admin/contact-info",
    entry: (): MatrixEntry => {
      const path = "/admin/contact-info";
      const guarded = { reset: resetMatrixContactInfo, watch: matrixContactInfoState };
      const { done, wrong } = adminPosts(path, guarded);
      const phone = { type: "phone", id: MATRIX_PHONE_ID };
      return {
        loader: { ...adminOnly(`${path}?edit=${MATRIX_PHONE_ID}`), ...guarded },
        actions: [
          done({ intent: "add", type: "whatsapp", label: "WhatsApp", value: "+234 803 000 0000" }),
          done({ intent: "update", ...phone, label: "Main line", value: "+234 809 000 0000" }),
          done({ intent: "delete", id: MATRIX_PHONE_ID, confirmed: "yes" }),
          wrong({ intent: "add", type: "email", label: "Sales", value: "not-an-email" }, 400),
          wrong({ intent: "update", ...phone, label: "", value: "+234 809 000 0000" }, 400),
          wrong({ intent: "add", type: "address", label: "Second office", value: "Lagos" }, 400),
          wrong({ intent: "delete", id: MATRIX_ADDRESS_ID, confirmed: "yes" }, 400),
          wrong(
            {
              intent: "update",
              type: "phone",
              id: MATRIX_MISSING_ID,
              label: "X",
              value: "0803 000 0000",
            },
            404,
          ),
          wrong(
            { intent: "update", type: "email", id: MATRIX_PHONE_ID, label: "X", value: "a@b.ng" },
            404,
          ),
        ],
      };
    },
  },
  // Issue 45: the channels /verify answers for, and the fraud reports queue. Admins only (the
  // agents are refused by the page permission map: office:manage).
  "routes/admin/channels.tsx": {
    path: "/admin/channels",
    entry: (): MatrixEntry => {
      const path = "/admin/channels";
      const guarded = { reset: resetMatrixChannels, watch: matrixChannelsState };
      const { done, wrong } = adminPosts(path, guarded);
      const line = { kind: "phone", label: "Matrix line", usedFor: "" };
      const account = { kind: "bank_account", value: "12345", bankName: "", accountName: "" };
      return {
        loader: { ...adminOnly(`${path}?edit=${MATRIX_CHANNEL_ID}`), ...guarded },
        actions: [
          done({ intent: "add", ...line, value: "0803 777 0002" }),
          done({ intent: "update", ...line, id: MATRIX_CHANNEL_ID, value: "0803 777 0003" }),
          done({ intent: "delete", id: MATRIX_CHANNEL_ID, confirmed: "yes" }),
          // The same number again, in another spelling: already on the list.
          wrong({ intent: "add", ...line, value: "+234-803-777-0001" }, 400),
          wrong({ intent: "add", ...account }, 400),
          wrong({ intent: "add", kind: "fax", value: "0803 777 0004" }, 404),
          wrong({ intent: "delete", id: MATRIX_MISSING_ID, confirmed: "yes" }, 404),
        ],
      };
    },
  },
  "routes/admin/reports.tsx": {
    path: "/admin/reports",
    entry: (): MatrixEntry => ({
      loader: { ...adminOnly("/admin/reports?status=new"), reset: resetMatrixReport },
    }),
  },
  "routes/admin/report.tsx": {
    path: "/admin/reports/:id",
    entry: (): MatrixEntry => {
      const path = `/admin/reports/${MATRIX_REPORT_ID}`;
      const guarded = { reset: resetMatrixReport, watch: matrixReportState };
      const { done, wrong } = adminPosts(path, guarded);
      const asked = { ...adminOnly(path).expect, admin: { ok: true } as const };
      return {
        loader: { ...adminOnly(path), ...guarded },
        actions: [
          done({ intent: "status", status: "resolved" }),
          // Both steps ask first: nothing is written until the yes.
          { url: path, form: { intent: "take-down" }, expect: asked, ...guarded },
          { url: path, form: { intent: "warn" }, expect: asked, ...guarded },
          done({ intent: "take-down", confirmed: "yes" }),
          done({ intent: "warn", confirmed: "yes" }),
          wrong({ intent: "status", status: "gone" }, 400),
        ],
      };
    },
  },
  // Issue 46: a listing's private title documents (staff who may see the listing; an agent
  // their own), the office's answers to buyers' requests, and the buyer's request.
  "routes/admin/title-documents.ts": {
    path: "/admin/properties/:id/title-documents",
    entry: (): MatrixEntry => {
      const path = `/admin/properties/${adminPropertyId}/title-documents`;
      const refused = adminOnly(path).expect;
      return {
        // Opened as a page: the listing's edit page, at its documents (which answers 404 to an
        // agent whose listing it is not).
        loader: {
          url: path,
          expect: allStaff(refused, {
            redirect: `/admin/properties/${adminPropertyId}#title-documents`,
          }),
        },
        actions: [
          // No file in the post: back to the listing with the refusal, nothing written.
          {
            url: path,
            form: { intent: "upload" },
            expect: allStaff(refused, {
              redirect: `/admin/properties/${adminPropertyId}#title-documents`,
            }),
          },
          // Another listing's agent, and everyone for an unknown document: 404.
          {
            url: path,
            form: { intent: "remove", documentId: UNKNOWN_ID, confirmed: "yes" },
            expect: allStaff(refused, { status: 404 }),
          },
        ],
      };
    },
  },
  "routes/admin/title-document-download.ts": {
    path: "/admin/properties/:id/title-documents/:documentId",
    entry: (): MatrixEntry => {
      const path = `/admin/properties/${adminPropertyId}/title-documents/${UNKNOWN_ID}`;
      return { loader: { url: path, expect: allStaff(adminOnly(path).expect, { status: 404 }) } };
    },
  },
  "routes/admin/title-requests.tsx": {
    path: "/admin/title-requests",
    entry: (): MatrixEntry => {
      const path = "/admin/title-requests";
      const { wrong } = adminPosts(path, {});
      return {
        loader: adminOnly(path),
        actions: [
          // A decline needs its note; an unknown request is 404.
          wrong({ requestId: UNKNOWN_ID, answer: "declined", note: "" }, 400),
          wrong({ requestId: UNKNOWN_ID, answer: "sent" }, 404),
        ],
      };
    },
  },
  "routes/public/title-copies.ts": {
    path: "/property/:id/title-copies",
    entry: (): MatrixEntry => {
      const path = `/property/${UNKNOWN_ID}/title-copies`;
      const listing = { redirect: `/property/${UNKNOWN_ID}` };
      return {
        // Opened as a page: the listing's own page, for everyone.
        loader: {
          url: path,
          expect: {
            anonymous: listing,
            customer: listing,
            otherCustomer: listing,
            admin: listing,
            agent: listing,
            otherAgent: listing,
          },
        },
        actions: [
          {
            url: path,
            form: {},
            expect: {
              anonymous: {
                redirect: `/signin?redirectTo=${encodeURIComponent(`/property/${UNKNOWN_ID}`)}`,
              },
              customer: { status: 404 },
              otherCustomer: { status: 404 },
              admin: { status: 404 },
            },
          },
        ],
      };
    },
  },
  // The sidebar's no-JavaScript toggle: sets a preference cookie, writes no row.
  "routes/admin/sidebar.ts": {
    path: "/admin/sidebar",
    entry: (): MatrixEntry => {
      const toDashboard = { redirect: "/admin/dashboard" };
      const refused = adminOnly("/admin/sidebar").expect;
      return {
        loader: { url: "/admin/sidebar", expect: allStaff(refused, toDashboard) },
        actions: [
          {
            url: "/admin/sidebar",
            form: { open: "false", redirectTo: "/admin/audit" },
            expect: allStaff(refused, { redirect: "/admin/audit" }),
          },
          // Never back to another site, nor out of the admin area.
          {
            url: "/admin/sidebar",
            form: { open: "true", redirectTo: "//evil.example/admin" },
            expect: allStaff(refused, toDashboard),
          },
          {
            url: "/admin/sidebar",
            form: { open: "true", redirectTo: "/dashboard" },
            expect: allStaff(refused, toDashboard),
          },
        ],
      };
    },
  },
  "routes/admin/not-found.tsx": {
    path: "/admin/*",
    entry: () => ({
      loader: {
        ...adminOnly("/admin/no-such-page"),
        expect: { ...adminOnly("/admin/no-such-page").expect, admin: { status: 404 } },
      },
    }),
  },
  "routes/admin/website-editor.tsx": {
    path: "/website-editor",
    entry: (): MatrixEntry => {
      const path = "/website-editor";
      const guarded = { reset: resetMatrixHomeContent, watch: matrixHomeContentState };
      const { done, wrong } = adminPosts(path, guarded);
      const texts = { title: "Matrix homes", subtitle: "", description: "Plain text." };
      return {
        loader: { ...adminOnly(path), ...guarded },
        actions: [
          done({ intent: "save", section: "hero", ...texts }, `${path}#hero`),
          done({ intent: "image-down", id: MATRIX_HERO_IMAGE_ID }, `${path}#images`),
          wrong({ intent: "save", section: "hero", ...texts, title: "  " }, 400),
          wrong({ intent: "save", section: "footer", ...texts }, 404),
          wrong({ intent: "image-upload" }, 400),
          wrong({ intent: "image-up", id: MATRIX_MISSING_ID }, 404),
          wrong({ intent: "image-remove", id: "not-an-id", confirmed: "yes" }, 404),
        ],
      };
    },
  },
  ...orderedScreens({
    list: "/admin/team",
    files: {
      list: "routes/admin/team.tsx",
      add: "routes/admin/team-new.tsx",
      record: "routes/admin/team-member.tsx",
    },
    first: MEMBER_IDS[0],
    second: MEMBER_IDS[1],
    valid: { name: "Matrix Member", position: "Surveyor", isActive: "on" },
    invalid: { name: "", position: "Surveyor" },
  }),
  ...orderedScreens({
    list: "/admin/slideshow",
    files: {
      list: "routes/admin/slideshow.tsx",
      add: "routes/admin/slide-new.tsx",
      record: "routes/admin/slide.tsx",
    },
    first: SLIDE_IDS[0],
    second: SLIDE_IDS[1],
    valid: { mediaType: "image", mediaUrl: "/media/uploads/matrix.webp", category: "finished" },
    invalid: { mediaType: "image", mediaUrl: "", category: "finished" },
  }),
  ...orderedScreens({
    list: "/admin/videos",
    files: {
      list: "routes/admin/videos.tsx",
      add: "routes/admin/video-new.tsx",
      record: "routes/admin/video.tsx",
    },
    first: VIDEO_IDS[0],
    second: VIDEO_IDS[1],
    valid: { title: "Matrix video", videoUrl: "https://youtu.be/dQw4w9WgXcQ", isActive: "on" },
    invalid: { videoUrl: "javascript:alert(1)" },
  }),
  "routes/resources/favorites.ts": {
    path: "/favorites",
    entry: (): MatrixEntry => ({
      loader: {
        url: "/favorites",
        expect: {
          anonymous: { redirect: "/properties" },
          customer: { redirect: "/properties" },
          otherCustomer: { redirect: "/properties" },
          admin: { redirect: "/properties" },
        },
      },
      actions: [
        // Without JavaScript: signed out goes to sign in; B removing "A's" favourite only
        // touches B's own (absent) row.
        {
          url: "/favorites",
          form: { intent: "remove", propertyId: savedPropertyId, redirectTo: PAGE },
          expect: {
            anonymous: toSignIn(PAGE),
            customer: { redirect: PAGE },
            otherCustomer: { redirect: PAGE },
            admin: { redirect: PAGE },
          },
          writer: "customer",
        },
        // With JavaScript (a fetcher): signed out gets 401.
        {
          url: "/favorites",
          form: { intent: "remove", propertyId: savedPropertyId, js: "1" },
          expect: {
            anonymous: { status: 401 },
            customer: { ok: true },
            otherCustomer: { ok: true },
            admin: { ok: true },
          },
          writer: "customer",
        },
        {
          url: "/favorites",
          form: { intent: "add", propertyId: savedPropertyId, js: "1" },
          expect: {
            anonymous: { status: 401 },
            customer: { ok: true },
            otherCustomer: { ok: true },
            admin: { ok: true },
          },
          // B and the admin may save it for themselves (their own rows), never for A.
        },
      ],
    }),
  },
  // Prometheus metrics: the bearer token is the key, never a session (metrics.test.ts). Without
  // METRICS_TOKEN, as here, the address does not exist for anyone, a signed-in admin included.
  "routes/resources/metrics.ts": {
    path: "/metrics",
    entry: (): MatrixEntry => ({
      loader: {
        url: "/metrics",
        expect: {
          anonymous: { status: 404 },
          customer: { status: 404 },
          otherCustomer: { status: 404 },
          admin: { status: 404 },
        },
      },
    }),
  },
};

/** Routes that need no guard: public pages, auth forms, sign out, resources. */
const PUBLIC: Record<string, string> = {
  "routes/public/layout.tsx": "/",
  "routes/public/home.tsx": "/",
  "routes/public/properties.tsx": "/properties",
  "routes/public/property.tsx": "/property/:id",
  // A listing's counted WhatsApp and phone links: a redirect, the same for everyone (go.test.ts).
  "routes/public/go.tsx": "/go/:propertyId/:click",
  // A listing code: a redirect to a public listing, or a page saying it is gone or unknown.
  "routes/public/listing-code.tsx": "/r/:code",
  // A shortlist of public listings; the POST keeps the no-JavaScript list in a cookie, no rows.
  "routes/public/compare.tsx": "/compare",
  "routes/public/services.tsx": "/services",
  "routes/public/service.tsx": "/services/:id",
  "routes/public/about.tsx": "/about",
  "routes/public/team.tsx": "/team",
  // An active agent's public profile: what the office published about them, no account's rows
  // (their sign-in e-mail only when the office ticked it; agent-profile.test.ts).
  "routes/public/agent.tsx": "/agents/:slug",
  "routes/public/contact.tsx": "/contact",
  // Issue 45: a check is counted (verify.test.ts), a report stored (report.test.ts), for anyone.
  "routes/public/verify.tsx": "/verify",
  "routes/public/report.tsx": "/report",
  "routes/public/book-appointment.tsx": "/book-appointment",
  "routes/auth/verify-email.tsx": "/verify-email",
  // The signed token in the address is the key (saved-searches.test.ts); no session is read.
  "routes/public/search-unsubscribe.tsx": "/searches/unsubscribe",
  // The signed token names the account, no session is read (owner-report-unsubscribe.test.ts).
  "routes/public/owner-report-unsubscribe.tsx": "/listings/report/unsubscribe",
  // The signed token names the listing and its owner, no session is read
  // (owner-availability.test.ts): a bad or expired one writes nothing.
  "routes/public/owner-availability.tsx": "/listings/availability",
  // The same for the e-mails about interest in a listing (owner-loop.test.ts).
  "routes/public/owner-alerts-unsubscribe.tsx": "/listings/alerts/unsubscribe",
  "routes/public/not-found.tsx": "/*",
  "routes/auth/signin.tsx": "/signin",
  "routes/auth/signup.tsx": "/signup",
  "routes/auth/forgot-password.tsx": "/forgot-password",
  "routes/auth/reset-password.tsx": "/reset-password",
  "routes/auth/admin-login.tsx": "/admin/login",
  "routes/auth/signout.ts": "/signout",
  "routes/resources/healthz.ts": "/healthz",
  // The visitor's own account and saved ids, read from their own session (me.test.ts).
  "routes/resources/me.ts": "/api/me",
  // For probes and monitors: the checks' results and reasons, nothing about any account.
  "routes/resources/readyz.ts": "/readyz",
  "routes/resources/media.ts": "/media/*",
  "routes/resources/sitemap.ts": "/sitemap.xml",
  "routes/resources/robots.ts": "/robots.txt",
  // The token in the address is the key (calendar-feed.test.ts): no session is ever read.
  "routes/resources/calendar-feed.ts": "/calendar/:file",
};

// ---------------------------------------------------------------------------------------------
// Users, sessions, rows.

const cookies: Record<Actor, string | undefined> = {
  anonymous: undefined,
  customer: undefined,
  otherCustomer: undefined,
  admin: undefined,
  owner: undefined,
  otherOwner: undefined,
  agent: undefined,
  otherAgent: undefined,
};
const userIds: Partial<Record<Actor, string>> = {};

async function createActor(actor: Exclude<Actor, "anonymous">) {
  const email = `${actor.toLowerCase()}@matrix.test`;
  const password = "secret-password-1";
  const signUp = await getAuth().api.signUpEmail({
    body: { email, password, name: actor, firstName: actor, lastName: "Matrix" },
  });
  userIds[actor] = signUp.user.id;
  if (actor !== "customer" && actor !== "otherCustomer") {
    const role =
      actor === "admin" ? "admin" : actor === "agent" || actor === "otherAgent" ? "agent" : "owner";
    await db.update(schema.users).set({ role }).where(eq(schema.users.id, signUp.user.id));
  }
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  cookies[actor] = cookieHeader(headers.getSetCookie());
}

const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);
const UNCOUNTED = new Set(["sessions", "verifications", "rate_limits"]);

const COUNTED = TABLES.map(getTableName).filter((name) => !UNCOUNTED.has(name));
// One statement for every table (a json object of counts): each case counts twice, and one
// round trip per table made the counting most of this file's run time on PGlite.
const COUNT_ALL = sql.join(
  [
    sql`select json_build_object(`,
    sql.join(
      COUNTED.map((name) => sql`${name}::text, (select count(*) from ${sql.identifier(name)})`),
      sql`, `,
    ),
    sql`) as counts`,
  ],
  sql``,
);

async function rowCounts(): Promise<Record<string, number>> {
  const [row] = (await db.execute(COUNT_ALL)).rows as { counts: Record<string, number> | string }[];
  if (!row) throw new Error("no row counts");
  return typeof row.counts === "string" ? JSON.parse(row.counts) : row.counts;
}

async function favoritesOf(actor: Actor) {
  const userId = userIds[actor] ?? "";
  return (
    await db
      .select({ propertyId: schema.favorites.propertyId })
      .from(schema.favorites)
      .where(eq(schema.favorites.userId, userId))
  ).map((r) => r.propertyId);
}

/**
 * Everything of customer A's that another actor's request must leave alone: the account, its
 * password hash, inquiries, viewed properties, sessions, favourites and saved searches (whole
 * rows), each list in id order. One statement: read twice per request, eight round trips each
 * were a sixth of this file's run time.
 */
async function rowsOfCustomerA() {
  const userId = userIds.customer ?? "";
  const { rows } = await db.execute<{ a: unknown }>(sql`
    select json_build_object(
      'user', (select json_build_object('name', name, 'first', first_name, 'last', last_name,
                 'phone', phone, 'email', email) from users where id = ${userId}),
      'password', (select json_agg(password order by id) from accounts where user_id = ${userId}),
      'inquiries', (select json_agg(json_build_object('id', id, 'status', status,
                      'description', description) order by id)
                    from inquiries where user_id = ${userId}),
      'views', (select json_agg(property_id order by property_id)
                from property_views where user_id = ${userId}),
      'sessions', (select json_agg(id order by id) from sessions where user_id = ${userId}),
      'favorites', (select json_agg(property_id order by property_id)
                    from favorites where user_id = ${userId}),
      'savedSearches', (select json_agg(s order by s.id) from saved_searches s
                        where s.user_id = ${userId})
    ) as a`);
  const value = rows[0]?.a;
  return typeof value === "string" ? JSON.parse(value) : value;
}

// Customer A's saved search; filled in by beforeAll, put back by resetSearchOfA.
let searchOfA = "";
const SEARCH_OF_A_TIME = new Date("2026-01-05T10:00:00Z");

async function searchOfAState() {
  return db.select().from(schema.savedSearches).where(eq(schema.savedSearches.id, searchOfA));
}

/** A's saved search as first stored, whatever the previous request did (deleted included). */
async function resetSearchOfA() {
  const values = {
    userId: userIds.customer ?? "",
    name: "Homes in Abuja",
    query: "location=Abuja",
    frequency: "daily" as const,
    alertedUntil: SEARCH_OF_A_TIME,
    nextAlertAt: SEARCH_OF_A_TIME,
    lastViewedAt: SEARCH_OF_A_TIME,
    createdAt: SEARCH_OF_A_TIME,
    updatedAt: SEARCH_OF_A_TIME,
  };
  await db
    .insert(schema.savedSearches)
    .values({ id: searchOfA, ...values })
    .onConflictDoUpdate({ target: schema.savedSearches.id, set: values });
  // Searches the other actors saved through /dashboard/searches/new are not A's concern here.
}

/** Puts customer A's saved favourite back, whatever the previous request did. */
async function resetFavorites() {
  await db.delete(schema.favorites);
  await db
    .insert(schema.favorites)
    .values({ userId: userIds.customer ?? "", propertyId: savedPropertyId });
}

/** A bookable day after `date` (never a Sunday). */
function nextOpenDate(date: string) {
  const next = addDays(date, 1);
  return isSunday(next) ? addDays(next, 1) : next;
}

async function appointmentOfAState() {
  return db.select().from(schema.appointments).where(eq(schema.appointments.id, appointmentOfA));
}

const MATRIX_CALLER = "Caller Matrix";

/** Removes the staff bookings the New appointment rows made (and wakes no mail for them). */
async function resetMatrixCallerBookings() {
  await settleBackgroundMail();
  await db.delete(schema.appointments).where(eq(schema.appointments.fullName, MATRIX_CALLER));
}

/** A's appointment pending on its original date again, whatever the previous request did. */
async function resetAppointmentOfA() {
  // A reschedule tells the admins after the response: let that mail land before counting.
  await settleBackgroundMail();
  await db
    .update(schema.appointments)
    .set({
      status: "pending",
      appointmentDate: appointmentDateOfA,
      appointmentTime: "10:00 AM",
      agentId: userIds.agent ?? null,
    })
    .where(eq(schema.appointments.id, appointmentOfA));
}

beforeAll(async () => {
  for (const actor of [
    "customer",
    "otherCustomer",
    "admin",
    "owner",
    "otherOwner",
    "agent",
    "otherAgent",
  ] as const) {
    await createActor(actor);
  }
  const booked = await createAppointment({
    fullName: "Customer Matrix",
    email: "customer@matrix.test",
    phone: "08030000000",
    appointmentDate: appointmentDateOfA,
    appointmentTime: "10:00 AM",
    propertyType: null,
    propertyLocation: null,
    purpose: null,
    message: null,
    userId: userIds.customer ?? null,
    propertyId: null,
  });
  appointmentOfA = booked.id;
  searchOfA = crypto.randomUUID();
  await resetSearchOfA();
  const [property] = await db
    .insert(schema.properties)
    .values({
      title: "Matrix house",
      propertyType: "house",
      category: "residential",
      city: "Abuja",
    })
    .returning({ id: schema.properties.id });
  savedPropertyId = property?.id ?? "";
  const [office] = await db
    .insert(schema.properties)
    .values({
      title: "Matrix office",
      propertyType: "office",
      category: "commercial",
      city: "Kano",
      agentId: userIds.agent ?? null,
    })
    .returning({ id: schema.properties.id });
  adminPropertyId = office?.id ?? "";
  await resetAppointmentOfA();
  const [message] = await db
    .insert(schema.inquiries)
    .values({ source: "contact", email: "visitor@matrix.test", description: "Matrix question" })
    .returning({ id: schema.inquiries.id });
  inquiryOfVisitor = message?.id ?? "";
  const [question] = await db
    .insert(schema.inquiries)
    .values({
      source: "contact",
      email: "asker@matrix.test",
      description: "Is the office free?",
      propertyId: adminPropertyId,
    })
    .returning({ id: schema.inquiries.id });
  inquiryAboutListing = question?.id ?? "";
  const [lead] = await db
    .insert(schema.leads)
    .values({ source: "inquiry", name: "Matrix Lead", ownerId: userIds.agent ?? null })
    .returning({ id: schema.leads.id });
  leadOfAgent = lead?.id ?? "";
});

async function leadOfAgentState() {
  return db.select().from(schema.leads).where(eq(schema.leads.id, leadOfAgent));
}

/** The agent's lead new again, its history empty. */
async function resetLeadOfAgent() {
  await db.delete(schema.leadEvents).where(eq(schema.leadEvents.leadId, leadOfAgent));
  await db
    .update(schema.leads)
    .set({ status: "new", nextFollowUp: null, lostReason: null })
    .where(eq(schema.leads.id, leadOfAgent));
}

async function adminPropertyState() {
  return db.select().from(schema.properties).where(eq(schema.properties.id, adminPropertyId));
}

/** The admin screens' property live, unfeatured and as first stored. */
async function resetAdminProperty() {
  await db
    .update(schema.properties)
    .set({
      deletedAt: null,
      featured: false,
      price: null,
      title: "Matrix office",
      city: "Kano",
      agentId: userIds.agent ?? null,
    })
    .where(eq(schema.properties.id, adminPropertyId));
}

async function inquiryOfVisitorState() {
  return db.select().from(schema.inquiries).where(eq(schema.inquiries.id, inquiryOfVisitor));
}

async function inquiryAboutListingState() {
  return db.select().from(schema.inquiries).where(eq(schema.inquiries.id, inquiryAboutListing));
}

/** The question about the agent's listing unanswered and pending again. */
async function resetInquiryAboutListing() {
  await settleBackgroundMail();
  await db
    .update(schema.inquiries)
    .set({ status: "pending", response: null, respondedAt: null, respondedBy: null })
    .where(eq(schema.inquiries.id, inquiryAboutListing));
}

/** The visitor's message unanswered and pending again. */
async function resetInquiryOfVisitor() {
  await settleBackgroundMail();
  await db
    .update(schema.inquiries)
    .set({ status: "pending", response: null, respondedAt: null, respondedBy: null })
    .where(eq(schema.inquiries.id, inquiryOfVisitor));
}

// Accounts for /admin/users and /admin/settings: a customer the admin edits and deletes, and
// another admin the plain admin may not delete or remove. Made (or put back) before each request.
const MATRIX_TARGET_ID = "matrixTargetUser01";
const MATRIX_OTHER_ADMIN_ID = "matrixOtherAdmin01";
const ADDED_EMAIL = "added@matrix.test";

async function resetMatrixAccounts() {
  await settleBackgroundMail();
  await db.delete(schema.users).where(eq(schema.users.email, ADDED_EMAIL));
  const target = {
    name: "Target Matrix",
    firstName: "Target",
    lastName: "Matrix",
    phone: null,
    role: "tenant" as const,
    status: "active" as const,
    isSuperAdmin: false,
  };
  const other = { ...target, name: "Other Admin", firstName: "Other", lastName: "Admin" };
  for (const [id, email, values] of [
    [MATRIX_TARGET_ID, "target@matrix.test", target],
    [MATRIX_OTHER_ADMIN_ID, "other-admin@matrix.test", { ...other, role: "admin" as const }],
  ] as const) {
    await db
      .insert(schema.users)
      .values({ id, email, ...values })
      .onConflictDoUpdate({ target: schema.users.id, set: values });
  }
}

/** The accounts a refused request must leave as they were (rows a count misses). */
async function matrixAccountsState() {
  return db
    .select({
      id: schema.users.id,
      name: schema.users.name,
      role: schema.users.role,
      status: schema.users.status,
      isSuperAdmin: schema.users.isSuperAdmin,
    })
    .from(schema.users)
    .orderBy(schema.users.id);
}

// Site content: one social-links record, contact items with known ids, the home texts and two
// hero pictures, put back before each request.
const MATRIX_ADDRESS_ID = "00000000-0000-4000-8000-00000000c0a1";
const MATRIX_PHONE_ID = "00000000-0000-4000-8000-00000000c0b1";
const MATRIX_MISSING_ID = "00000000-0000-4000-8000-00000000dead";
const MATRIX_HERO_IMAGE_ID = "00000000-0000-4000-8000-00000000e001";

// Issue 45: one official line and one report about a listing of its own (taken down by a test).
const MATRIX_CHANNEL_ID = "00000000-0000-4000-8000-00000000c4a1";
const MATRIX_REPORT_ID = "00000000-0000-4000-8000-00000000c4b1";
const MATRIX_REPORTED_LISTING_ID = "00000000-0000-4000-8000-00000000c4c1";

async function resetMatrixChannels() {
  await db.delete(schema.officialChannels);
  await db.insert(schema.officialChannels).values({
    id: MATRIX_CHANNEL_ID,
    kind: "phone",
    value: "0803 777 0001",
    valueKind: "phone",
    normalized: "+2348037770001",
    label: "Matrix office line",
  });
}

async function matrixChannelsState() {
  return db.select().from(schema.officialChannels).orderBy(schema.officialChannels.normalized);
}

async function resetMatrixReport() {
  await db.delete(schema.fraudReports);
  await db
    .insert(schema.properties)
    .values({
      id: MATRIX_REPORTED_LISTING_ID,
      title: "Matrix reported flat",
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
    })
    .onConflictDoUpdate({ target: schema.properties.id, set: { deletedAt: null } });
  await db.insert(schema.fraudReports).values({
    id: MATRIX_REPORT_ID,
    propertyId: MATRIX_REPORTED_LISTING_ID,
    subjectTitle: "Matrix reported flat",
    reason: "money_before_viewing",
  });
}

async function matrixReportState() {
  const [report] = await db.select().from(schema.fraudReports);
  const [listing] = await db
    .select({ deletedAt: schema.properties.deletedAt })
    .from(schema.properties)
    .where(eq(schema.properties.id, MATRIX_REPORTED_LISTING_ID));
  return { report, listing };
}

async function resetMatrixSocialLinks() {
  await db.delete(schema.socialLinks);
  await db
    .insert(schema.socialLinks)
    .values({ facebook: "https://facebook.com/matrix", website: "https://matrix.example" });
}

async function matrixSocialLinksState() {
  return db.select().from(schema.socialLinks);
}

async function resetMatrixContactInfo() {
  await db.delete(schema.contactInfo);
  await db.insert(schema.contactInfo).values([
    { id: MATRIX_ADDRESS_ID, key: "Office", type: "address", value: "Plot 1, Matrix Close" },
    { id: MATRIX_PHONE_ID, key: "Phone", type: "phone", value: "+234 803 111 2222", sortOrder: 1 },
    { key: "Other phone", type: "phone", value: "+234 803 333 4444", sortOrder: 2 },
    { key: "Email", type: "email", value: "matrix@naijahomes.ng", sortOrder: 3 },
  ]);
}

async function matrixContactInfoState() {
  return db
    .select({
      id: schema.contactInfo.id,
      key: schema.contactInfo.key,
      value: schema.contactInfo.value,
    })
    .from(schema.contactInfo)
    .orderBy(schema.contactInfo.key);
}

async function resetMatrixHomeContent() {
  await db.delete(schema.websiteContent);
  await db
    .insert(schema.websiteContent)
    .values({ section: "home", key: "hero_title", value: "Matrix title" });
  await db.delete(schema.heroImages);
  await db.insert(schema.heroImages).values([
    { id: MATRIX_HERO_IMAGE_ID, mediaUrl: "/media/uploads/a.webp", width: 1920, height: 1080 },
    { mediaUrl: "/media/uploads/b.webp", width: 1920, height: 1080, sortOrder: 1 },
  ]);
}

async function matrixHomeContentState() {
  return {
    texts: await db
      .select({ key: schema.websiteContent.key, value: schema.websiteContent.value })
      .from(schema.websiteContent)
      .orderBy(schema.websiteContent.key),
    images: await db
      .select({ id: schema.heroImages.id, sortOrder: schema.heroImages.sortOrder })
      .from(schema.heroImages)
      .orderBy(schema.heroImages.id),
  };
}

// ---------------------------------------------------------------------------------------------
// Owners (issue 20): the owner's submission sent back for changes and their live listing, the
// other owner's submission waiting for review; put back before each request.

const SUBMISSION_OF_OWNER = "00000000-0000-4000-8000-0000000050a1";
const SUBMISSION_OF_OTHER_OWNER = "00000000-0000-4000-8000-0000000050b1";
const LISTING_OF_OWNER = "00000000-0000-4000-8000-0000000050c1";
const SUBMISSION_OF_LISTING = "00000000-0000-4000-8000-0000000050d1";

async function resetOwnerRows() {
  const { propertySubmissions, properties } = schema;
  const owners = [userIds.owner ?? "", userIds.otherOwner ?? ""];
  await db.delete(propertySubmissions).where(inArray(propertySubmissions.ownerId, owners));
  // Listings an approval made in an earlier request.
  await db
    .delete(properties)
    .where(and(inArray(properties.ownerId, owners), ne(properties.id, LISTING_OF_OWNER)) as SQL);
  const listing = {
    title: "Matrix owner's flat",
    propertyType: "apartment" as const,
    category: "residential" as const,
    city: "Lagos",
    ownerId: userIds.owner ?? null,
    deletedAt: null,
  };
  await db
    .insert(properties)
    .values({ id: LISTING_OF_OWNER, ...listing })
    .onConflictDoUpdate({ target: properties.id, set: listing });
  await db.insert(propertySubmissions).values([
    {
      id: SUBMISSION_OF_OWNER,
      ownerId: userIds.owner ?? "",
      status: "changes_requested",
      title: "Matrix flat",
      values: { title: "Matrix flat" },
      reviewMessage: "Add photos",
    },
    // The submission that made the owner's listing: its thread is the listing's (issue 47).
    {
      id: SUBMISSION_OF_LISTING,
      ownerId: userIds.owner ?? "",
      status: "approved",
      propertyId: LISTING_OF_OWNER,
      title: "Matrix owner's flat",
      values: { title: "Matrix owner's flat" },
      submittedAt: new Date(),
    },
    {
      id: SUBMISSION_OF_OTHER_OWNER,
      ownerId: userIds.otherOwner ?? "",
      status: "submitted",
      title: "Matrix shop",
      values: { title: "Matrix shop", contactMethod: "email" },
      submittedAt: new Date(),
    },
  ]);
}

/** The owners' rows a count misses (a status, a title): the same after a refused request. */
async function ownerRowsState() {
  const { propertySubmissions, properties } = schema;
  return {
    submissions: await db
      .select({
        id: propertySubmissions.id,
        status: propertySubmissions.status,
        title: propertySubmissions.title,
        values: propertySubmissions.values,
      })
      .from(propertySubmissions)
      .orderBy(propertySubmissions.id),
    listing: await db
      .select({ title: properties.title, deletedAt: properties.deletedAt, price: properties.price })
      .from(properties)
      .where(eq(properties.id, LISTING_OF_OWNER)),
  };
}

const OWNER_GUARD = { reset: resetOwnerRows, watch: ownerRowsState };

/** Where a signed-out visitor's post of "List your property" goes: sign in, then back. */
const HELD = "/signin?redirectTo=%2Flist-your-property%23submission";

// ---------------------------------------------------------------------------------------------
// Running a route the way React Router does: parent middleware around the handler.

type Outcome = {
  status: number;
  location: string | null;
  /** Whether the loader/action itself ran (false: a parent's middleware stopped the request). */
  handlerRan: boolean;
  /** What the handler answered as data (a loader's page data). */
  body?: unknown;
};

/**
 * The version an edit form on `body` (a page's loader data) carries for the record `form`
 * posts about: the one versioned object, or the one whose id (or another posted value, a
 * social platform, a section key) is the form's. Undefined when the page shows none.
 */
function versionOnPage(body: unknown, form: Record<string, string>): string | undefined {
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.version === "string") found.push(record);
      // Versions by key (the website editor's, by section).
      const byKey = record.versions as Record<string, unknown> | undefined;
      for (const [key, posted] of Object.entries(form)) {
        const version = byKey?.[posted];
        if (key !== "intent" && typeof version === "string") found.push({ [key]: posted, version });
      }
      Object.values(record).forEach(walk);
    }
  };
  walk(body);
  if (found.length === 1) return found[0]?.version as string;
  const named = (record: Record<string, unknown>) =>
    form.id !== undefined
      ? record.id === form.id
      : Object.entries(form).some(([key, value]) => key !== "intent" && record[key] === value);
  return found.find(named)?.version as string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Spellings (issue 42, item 4): the same address as a router reads it, written another way.

const ALL_SPELLINGS = ["as written", "upper case", "one letter %-escaped"] as const;
type Spelling = (typeof ALL_SPELLINGS)[number];
// Which route a spelling reaches is the router's business, the same on either database: with
// DATABASE_URL set (the file is run by hand on PostgreSQL; CI's PostgreSQL pass leaves it out,
// vitest.config.ts EMBEDDED_ONLY) it asks as written only.
const SPELLINGS: readonly Spelling[] = process.env.DATABASE_URL ? ["as written"] : ALL_SPELLINGS;

/**
 * `url` spelled another way: only the route's own words change (the static segments of the
 * route's pattern), never an id or a query, so the request is for the same page and record.
 */
function spell(route: FlatRoute, url: string, spelling: Spelling): string {
  if (spelling === "as written") return url;
  const at = url.search(/[?#]/);
  const pathname = at === -1 ? url : url.slice(0, at);
  const rest = at === -1 ? "" : url.slice(at);
  const pattern = route.path.split("/");
  const segments = pathname.split("/");
  const words = segments
    .map((segment, i) => ({ segment, i }))
    .filter(({ segment, i }) => /[a-z]/i.test(segment) && segment === pattern[i]);
  if (spelling === "upper case") {
    for (const { segment, i } of words) segments[i] = segment.toUpperCase();
  } else {
    // The last word's first letter: /admin/properties/new becomes /admin/properties/%6eew.
    const last = words.at(-1);
    if (last) {
      const letter = last.segment.search(/[a-z]/i);
      const code = last.segment.charCodeAt(letter).toString(16);
      segments[last.i] =
        `${last.segment.slice(0, letter)}%${code}${last.segment.slice(letter + 1)}`;
    }
  }
  return `${segments.join("/")}${rest}`;
}

/** The same request in another spelling. */
function spelled(route: FlatRoute, spec: Request_, spelling: Spelling): Request_ {
  return spelling === "as written" ? spec : { ...spec, url: spell(route, spec.url, spelling) };
}

/**
 * What a spelled request gets: what the written one gets, a sign-in redirect coming back to the
 * address as it was typed.
 */
function spelledExpect(expected: Expect, written: string, typed: string): Expect {
  if (written === typed || !("redirect" in expected)) return expected;
  const back = `redirectTo=${encodeURIComponent(written)}`;
  if (!/^\/(signin|admin\/login)\?/.test(expected.redirect) || !expected.redirect.endsWith(back)) {
    return expected;
  }
  return {
    redirect: `${expected.redirect.slice(0, -back.length)}redirectTo=${encodeURIComponent(typed)}`,
  };
}

async function runRoute(
  route: FlatRoute,
  kind: "loader" | "action",
  spec: Request_,
  actor: Actor,
): Promise<Outcome> {
  // The route React Router's matcher finds for the address as typed: its pattern is what the
  // handlers and the middleware are handed (and what the permission is decided on).
  const pathname = new URL(spec.url, "http://localhost").pathname;
  const matched = matchRoute(pathname);
  // A layout is reached through its pages (/admin is the admin layout's index).
  if (!matched?.files.includes(route.file)) {
    throw new Error(`${spec.url} reaches ${matched?.files.at(-1)}, not ${route.file}`);
  }
  // An edit form posts the version its page gave it (a post without one is refused, issue 42):
  // the actor's own view of the page supplies it, as their browser's form would.
  let form = spec.form ?? {};
  // (Photo moves carry the photo list's own version, not the record's: left as posted.)
  if (kind === "action" && !("version" in form) && !form.intent?.startsWith("photo")) {
    const opened = { url: spec.url, expect: spec.expect };
    const page = await runRoute(route, "loader", opened, actor).catch(() => undefined);
    const version = page ? versionOnPage(page.body, form) : undefined;
    if (version) form = { ...form, version };
  }
  const args = routeArgs(spec.url, {
    cookie: cookies[actor],
    form: kind === "action" ? form : undefined,
    params: matched.params,
    pattern: matched.pattern,
  });

  const middleware: AnyFn[] = [];
  for (const file of [...route.parents, route.file]) {
    middleware.push(...((await loadModule(file)).middleware ?? []));
  }
  const mod = await loadModule(route.file);
  const handler = mod[kind];
  if (!handler) throw new Error(`${route.file} has no ${kind}`);

  let handlerRan = false;
  let result: unknown;
  const chain = async (i: number): Promise<void> => {
    if (i === middleware.length) {
      handlerRan = true;
      result = await handler(args);
      return;
    }
    let called = false;
    await middleware[i]?.(args, async () => {
      called = true;
      await chain(i + 1);
      return new Response(null);
    });
    if (!called) await chain(i + 1);
  };

  try {
    await chain(0);
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location"), handlerRan };
    }
    throw thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), handlerRan };
  }
  const status = (result as { init?: { status?: number } } | null)?.init?.status ?? 200;
  const wrapped = result as { type?: string; data?: unknown } | null;
  const body = wrapped?.type === "DataWithResponseInit" ? wrapped.data : result;
  return { status, location: null, handlerRan, body };
}

/** Who `actor` counts as for this request: an owner not named in it is another customer. */
function standIn(spec: Request_, actor: Actor): Actor {
  if (actor !== "owner" && actor !== "otherOwner") return actor;
  return spec.expect[actor] ? actor : "otherCustomer";
}

/** Under the admin layout or the website editor: a staff page, with a page permission. */
function isStaffPage(route: FlatRoute) {
  return [...route.parents, route.file].some(
    (file) => file === "routes/admin/layout.tsx" || file === "routes/admin/website-editor.tsx",
  );
}

/**
 * What `actor` gets. An agent left out of `expect` gets 403 on a staff page closed to agents;
 * a staff page open to them must list both agents; elsewhere an agent is answered as the admin.
 */
function expectationOf(route: FlatRoute, spec: Request_, actor: Actor): Expect {
  if (actor === "owner" || actor === "otherOwner") {
    return spec.expect[actor] ?? spec.expect.otherCustomer;
  }
  if (actor !== "agent" && actor !== "otherAgent") return spec.expect[actor];
  const listed = spec.expect[actor];
  if (listed) return listed;
  if (!isStaffPage(route)) return spec.expect.admin;
  const permission = permissionForRoute(route.path);
  if (can({ role: "agent" }, permission)) {
    throw new Error(`${route.file} ${spec.url} is open to agents: list agent and otherAgent`);
  }
  return { status: 403 };
}

/** Whether `actor` may write rows with this request (an agent answered as the admin: as it). */
function writes(route: FlatRoute, spec: Request_, actor: Actor): boolean {
  const named = (who: Actor) =>
    spec.writer === who || (Array.isArray(spec.writer) && spec.writer.includes(who));
  if (named(actor)) return true;
  const unlistedAgent = (actor === "agent" || actor === "otherAgent") && !spec.expect[actor];
  return unlistedAgent && !isStaffPage(route) && named("admin");
}

function check(outcome: Outcome, expected: Expect, what?: string) {
  if ("redirectStartsWith" in expected) {
    expect(outcome.status, what).toBeGreaterThanOrEqual(300);
    expect(outcome.status, what).toBeLessThan(400);
    expect(outcome.location?.startsWith(expected.redirectStartsWith), what).toBe(true);
    return;
  }
  if ("ok" in expected) {
    expect(outcome.status, what).toBe(200);
    expect(outcome.handlerRan, what).toBe(true);
  } else if ("redirect" in expected) {
    expect(outcome.status, what).toBeGreaterThanOrEqual(300);
    expect(outcome.status, what).toBeLessThan(400);
    expect(outcome.location, what).toBe(expected.redirect);
  } else {
    expect(outcome.status, what).toBe(expected.status);
  }
}

// ---------------------------------------------------------------------------------------------
// The tests.

describe("the route table", () => {
  it("has every route module in MATRIX or PUBLIC, and no stale entries", () => {
    const inTable = ROUTES.map((r) => `${r.path} ${r.file}`);
    const listed = [
      ...Object.entries(MATRIX).map(([file, { path }]) => `${path} ${file}`),
      ...Object.entries(PUBLIC).map(([file, path]) => `${path} ${file}`),
    ];
    // In routes.ts but in neither list: add it to MATRIX (guarded) or PUBLIC.
    expect(inTable.filter((route) => !listed.includes(route))).toEqual([]);
    // Listed but gone from routes.ts: remove the stale entry.
    expect(listed.filter((route) => !inTable.includes(route))).toEqual([]);
    expect(Object.keys(MATRIX).filter((file) => file in PUBLIC)).toEqual([]);
  });

  it("guards everything under the dashboard and admin layouts", () => {
    const guardedLayouts = ["routes/dashboard/layout.tsx", "routes/admin/layout.tsx"];
    for (const route of ROUTES) {
      if (route.parents.some((p) => guardedLayouts.includes(p))) {
        expect(Object.keys(MATRIX), route.file).toContain(route.file);
      }
    }
  });

  it("lists a loader or action expectation for every handler a guarded module exports", async () => {
    for (const [file, entry] of Object.entries(MATRIX)) {
      const mod = await loadModule(file);
      const spec = entry.entry();
      expect(Boolean(spec.loader), `${file} loader`).toBe(Boolean(mod.loader));
      expect(Boolean(spec.actions?.length), `${file} action`).toBe(Boolean(mod.action));
    }
  });
});

const GUARDING_LAYOUTS = new Set(["routes/dashboard/layout.tsx", "routes/admin/layout.tsx"]);

describe.each(Object.keys(MATRIX))("%s", (file) => {
  const route = () => {
    const found = ROUTES.find((r) => r.file === file && r.path === MATRIX[file]?.path);
    if (!found) throw new Error(`${file} is not in app/routes.ts`);
    return found;
  };

  describe.each(ACTORS)("as %s", (actor) => {
    const shape = MATRIX[file]?.entry();
    if (shape?.loader) {
      it.each(SPELLINGS)("loader, %s", async (spelling) => {
        const written = MATRIX[file]?.entry().loader;
        if (!written) throw new Error("no loader spec");
        const spec = spelled(route(), written, spelling);
        await resetFavorites();
        await spec.reset?.();
        const before = await rowCounts();
        const aBefore = await favoritesOf("customer");
        const watched = await spec.watch?.();
        const outcome = await runRoute(route(), "loader", spec, actor);
        const expected = spelledExpect(
          expectationOf(route(), written, actor),
          written.url,
          spec.url,
        );
        check(outcome, expected, spec.url);
        // A GET never writes.
        expect(await rowCounts()).toEqual(before);
        expect(await favoritesOf("customer")).toEqual(aBefore);
        expect(await spec.watch?.()).toEqual(watched);
        // Refused before any child loader runs when a guarding layout is above the route (a
        // 404 for another customer's row, or a page's own redirect, comes from the loader).
        const guarded = [...route().parents, file].some((p) => GUARDING_LAYOUTS.has(p));
        const toLogin =
          "redirect" in expected && /^\/(signin|admin\/login)\?/.test(expected.redirect);
        if (guarded && toLogin) expect(outcome.handlerRan).toBe(false);
      });
    }

    if (shape?.actions?.length) {
      it.each(SPELLINGS)("actions, %s", async (spelling) => {
        for (const written of MATRIX[file]?.entry().actions ?? []) {
          const spec = spelled(route(), written, spelling);
          await resetFavorites();
          await spec.reset?.();
          const before = await rowCounts();
          const aBefore = await favoritesOf("customer");
          const watched = await spec.watch?.();
          const aRowsBefore = await rowsOfCustomerA();
          const outcome = await runRoute(route(), "action", spec, actor);
          check(
            outcome,
            spelledExpect(expectationOf(route(), written, actor), written.url, spec.url),
            `${spec.url} ${JSON.stringify(spec.form ?? {})}`,
          );
          await settleBackgroundMail();
          const isWriter = writes(route(), spec, standIn(spec, actor));
          const aMayWrite = actor === "customer" && (isWriter || spec.ownRows);
          if (!aMayWrite) expect(await rowsOfCustomerA()).toEqual(aRowsBefore);
          if (isWriter || (spec.ownRows && actor !== "anonymous")) continue;
          expect(await spec.watch?.()).toEqual(watched);
          if (
            written.url === "/favorites" &&
            spec.form?.intent === "add" &&
            actor !== "anonymous"
          ) {
            // Saves for the poster only: A's rows are untouched.
            expect(await favoritesOf("customer")).toEqual(aBefore);
            expect(await favoritesOf(actor)).toEqual([savedPropertyId]);
            continue;
          }
          expect(await rowCounts()).toEqual(before);
          expect(await favoritesOf("customer")).toEqual(aBefore);
        }
      });
    }
  });
});

describe("customer A's favourite", () => {
  it("is removed by A, and by nobody else", async () => {
    const spec = MATRIX["routes/resources/favorites.ts"]?.entry().actions?.[1];
    if (!spec) throw new Error("favourites action missing");
    const route = ROUTES.find((r) => r.file === "routes/resources/favorites.ts");
    if (!route) throw new Error("favourites route missing");
    await resetFavorites();
    for (const actor of ["anonymous", "otherCustomer", "admin"] as const) {
      await runRoute(route, "action", spec, actor);
      expect(await favoritesOf("customer")).toEqual([savedPropertyId]);
    }
    await runRoute(route, "action", spec, "customer");
    expect(await favoritesOf("customer")).toEqual([]);
  });
});

describe("customer A's appointment", () => {
  it("is cancelled or moved by A, and by nobody else", async () => {
    const file = "routes/dashboard/appointment.tsx";
    const route = ROUTES.find((r) => r.file === file);
    const specs = MATRIX[file]?.entry().actions ?? [];
    if (!route || specs.length === 0) throw new Error("appointment route missing");
    for (const spec of specs.slice(0, 2)) {
      await resetAppointmentOfA();
      for (const actor of ["anonymous", "otherCustomer", "admin"] as const) {
        await runRoute(route, "action", spec, actor);
        expect(await appointmentOfAState()).toMatchObject([
          { status: "pending", appointmentDate: appointmentDateOfA, appointmentTime: "10:00 AM" },
        ]);
      }
      await runRoute(route, "action", spec, "customer");
      const [after] = await appointmentOfAState();
      expect(
        spec.form?.intent === "cancel"
          ? after?.status
          : `${after?.appointmentDate} ${after?.appointmentTime}`,
      ).toBe(
        spec.form?.intent === "cancel"
          ? "cancelled"
          : `${spec.form?.appointmentDate} ${spec.form?.appointmentTime}`,
      );
    }
  });
});
