import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The Node entry itself, run as an operator would: the embedded database belongs to one process,
// a taken port is an error (never a silent move), and SIGTERM shuts down cleanly. Uses the
// production build that the web server of this run has just made.

test.skip(Boolean(process.env.DATABASE_URL), "these checks are about the embedded database");

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(dataDir: string, port: number): Server {
  const child = spawn(process.execPath, ["server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on port ${port} did not become healthy`);
}

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
