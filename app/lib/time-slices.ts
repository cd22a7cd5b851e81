// Long work on the server's one thread, done in slices. A task written as a generator yields
// between its steps (a row of a file, say); `finishInSlices` runs steps until a slice's budget
// is spent, then lets the event loop answer other requests before going on, so a 2,000-row CSV
// check never holds the server for more than a few milliseconds at a time. `finishNow` runs the
// same task in one go, for callers that have no other work to let through (tests, scripts).

export type Steps<T> = Generator<unknown, T, undefined>;

/** How long one slice may run before other work gets its turn. */
export const SLICE_MS = 8;

/** Runs every step at once and answers the task's result. */
export function finishNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Lets timers, I/O and other requests' callbacks run before going on. */
export function letOthersRun() {
  return new Promise<void>((resolve) => {
    if (typeof setImmediate === "function") setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/** Runs the steps in slices of about `budgetMs`, letting other work run between slices. */
export async function finishInSlices<T>(steps: Steps<T>, budgetMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= budgetMs) {
      await letOthersRun();
      sliceStart = performance.now();
    }
  }
}
