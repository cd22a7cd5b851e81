import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

// deploy/upstream, the gate of deploy/rolling-restart (issue 44 item 6): it edits nginx's site
// file, has nginx check and reload it, and for `down` waits until the workers that may still pass
// a request to the instance have exited. Here nginx is stood in for by commands that log what
// they were asked, and a process with a child plays the nginx master and its old worker. The
// real nginx runs it in bench/restarts/ (two instances under load, bookings counted).

const SCRIPT = path.resolve(import.meta.dirname, "../deploy/upstream");

const SITE = `upstream naija_homes {
    server 127.0.0.1:3001 max_fails=0;
    server 127.0.0.1:3002 max_fails=0;
    # server 127.0.0.1:3003 max_fails=0;
}
server {
    listen 443 ssl http2;
}
`;

let dir: string;
let site: string;
let calls: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-upstream-"));
  site = path.join(dir, "site.conf");
  calls = path.join(dir, "calls.log");
  fs.writeFileSync(site, SITE);
});

afterEach(() => {
  for (const child of started) child.kill("SIGKILL");
  started.length = 0;
  fs.rmSync(dir, { recursive: true, force: true });
});

function run(action: string, port: string, env: Record<string, string> = {}) {
  const result = spawnSync(SCRIPT, [action, port], {
    encoding: "utf8",
    env: {
      ...process.env,
      NGINX_SITE: site,
      NGINX_PID: path.join(dir, "no-such.pid"),
      NGINX_TEST: `sh -c "echo test >> ${calls}"`,
      NGINX_RELOAD: `sh -c "echo reload >> ${calls}"`,
      // A port nothing listens on or connects to: no open connection to wait for.
      UPSTREAM_HOST: "127.0.0.1",
      ...env,
    },
  });
  return { status: result.status, out: result.stdout + result.stderr };
}

const serverLines = () =>
  fs
    .readFileSync(site, "utf8")
    .split("\n")
    .filter((line) => line.includes("server 127"));
const logged = () =>
  fs.existsSync(calls) ? fs.readFileSync(calls, "utf8").trim().split("\n") : [];

describe("deploy/upstream", () => {
  it("marks the instance down, has nginx check and reload, and puts it back", () => {
    expect(run("down", "3001").status).toBe(0);
    expect(serverLines()).toEqual([
      "    server 127.0.0.1:3001 max_fails=0 down;",
      "    server 127.0.0.1:3002 max_fails=0;",
      "    # server 127.0.0.1:3003 max_fails=0;",
    ]);
    expect(logged()).toEqual(["test", "reload"]);

    // Asked twice (a rolling restart run again after a failure): nothing changes, no reload.
    const again = run("down", "3001");
    expect(again.status).toBe(0);
    expect(again.out).toContain("127.0.0.1:3001 is down already");
    expect(logged()).toEqual(["test", "reload"]);

    expect(run("up", "3001").status).toBe(0);
    expect(fs.readFileSync(site, "utf8")).toBe(SITE);
    expect(logged()).toEqual(["test", "reload", "test", "reload"]);
  });

  it("never takes the last instance up out, and never touches a commented-out one", () => {
    expect(run("down", "3001").status).toBe(0);
    const last = run("down", "3002");
    expect(last.status).toBe(4);
    expect(last.out).toContain("it is the only instance up");
    expect(run("down", "3003").status).toBe(3);
    expect(run("down", "4000").status).toBe(3);
    expect(serverLines()[1]).toBe("    server 127.0.0.1:3002 max_fails=0;");
  });

  it("puts the file back as it was when nginx refuses the edited one", () => {
    const refused = run("down", "3001", { NGINX_TEST: "false" });
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("nginx refused the edited configuration");
    expect(fs.readFileSync(site, "utf8")).toBe(SITE);
    expect(logged()).toEqual([]);
  });

  it("refuses bad arguments without touching anything", () => {
    expect(run("drain", "3001").status).toBe(64);
    expect(run("down", "30x1").status).toBe(64);
    expect(fs.readFileSync(site, "utf8")).toBe(SITE);
  });

  it("returns from down only once nginx's old workers have exited", async () => {
    // The "master": a shell whose child (the old worker) finishes its last request in 1.5 s.
    const master = spawn("sh", ["-c", "sleep 1.5 & wait"], { stdio: "ignore" });
    started.push(master);
    const pidFile = path.join(dir, "nginx.pid");
    fs.writeFileSync(pidFile, String(master.pid));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const since = performance.now();
    const result = run("down", "3001", { NGINX_PID: pidFile });
    expect(result.status).toBe(0);
    expect(result.out).toContain("nginx sends nothing more to 127.0.0.1:3001");
    expect(performance.now() - since).toBeGreaterThan(1000);
  });

  it("gives up with a message when a worker outlasts DRAIN_LIMIT", () => {
    const master = spawn("sh", ["-c", "sleep 30 & wait"], { stdio: "ignore" });
    started.push(master);
    const pidFile = path.join(dir, "nginx.pid");
    fs.writeFileSync(pidFile, String(master.pid));
    spawnSync("sleep", ["0.2"]);
    const result = run("down", "3001", { NGINX_PID: pidFile, DRAIN_LIMIT: "1" });
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/still has nginx worker \d+ after 1 s/);
  });
});
