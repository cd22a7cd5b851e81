import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  isSessionCacheListening,
  listenForSessionChanges,
  SESSION_CACHE_TTL_MS,
  SESSIONS_ENDED_CHANNEL,
  setSessionCacheEnabled,
} from "~/cache/session-cache.server";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { endSessions, updateUserByAdmin } from "~/models/admin-users.server";
import { ACCOUNT_CHANGED_CHANNEL, setUserStatus, updateProfile } from "~/models/user.server";
import { createSignedInUser, signInCookie, TEST_PASSWORD } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { setupTestDatabase, testDatabaseUrl } from "../../tests/setup/test-database";
import { changePassword } from "./accounts.server";
import { ADMIN_SESSION_HOURS, getCurrentSession, signOut } from "./session.server";

// Who is signed in, with the session cache on as in production (ADR 21): every way a session
// ends or its account changes counts at the next request, not a few seconds later.

const database = await setupTestDatabase();
const postgres = database.kind === "postgres";
/** Where another instance would connect (PostgreSQL only). */
const databaseUrl = testDatabaseUrl() ?? "";
let stopListening: (() => Promise<void>) | undefined;

beforeAll(async () => {
  setSessionCacheEnabled(true);
  // On PostgreSQL the cache is used while this instance listens for the others (as the server
  // does from startApp).
  if (postgres) {
    stopListening = listenForSessionChanges(databaseUrl);
    await vi.waitUntil(isSessionCacheListening, { timeout: 5_000, interval: 20 });
  }
});
afterAll(async () => {
  await stopListening?.();
  setSessionCacheEnabled(undefined);
});
afterEach(() => vi.useRealTimers());

/** A new Request each time, as each page view is: nothing carried over but the cache. */
function page(cookie: string, path = "/dashboard") {
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}

async function whoIs(cookie: string) {
  return (await getCurrentSession(page(cookie)))?.user ?? null;
}

/** The session row behind a Cookie header, or undefined once it is gone. */
async function sessionRow(userId: string) {
  return db.select().from(sessions).where(eq(sessions.userId, userId));
}

let userCount = 0;
function customer(name = "Ada Obi") {
  userCount += 1;
  return createSignedInUser(`person${userCount}@example.com`, name);
}

describe("the session cache", () => {
  it("answers from memory for SESSION_CACHE_TTL_MS: a write nobody announces shows after that", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ada = await customer();
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
    // Behind the app's back (no model, no announcement): still answered from memory...
    await db.delete(sessions).where(eq(sessions.userId, ada.id));
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
    // ...until the entry is older than the TTL.
    vi.setSystemTime(Date.now() + SESSION_CACHE_TTL_MS + 1);
    expect(await whoIs(ada.cookie)).toBeNull();
  });

  it("never answers one cookie with another token's session", async () => {
    const ada = await customer("Ada Obi");
    const bola = await customer("Bola Ade");
    expect((await whoIs(ada.cookie))?.name).toBe("Ada Obi");
    expect((await whoIs(bola.cookie))?.name).toBe("Bola Ade");
    const [name, adaValue = ""] = ada.cookie.split("=");
    const bolaValue = bola.cookie.split("=")[1] ?? "";
    const adaToken = decodeURIComponent(adaValue).split(".")[0] ?? "";
    const bolaSignature = decodeURIComponent(bolaValue).split(".")[1] ?? "";
    const forged = [
      // Ada's token under Bola's signature; Ada's token unsigned; one character changed.
      `${adaToken}.${bolaSignature}`,
      adaToken,
      `${adaToken.slice(0, -1)}${adaToken.endsWith("a") ? "b" : "a"}.${decodeURIComponent(adaValue).split(".")[1]}`,
    ];
    for (const value of forged) {
      expect(await whoIs(`${name}=${encodeURIComponent(value)}`)).toBeNull();
    }
    // The genuine cookies still answer their own people, in either order.
    expect((await whoIs(bola.cookie))?.id).toBe(bola.id);
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
  });
});

// Two instances on one PostgreSQL: what another one announces reaches this one's memory.
describe.runIf(postgres)("the session cache behind one PostgreSQL", () => {
  /** Another instance: its own connection, announcing as its writes do. */
  async function fromAnotherInstance(channel: string, payload: string) {
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query("select pg_notify($1, $2)", [channel, payload]);
    } finally {
      await other.end();
    }
  }

  /** Signed in, remembered, and then its row gone behind the app's back: only memory answers. */
  async function rememberedOnly() {
    const ada = await customer();
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
    await db.delete(sessions).where(eq(sessions.userId, ada.id));
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
    return ada;
  }

  it("drops an account's sessions another instance changed", async () => {
    const ada = await rememberedOnly();
    await fromAnotherInstance(ACCOUNT_CHANGED_CHANNEL, ada.id);
    // Well within SESSION_CACHE_TTL_MS: the announcement did it, not the entry's age.
    await vi.waitUntil(async () => (await whoIs(ada.cookie)) === null, {
      timeout: 1_000,
      interval: 20,
    });
  });

  it("drops a session another instance signed out, named by its token's hash only", async () => {
    const ada = await rememberedOnly();
    const token = decodeURIComponent(ada.cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    const hash = crypto.createHash("sha256").update(token).digest("base64url");
    await fromAnotherInstance(SESSIONS_ENDED_CHANNEL, `token:${hash}`);
    await vi.waitUntil(async () => (await whoIs(ada.cookie)) === null, {
      timeout: 1_000,
      interval: 20,
    });
  });

  it("keeps nothing while it cannot hear the others, and starts empty when it hears them again", async () => {
    const ada = await rememberedOnly();
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    try {
      await other.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'",
      );
    } finally {
      await other.end();
    }
    await vi.waitUntil(() => !isSessionCacheListening(), { timeout: 1_000, interval: 20 });
    // Read from the database now: the row is gone.
    expect(await whoIs(ada.cookie)).toBeNull();
    await vi.waitUntil(isSessionCacheListening, { timeout: 5_000, interval: 20 });
  });
});

describe("a session ends at the next request", () => {
  it("after sign-out", async () => {
    const ada = await customer();
    expect(await whoIs(ada.cookie)).not.toBeNull();
    await signOut(page(ada.cookie));
    expect(await whoIs(ada.cookie)).toBeNull();
    expect(await sessionRow(ada.id)).toEqual([]);
  });

  it("when an admin deactivates the account, on every session of it", async () => {
    const boss = await createSignedInAdmin("boss@example.com", { superAdmin: true });
    const ada = await customer();
    const second = await signInCookie(ada.email);
    expect(await whoIs(ada.cookie)).not.toBeNull();
    expect(await whoIs(second)).not.toBeNull();
    const update = await updateUserByAdmin(boss.actor, ada.id, {
      firstName: "Ada",
      lastName: "Obi",
      phone: "",
      role: "tenant",
      status: "inactive",
    });
    expect(update).toMatchObject({ ok: true, sessionsEnded: 2 });
    expect(await whoIs(ada.cookie)).toBeNull();
    expect(await whoIs(second)).toBeNull();
  });

  it("when the account is set inactive by the model", async () => {
    const ada = await customer();
    expect(await whoIs(ada.cookie)).not.toBeNull();
    await setUserStatus(ada.id, "inactive");
    // The session row stays, but an inactive account counts as signed out.
    expect(await sessionRow(ada.id)).toHaveLength(1);
    expect(await whoIs(ada.cookie)).toBeNull();
  });

  it("when its sessions are revoked (an admin's other sessions after a password change)", async () => {
    const ada = await customer();
    const other = await signInCookie(ada.email);
    expect(await whoIs(other)).not.toBeNull();
    const kept = (await getCurrentSession(page(ada.cookie)))?.session.id;
    await db.transaction((tx) => endSessions(tx, ada.id, kept));
    expect(await whoIs(other)).toBeNull();
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
  });

  it("when the password is changed: the other sessions end, this browser gets a new one", async () => {
    const ada = await customer();
    const other = await signInCookie(ada.email);
    expect(await whoIs(other)).not.toBeNull();
    expect(await whoIs(ada.cookie)).not.toBeNull();
    const changed = await changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: "another-password-2",
      requestHeaders: new Headers({ cookie: ada.cookie }),
    });
    expect(changed.ok).toBe(true);
    expect(await whoIs(other)).toBeNull();
    expect(await whoIs(ada.cookie)).toBeNull();
  });

  it("when an admin's role is taken away", async () => {
    const boss = await createSignedInAdmin("boss2@example.com", { superAdmin: true });
    const staff = await createSignedInAdmin("staff@example.com");
    expect((await whoIs(staff.cookie))?.role).toBe("admin");
    await updateUserByAdmin(boss.actor, staff.id, {
      firstName: "Ada",
      lastName: "Admin",
      phone: "",
      role: "tenant",
      status: "active",
    });
    expect(await whoIs(staff.cookie)).toBeNull();
  });
});

describe("what the session says", () => {
  it("shows a changed name and role at the next request", async () => {
    const boss = await createSignedInAdmin("boss3@example.com", { superAdmin: true });
    const ada = await customer("Ada Obi");
    expect((await whoIs(ada.cookie))?.name).toBe("Ada Obi");
    await updateProfile(ada.id, { fullName: "Ada Grace Obi", phone: null });
    expect(await whoIs(ada.cookie)).toMatchObject({ name: "Ada Grace Obi", lastName: "Grace Obi" });
    await updateUserByAdmin(boss.actor, ada.id, {
      firstName: "Ada",
      lastName: "Obi",
      phone: "",
      role: "owner",
      status: "active",
    });
    expect(await whoIs(ada.cookie)).toMatchObject({ name: "Ada Obi", role: "owner" });
  });
});

describe("renewal and the admin cap", () => {
  it("renews a session that is due and sends the new cookie, once", async () => {
    const ada = await customer();
    // Within a day of its end (updateAge has passed since it was made).
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, ada.id));
    const due = await getCurrentSession(page(ada.cookie));
    expect(due?.user.id).toBe(ada.id);
    expect(due?.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=[^;]+;/);
    const [row] = await sessionRow(ada.id);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    // Renewed: the next request needs no new cookie.
    const next = await getCurrentSession(page(ada.cookie));
    expect(next?.user.id).toBe(ada.id);
    expect(next?.headers.getSetCookie()).toEqual([]);
  });

  it("renews a session the moment it is due, even one answered from memory", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const ada = await customer();
    // Due for renewal (a day after it was made or renewed: 29 days before its end) in 2 s.
    const dueIn2s = new Date(Date.now() + 29 * 24 * 60 * 60 * 1000 + 2000);
    await db.update(sessions).set({ expiresAt: dueIn2s }).where(eq(sessions.userId, ada.id));
    expect((await getCurrentSession(page(ada.cookie)))?.headers.getSetCookie()).toEqual([]);
    vi.setSystemTime(Date.now() + 3000);
    const renewed = await getCurrentSession(page(ada.cookie));
    expect(renewed?.user.id).toBe(ada.id);
    expect(renewed?.headers.getSetCookie().join()).toMatch(/better-auth\.session_token=/);
  });

  it("ends an admin session ADMIN_SESSION_HOURS after sign-in, even one answered from memory", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const staff = await createSignedInAdmin("capped@example.com");
    // A second short of the cap: still signed in (and remembered).
    vi.setSystemTime(Date.now() + ADMIN_SESSION_HOURS * 60 * 60 * 1000 - 1000);
    expect((await whoIs(staff.cookie))?.role).toBe("admin");
    vi.setSystemTime(Date.now() + 2000);
    expect(await whoIs(staff.cookie)).toBeNull();
    expect(await sessionRow(staff.id)).toEqual([]);
  });

  it("keeps a customer's session past ADMIN_SESSION_HOURS", async () => {
    const ada = await customer();
    const longAgo = new Date(Date.now() - (ADMIN_SESSION_HOURS + 1) * 60 * 60 * 1000);
    await db.update(sessions).set({ createdAt: longAgo }).where(eq(sessions.userId, ada.id));
    expect((await whoIs(ada.cookie))?.id).toBe(ada.id);
  });
});
