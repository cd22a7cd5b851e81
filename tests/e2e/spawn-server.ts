import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";

// The production server (`node server/main.js`, the build this run has made) started by a spec
// of its own, as an operator would start it: on its own DATA_DIR and port, beside the run's
// shared e2e server. Used by server-lifecycle.spec.ts and deploy-proxy.spec.ts.

export type SpawnedServer = {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
};

/** Starts `node server/main.js` in production on the embedded database in `dataDir`. */
export function startServer(
  dataDir: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): SpawnedServer {
  const child = spawn(process.execPath, ["server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...env,
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

/** Resolves once http://127.0.0.1:<port>/healthz answers 200 (a minute at most). */
export async function waitForHealth(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
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

/** A TCP port nothing listens on at the moment (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
