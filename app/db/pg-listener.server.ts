import pg from "pg";
import { logger } from "~/lib/logger.server";

// One LISTEN connection to PostgreSQL, outside the pool, for announcements between the
// instances behind one database (the content generation, the session cache). A lost connection
// is reopened after a second; `onListening` runs each time it listens again (whatever was
// announced meanwhile was missed) and `onLost` the moment it is lost.

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

/** Listens until the answered function is called. */
export function listenOnPostgres(
  databaseUrl: string,
  channels: readonly string[],
  options: PgListenerOptions,
): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on("notification", (message) => {
      if (channels.includes(message.channel)) {
        options.onNotification(message.channel, message.payload ?? "");
      }
    });
    const reopen = (error?: Error) => {
      if (stopped || client !== next) return;
      client = undefined;
      options.onLost?.();
      if (error) logger.warn({ err: error }, `${options.name} lost its connection`);
      next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), RECONNECT_DELAY_MS);
      retry.unref?.();
    };
    next.on("error", reopen);
    next.on("end", () => reopen());
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${channel}`);
      if (client === next && !stopped) options.onListening?.();
    } catch (error) {
      reopen(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();

  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = undefined;
    if (current) options.onLost?.();
    await current?.end().catch(() => undefined);
  };
}
