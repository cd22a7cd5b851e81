import crypto from "node:crypto";
import { announce, onAnnouncement } from "~/cache/announcements.server";
import { listenOnEmbedded, listenOnPostgres } from "~/cache/pg-listener.server";
import { type DatabaseHandle, db, getDatabase } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { ACCOUNT_CHANGED_CHANNEL } from "~/models/user.server";

// A few seconds' memory of signed-in sessions (ADR 21). On the embedded database one process
// owns the database and every query runs on the main thread one at a time; on PostgreSQL each
// instance behind the database keeps its own, used only while it listens for the others'
// announcements (listenForSessionChanges, started with the server).
//
// An entry is dropped the moment anything it says may have changed:
// - the model writes that change an account or end its sessions (deactivation, role or name
//   change, deletion, an admin's sessions ended) announce it in their transaction
//   (app/models/user.server.ts, announceAccountChange): this process drops at once, and at
//   commit every listener does again (PGlite's, or each instance's LISTEN connection), so a
//   lookup that read the old row meanwhile is not kept;
// - sign-out, password change and reset, and an admin session past its cap, which the auth
//   library or this folder write, are announced here after the write (announceSessionEnded,
//   announceAccountChange, announceAllSessionsEnded), to this process and to the other instances.
// On PostgreSQL another instance hears an announcement within milliseconds of the commit; while
// its LISTEN connection is down it keeps nothing, and it forgets everything when it listens again.
// A lookup that read the database before such a drop does not store what it read (the
// generation check), and the renewal rule and the expiry are checked on every hit, so better-auth
// still renews the cookie when it is due. Keys are SHA-256 hashes of the signed cookie value
// (token and signature): an entry answers only the exact cookie that was verified to make it.

/** Where sign-out, password changes and the admin cap are announced: "token:<hash>" or "all". */
export const SESSIONS_ENDED_CHANNEL = "naija_sessions_ended";
const CHANNELS = [ACCOUNT_CHANGED_CHANNEL, SESSIONS_ENDED_CHANNEL] as const;

/** How long an entry is used without reading the database again. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Entries kept at most (the oldest go first): a bound on memory, not a working-set guess. */
const MAX_ENTRIES = 10_000;

/** A session row and what the app needs of its user (session-lookup.server.ts reads it). */
export type SessionRecord = {
  session: { id: string; token: string; createdAt: Date; expiresAt: Date };
  user: {
    id: string;
    email: string;
    name: string;
    firstName?: string | null;
    lastName?: string | null;
    phone?: string | null;
    role?: string | null;
    isSuperAdmin?: boolean | null;
    status?: string | null;
  };
};

/** `tokenHash`: what an announcement of the session's end names (announceSessionEnded). */
type Entry = { token: string; tokenHash: string; record: SessionRecord; until: number };
type State = {
  entries: Map<string, Entry>;
  /** Bumped by every drop: a lookup that began before it must not store what it read. */
  generation: number;
  /** The database the entries and the listener belong to (tests swap it). */
  handle?: DatabaseHandle;
  listening: boolean;
  /** PostgreSQL: this instance's LISTEN connection hears the other instances. */
  pgListening: boolean;
  /** The announcements of this process reach the entries (registered once). */
  announced: boolean;
  /** Set by setSessionCacheEnabled; otherwise on in production only. */
  enabled?: boolean;
};

const STATE_KEY = Symbol.for("naija-homes.session-cache");

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE_KEY]?: State };
  holder[STATE_KEY] ??= {
    entries: new Map(),
    generation: 0,
    listening: false,
    pgListening: false,
    announced: false,
  };
  const current = holder[STATE_KEY];
  if (!current.announced) {
    current.announced = true;
    for (const channel of CHANNELS) onAnnouncement(channel, (payload) => hear(channel, payload));
  }
  return current;
}

/** The entries, when they may be used: with this database's listener in place. */
function usableEntries(): Map<string, Entry> | undefined {
  const current = state();
  if (!(current.enabled ?? getEnv().nodeEnv === "production")) return undefined;
  const handle = getDatabase();
  if (handle.kind === "postgres") return current.pgListening ? current.entries : undefined;
  if (current.handle !== handle) {
    forgetAllSessions();
    current.handle = handle;
    current.listening = false;
    void listenForAccountChanges(handle, current);
    return undefined;
  }
  return current.listening ? current.entries : undefined;
}

async function listenForAccountChanges(handle: DatabaseHandle, current: State) {
  const listening = await listenOnEmbedded(
    handle,
    ACCOUNT_CHANGED_CHANNEL,
    (userId) => {
      if (current.handle === handle) forgetSessionsOf(userId);
    },
    "session cache",
  );
  if (listening && current.handle === handle) current.listening = true;
}

/**
 * Turns the cache on or off (undefined: the default, on in production only). Off in development
 * and tests as the page cache is: their fixtures age and change sessions with direct SQL, which
 * announces nothing; the tests of the cache itself turn it on.
 */
export function setSessionCacheEnabled(enabled: boolean | undefined) {
  const current = state();
  current.enabled = enabled;
  forgetAllSessions();
}

/**
 * The entries' keys (of a signed cookie value) and what announcements name (of a token: never
 * the token itself, which is as good as the cookie).
 */
function sha256(value: string) {
  return crypto.createHash("sha256").update(value).digest("base64url");
}

/** The current generation, to hand back to rememberSession after reading the database. */
export function sessionCacheGeneration(): number {
  return state().generation;
}

/** The session last read for exactly this signed cookie value, if still fresh. */
export function cachedSession(signedValue: string, now = Date.now()): SessionRecord | undefined {
  const entries = usableEntries();
  if (!entries) return undefined;
  const key = sha256(signedValue);
  const entry = entries.get(key);
  if (!entry) return undefined;
  // Never another token's session, even if two values' hashes met.
  if (entry.until <= now || !signedValue.startsWith(`${entry.token}.`)) {
    entries.delete(key);
    return undefined;
  }
  return entry.record;
}

/**
 * Keeps what the database answered for this signed cookie value, unless something was dropped
 * since `generation` was read (the answer may predate that change).
 */
export function rememberSession(
  signedValue: string,
  record: SessionRecord,
  generation: number,
  now = Date.now(),
) {
  const entries = usableEntries();
  if (!entries || generation !== state().generation) return;
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(sha256(signedValue), {
    token: record.session.token,
    tokenHash: sha256(record.session.token),
    record,
    until: now + SESSION_CACHE_TTL_MS,
  });
}

function forgetWhere(matches: (entry: Entry) => boolean) {
  const current = state();
  current.generation += 1;
  for (const [key, entry] of current.entries) if (matches(entry)) current.entries.delete(key);
}

/** Every session of this account: it changed, or its sessions ended. */
export function forgetSessionsOf(userId: string) {
  forgetWhere((entry) => entry.record.user.id === userId);
}

/** Everything (a password reset, whose account the library does not name). */
export function forgetAllSessions() {
  forgetWhere(() => true);
}

/** What an announcement on one of CHANNELS drops, heard from this process or another. */
function hear(channel: string, payload: string) {
  if (channel === ACCOUNT_CHANGED_CHANNEL) forgetSessionsOf(payload);
  else if (payload.startsWith("token:")) {
    const hash = payload.slice("token:".length);
    forgetWhere((entry) => entry.tokenHash === hash);
  } else forgetAllSessions();
}

/** A session ended (signed out, or past the admin cap): no instance may answer it from memory. */
export async function announceSessionEnded(token: string) {
  await announce(db, SESSIONS_ENDED_CHANNEL, `token:${sha256(token)}`);
}

/** Any session may have ended (a password reset, whose account the library does not name). */
export async function announceAllSessionsEnded() {
  await announce(db, SESSIONS_ENDED_CHANNEL, "all");
}

/**
 * PostgreSQL: hears the other instances' announcements on the listening connection the process
 * shares; the cache is used only while it listens, and starts empty each time it listens again.
 * Answers the function that stops it.
 */
export function listenForSessionChanges(databaseUrl: string): () => Promise<void> {
  return listenOnPostgres(databaseUrl, CHANNELS, {
    name: "session-cache listener",
    onNotification: hear,
    onListening: () => {
      forgetAllSessions();
      state().pgListening = true;
    },
    onLost: () => {
      state().pgListening = false;
      forgetAllSessions();
    },
  });
}

/** PostgreSQL: whether the cache is in use (its listener hears the other instances). */
export function isSessionCacheListening(): boolean {
  return state().pgListening;
}
