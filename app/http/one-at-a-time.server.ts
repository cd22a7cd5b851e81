// Work a person may run only once at a time (the CSV import's check and import: a second tab, a
// double click or a script must not start another while the first holds the server's thread).
// Counted in this process: with several instances, each lets a person run one.

const running = new Set<string>();

/**
 * Runs `task` unless a task with the same key is running: then answers `{ busy: true }` at once
 * and nothing runs. The key is free again when the task ends, however it ends.
 */
export async function oneAtATime<T>(
  key: string,
  task: () => Promise<T>,
): Promise<{ busy: true } | { busy: false; value: T }> {
  if (running.has(key)) return { busy: true };
  running.add(key);
  try {
    return { busy: false, value: await task() };
  } finally {
    running.delete(key);
  }
}

/** The key of a person's CSV import (check or import). */
export function importKeyOf(userId: string) {
  return `property-import:${userId}`;
}
