// Loaded into the server under test (node --import): a 5 ms timer that appends every stall of
// its thread over 50 ms to $BENCH_STALL_LOG, as "<end epoch ms> <stall ms>" lines. A stall is
// the time a timer waited past its due moment: the event loop was held by something synchronous.
import fs from "node:fs";

const file = process.env.BENCH_STALL_LOG;
if (file) {
  let due = performance.now() + 5;
  const tick = () => {
    const now = performance.now();
    const late = now - due;
    if (late > 50) fs.appendFileSync(file, `${Date.now()} ${late.toFixed(1)}\n`);
    due = now + 5;
    setTimeout(tick, 5).unref();
  };
  setTimeout(tick, 5).unref();
}
