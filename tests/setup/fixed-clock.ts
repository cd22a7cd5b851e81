// Vitest setup file (every project): with TEST_CLOCK set (an ISO instant), the worker's clock
// starts there and runs on at the normal speed: `new Date()` and `Date.now()` answer as if the
// suite had been started at that instant; dates given explicitly, timers and performance.now()
// are untouched. vitest.config.ts runs the files that pick dates from today (the "clock"
// projects) once per day of the week this way, so a test that only passes on some days (the
// Sunday that booked a Saturday afternoon) fails on every day. The database's own clock (now()
// in SQL) stays real: the instants chosen are never more than a week ahead of it
// (tests/setup/clocks.ts).

const CLOCK_MARK = Symbol.for("naija-homes.test-clock");

type MarkedDate = DateConstructor & { [CLOCK_MARK]?: number };

function installClock(startAt: string) {
  const RealDate = Date as MarkedDate;
  const target = RealDate.parse(startAt);
  if (Number.isNaN(target)) throw new Error(`TEST_CLOCK is not a date: ${startAt}`);
  // Files share a worker (isolate: false): install once per worker, whatever runs first.
  if (RealDate[CLOCK_MARK] !== undefined) return;
  const offset = target - RealDate.now();

  class ClockDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }

    static override now() {
      return RealDate.now() + offset;
    }
  }
  (ClockDate as MarkedDate)[CLOCK_MARK] = offset;
  globalThis.Date = ClockDate as DateConstructor;
}

const startAt = process.env.TEST_CLOCK;
if (startAt) installClock(startAt);
