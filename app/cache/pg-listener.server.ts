import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server";
import { logger } from "~/log/logger.server";

// One LISTEN connection to PostgreSQL per database and process, outside the pool, for the
// announcements between the instances behind one database (the content generation, the session
// cache, the data generation): each listener subscribes to its channels on the shared
// connection, so the listeners cost one connection, not one each. A lost connection is reopened
// after a second; each subscriber's `onListening` runs each time its channels are listened to
// again (whatever was announced meanwhile was missed), and `onLost` the moment they are not.

const RECONNECT_DELAY_MS = 1_000;

export type PgListenerOptions = {
  /** What this process is told: one call per NOTIFY on one of the channels. */
  onNotification: (channel: string, payload: string) => void;
  /** Listening on every channel (again): drop what a missed announcement may have changed. */
  onListening?: () => void;
  /** The connection is gone: announcements are not heard until `onListening` runs again. */
  onLost?: () => void;
  /** What the log calls it. */
  name: string;
};

type Subscriber = { channels: readonly string[]; options: PgListenerOptions; listening: boolean };

type Connection = {
  url: string;
  subscribers: Set<Subscriber>;
  client?: pg.Client;
  /** The client is connected: subscribers may LISTEN on it. */
  open: boolean;
  /** The channels the current client listens on. */
  channels: Set<string>;
  retry?: ReturnType<typeof setTimeout>;
};

const connections = new Map<string, Connection>();

/** Listens on `channels` until the answered function is called. */
export function listenOnPostgres(
  databaseUrl: string,
  channels: readonly string[],
  options: PgListenerOptions,
): () => Promise<void> {
  let connection = connections.get(databaseUrl);
  if (!connection) {
    connection = { url: databaseUrl, subscribers: new Set(), open: false, channels: new Set() };
    connections.set(databaseUrl, connection);
    void connect(connection);
  }
  const subscriber: Subscriber = { channels, options, listening: false };
  connection.subscribers.add(subscriber);
  if (connection.open) void subscribe(connection, subscriber);

  const shared = connection;
  return async () => {
    if (!shared.subscribers.delete(subscriber)) return;
    if (subscriber.listening) {
      subscriber.listening = false;
      options.onLost?.();
    }
    if (shared.subscribers.size > 0) return;
    connections.delete(shared.url);
    if (shared.retry) clearTimeout(shared.retry);
    const client = shared.client;
    shared.client = undefined;
    shared.open = false;
    await client?.end().catch(() => undefined);
  };
}

/** LISTENs on the subscriber's channels not yet listened to, then tells it. */
async function subscribe(connection: Connection, subscriber: Subscriber) {
  const client = connection.client;
  try {
    for (const channel of subscriber.channels) {
      if (connection.channels.has(channel)) continue;
      await client?.query(`LISTEN ${channel}`);
      connection.channels.add(channel);
    }
  } catch (error) {
    // The connection failed meanwhile: its error handler reopens it, and subscribes again.
    logger.warn({ err: error }, `${subscriber.options.name} could not listen`);
    return;
  }
  if (connection.client !== client || !connection.subscribers.has(subscriber)) return;
  if (subscriber.listening) return;
  subscriber.listening = true;
  subscriber.options.onListening?.();
}

async function connect(connection: Connection) {
  const next = new pg.Client({ connectionString: connection.url });
  connection.client = next;
  connection.open = false;
  connection.channels = new Set();
  next.on("notification", (message) => {
    for (const subscriber of connection.subscribers) {
      if (subscriber.listening && subscriber.channels.includes(message.channel)) {
        subscriber.options.onNotification(message.channel, message.payload ?? "");
      }
    }
  });
  const reopen = (error?: Error) => {
    if (connection.client !== next) return;
    connection.client = undefined;
    connection.open = false;
    for (const subscriber of connection.subscribers) {
      if (!subscriber.listening) continue;
      subscriber.listening = false;
      subscriber.options.onLost?.();
    }
    if (error) logger.warn({ err: error }, "the PostgreSQL listener lost its connection");
    next.end().catch(() => undefined);
    if (connections.get(connection.url) !== connection) return;
    connection.retry = setTimeout(() => void connect(connection), RECONNECT_DELAY_MS);
    connection.retry.unref?.();
  };
  next.on("error", reopen);
  next.on("end", () => reopen());
  try {
    await next.connect();
  } catch (error) {
    reopen(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  if (connection.client !== next) {
    await next.end().catch(() => undefined);
    return;
  }
  connection.open = true;
  for (const subscriber of [...connection.subscribers]) await subscribe(connection, subscriber);
}

/**
 * The embedded database's own listener (PGlite's `listen`, which one process owns): calls
 * `onNotification` with the payload of each NOTIFY on `channel`, as the transaction that sent it
 * commits. Answers true once listening, false when the client cannot listen (logged as `name`).
 */
export async function listenOnEmbedded(
  handle: DatabaseHandle,
  channel: string,
  onNotification: (payload: string) => void,
  name: string,
): Promise<boolean> {
  type Listener = {
    listen: (channel: string, callback: (payload: string) => void) => Promise<unknown>;
  };
  const client = (handle.db as unknown as { $client?: Partial<Listener> }).$client;
  if (typeof client?.listen !== "function") return false;
  try {
    await client.listen(channel, onNotification);
    return true;
  } catch (error) {
    logger.warn({ err: error }, `${name} could not listen; not caching`);
    return false;
  }
}
