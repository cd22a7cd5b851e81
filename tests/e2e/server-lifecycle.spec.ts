import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, waitForHealth } from "./spawn-server";
import { expect, test } from "./test";

// The Node entry itself, run as an operator would: the embedded database belongs to one process,
// a taken port is an error (never a silent move), and SIGTERM shuts down cleanly. Uses the
// production build that the web server of this run has just made.

test.skip(Boolean(process.env.DATABASE_URL), "these checks are about the embedded database");

test.describe.configure({ mode: "serial" });

test("a second server or a taken port is refused; SIGTERM stops cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
  const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-other-"));
  const first = startServer(dataDir, 3291);
  try {
    await waitForHealth(3291);
    expect(fs.existsSync(path.join(dataDir, "database.lock"))).toBe(true);

    // Same data directory, another port: refuses and names the holder.
    const second = startServer(dataDir, 3292);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by process ${first.child.pid}`);

    // Another data directory, the same port: stops with a clear message, never moves port.
    const third = startServer(otherDir, 3291);
    expect(await third.exited).toBe(1);
    expect(third.output()).toContain("Cannot listen on port 3291");
    // and it released its own lock on the way out
    expect(fs.existsSync(path.join(otherDir, "database.lock"))).toBe(false);

    // The first server is unaffected.
    expect((await fetch("http://127.0.0.1:3291/healthz")).status).toBe(200);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"Stopped"');
    expect(fs.existsSync(path.join(dataDir, "database.lock"))).toBe(false);
  } finally {
    first.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(otherDir, { recursive: true, force: true });
  }
});
