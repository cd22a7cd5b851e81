import { logger } from "~/log/logger.server";

// A job the server runs on a timer (the saved-search alerts, the owners' weekly reports): a run
// at start, then one every `tickMs` after the previous run ended (runs never overlap in one
// process). The state lives on globalThis so a dev reload does not start a second timer; stop()
// waits for a run in progress. Instances on one PostgreSQL run their own timers: each job makes
// its own runs safe to overlap.

type JobState = {
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | undefined;
  stopped: boolean;
};

export type RepeatingJob = { start: (tickMs?: number) => void; stop: () => Promise<void> };

export function repeatingJob(
  name: string,
  run: () => Promise<unknown>,
  defaultTickMs: number,
): RepeatingJob {
  const key = Symbol.for(`naija-homes.job:${name}`);
  const global = globalThis as typeof globalThis & { [key: symbol]: JobState | undefined };
  return {
    start(tickMs = defaultTickMs) {
      if (global[key]) return;
      const state: JobState = { timer: undefined, running: undefined, stopped: false };
      global[key] = state;
      const tick = () => {
        state.running = run()
          .catch((error: unknown) => logger.error({ err: error }, `The ${name} failed`))
          .finally(() => {
            state.running = undefined;
            if (!state.stopped) {
              state.timer = setTimeout(tick, tickMs);
              state.timer.unref();
            }
          });
      };
      state.timer = setTimeout(tick, 0);
      state.timer.unref();
    },
    async stop() {
      const state = global[key];
      if (!state) return;
      state.stopped = true;
      clearTimeout(state.timer);
      await state.running;
      global[key] = undefined;
    },
  };
}
