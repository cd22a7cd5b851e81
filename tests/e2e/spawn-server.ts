import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

// The production server (`node server/main.js`, the build this run has made) started by a spec
// of its own, as an operator would start it: on its own DATA_DIR and port, beside the run's
// shared e2e server; and nginx in front of it with deploy/nginx.conf. Used by
// server-lifecycle.spec.ts, deploy-proxy.spec.ts and bench/restarts/run.ts.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A process started by spawnCapturing. */
export type SpawnedProcess = {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
};

export type SpawnedServer = SpawnedProcess;

/** Starts `command args`, keeping what it writes to stdout and stderr, interleaved, for errors. */
export function spawnCapturing(
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): SpawnedProcess {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
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

/** Starts `node server/main.js` in production on the embedded database in `dataDir`. */
export function startServer(
  dataDir: string,
  port: number,
  env: NodeJS.ProcessEnv = {},
): SpawnedServer {
  return spawnCapturing(process.execPath, ["server/main.js"], {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    SEED_DEMO: "0",
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    ...env,
  });
}

/**
 * Resolves once http://127.0.0.1:<port>/healthz answers 200 (a minute at most). With `server`,
 * fails as soon as that process exits, and either failure carries what it wrote.
 */
export async function waitForHealth(port: number, timeoutMs = 60_000, server?: SpawnedProcess) {
  const deadline = Date.now() + timeoutMs;
  const output = () => (server ? `:\n${server.output()}` : "");
  while (Date.now() < deadline) {
    if (server && server.child.exitCode !== null) throw new Error(`server exited${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on port ${port} did not become healthy${output()}`);
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

/** Resolves once something accepts TCP connections on 127.0.0.1:<port>. */
export async function waitForPort(port: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** Debian's nginx binary, or undefined when nginx is not installed. */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"].find((file) =>
  fs.existsSync(file),
);

export type ProxyPorts = {
  /** HTTPS (and HTTP/2): deploy/nginx.conf's `listen 443`. */
  https: number;
  /** Plain HTTP, redirected: its `listen 80`. */
  http: number;
  /** The site's instances: one upstream `server` line each. */
  upstreams: number[];
};

/**
 * deploy/nginx.conf itself with these ports, `localhost` for the server name and a self-signed
 * certificate in `dir`. Each replaced text must still be in the file, so the file stays the one
 * the tests run.
 */
export function renderSiteConfig(dir: string, ports: ProxyPorts) {
  let site = fs.readFileSync(path.join(ROOT, "deploy/nginx.conf"), "utf8");
  const upstream = /^( *)server 127\.0\.0\.1:3000 (.*)$/m.exec(site);
  if (!upstream) throw new Error("deploy/nginx.conf no longer has `server 127.0.0.1:3000 ...`");
  const [line, indent, options] = upstream;
  const servers = ports.upstreams.map((port) => `${indent}server 127.0.0.1:${port} ${options}`);
  site = site.replace(line, servers.join("\n"));
  const replacements: [string, string][] = [
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen [::]:80;", ""],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["listen [::]:443 ssl http2;", ""],
    ["server_name naijahomes.ng;", "server_name localhost;"],
    ["/etc/letsencrypt/live/naijahomes.ng/fullchain.pem", path.join(dir, "cert.pem")],
    ["/etc/letsencrypt/live/naijahomes.ng/privkey.pem", path.join(dir, "key.pem")],
    ["/var/www/html", path.join(dir, "acme")],
    ["/srv/naija-homes/current/deploy/", path.join(ROOT, "deploy/")],
  ];
  for (const [from, to] of replacements) {
    if (!site.includes(from)) {
      throw new Error(`deploy/nginx.conf no longer contains "${from}": update spawn-server.ts`);
    }
    site = site.replaceAll(from, to);
  }
  return site;
}

/**
 * nginx in the foreground with the http block of Debian's /etc/nginx/nginx.conf (gzip on
 * included) around the rendered site, every path private to `dir`, and a self-signed
 * certificate for localhost. The access log lines are `client "X-Forwarded-For" "request" status`.
 */
export async function startNginx(dir: string, ports: ProxyPorts) {
  if (!NGINX) throw new Error("nginx is not installed");
  const made = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  fs.mkdirSync(path.join(dir, "acme"), { recursive: true });
  const siteFile = path.join(dir, "site.conf");
  fs.writeFileSync(siteFile, renderSiteConfig(dir, ports));
  // As root, the workers would otherwise run as nobody and could not use the private paths.
  const runningAsRoot = process.getuid?.() === 0;
  const mainFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    mainFile,
    `${runningAsRoot ? "user root;" : ""}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  gzip on;
  log_format forwarded '$remote_addr "$http_x_forwarded_for" "$request" $status';
  access_log ${dir}/access.log forwarded;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteFile};
}
`,
  );
  const nginx = spawnCapturing(NGINX, [
    "-p",
    dir,
    "-c",
    mainFile,
    "-e",
    path.join(dir, "error.log"),
  ]);
  const { child, exited } = nginx;
  await waitForPort(ports.https).catch((error) => {
    child.kill("SIGKILL");
    throw new Error(`${error}: ${nginx.output()}`);
  });
  return {
    child,
    output: nginx.output,
    accessLog: () => fs.readFileSync(path.join(dir, "access.log"), "utf8"),
    /** Graceful stop (SIGQUIT); resolves when it has exited. */
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}
