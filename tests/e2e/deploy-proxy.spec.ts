import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import {
  freePort,
  NGINX,
  type SpawnedServer,
  startNginx,
  startServer,
  waitForHealth,
} from "./spawn-server";
import { expect, test } from "./test";

// The site as deployed (docs/operations.md, "Deploying"): nginx with deploy/nginx.conf itself (only its
// ports, server name and certificate paths replaced) in front of the production server, over
// HTTPS with a self-signed certificate. Checks what only shows through the proxy: HTTP/2, HSTS,
// Secure cookies, one compression, the cache headers of build files and photos, and the client
// address the rate limits count (the real one, not the proxy's, and not one the client wrote
// into X-Forwarded-For itself).
//
// Clients connect from 127.0.0.2 and 127.0.0.3 (all of 127/8 is loopback on Linux) while nginx
// reaches the site from 127.0.0.1, so the three addresses tell apart who the site counted.

test.skip(!NGINX, "nginx is not installed (apt-get install nginx)");
test.skip(spawnSync("openssl", ["version"]).status !== 0, "openssl is not installed");
test.skip(Boolean(process.env.DATABASE_URL), "runs the site on an embedded database of its own");
test.describe.configure({ mode: "serial" });

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let dir = "";
let app: SpawnedServer | undefined;
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
let httpsPort = 0;
let httpPort = 0;
let origin = "";
let downPort = 0;

/** One HTTPS request through nginx (HTTP/1.1), from `from` (a loopback address). */
function viaProxy(
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        servername: "localhost",
        path: pathname,
        method: options.method ?? "GET",
        localAddress: options.from ?? "127.0.0.2",
        rejectUnauthorized: false,
        agent: false,
        headers: { host: `localhost:${httpsPort}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

/** A contact message posted as a browser without JavaScript would (Origin included). */
function sendContactMessage(from: string, forwardedFor: string) {
  const body = new URLSearchParams({
    name: "Proxy Test",
    email: "proxy.test@example.ng",
    subject: "Behind nginx",
    message: "Counted per address behind the proxy.",
  }).toString();
  return viaProxy("/contact", {
    method: "POST",
    from,
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "x-forwarded-for": forwardedFor,
    },
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-proxy-"));
  const appPort = await freePort();
  httpsPort = await freePort();
  httpPort = await freePort();
  origin = `https://localhost:${httpsPort}`;

  // The site as deploy/'s env file sets it up: behind one proxy, at an https address.
  app = startServer(path.join(dir, "data"), appPort, {
    SITE_URL: origin,
    TRUST_PROXY: "1",
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
  });
  // A second instance that is down (nothing listens on its port), as during a rolling restart:
  // every request nginx tries there must go on to the one that answers.
  downPort = await freePort();
  nginx = await startNginx(dir, {
    https: httpsPort,
    http: httpPort,
    upstreams: [downPort, appPort],
  });
  await waitForHealth(appPort, 150_000).catch((error) => {
    throw new Error(`${error}\n${app?.output()}`);
  });
});

test.afterAll(async () => {
  const stopped: Promise<unknown>[] = [];
  if (nginx) stopped.push(nginx.stop());
  if (app && app.child.exitCode === null) {
    stopped.push(app.exited);
    app.child.kill("SIGTERM");
  }
  await Promise.all(stopped);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test("HTTPS over HTTP/2 with HSTS; plain HTTP is sent to HTTPS", async () => {
  const session = http2.connect(`https://127.0.0.1:${httpsPort}`, {
    servername: "localhost",
    rejectUnauthorized: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once("connect", () => resolve());
      session.once("error", reject);
    });
    expect(session.alpnProtocol).toBe("h2");
    const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
      const stream = session.request({ ":path": "/", ":authority": `localhost:${httpsPort}` });
      stream.once("response", (h) => {
        resolve(h);
        stream.resume();
      });
      stream.once("error", reject);
      stream.end();
    });
    expect(headers[":status"]).toBe(200);
    // Sent once, by the site (not by nginx as well).
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers.server).toBe("nginx");
  } finally {
    session.close();
  }

  const redirect = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        {
          host: "127.0.0.1",
          port: httpPort,
          path: "/properties?city=Lagos",
          headers: { host: "localhost" },
        },
        (response) => {
          response.resume();
          resolve(response);
        },
      )
      .on("error", reject);
  });
  expect(redirect.statusCode).toBe(301);
  expect(redirect.headers.location).toBe("https://localhost/properties?city=Lagos");
});

test("a page, a build file and a photo: compressed once, cached as the site says", async () => {
  const page = await viaProxy("/", { headers: { "accept-encoding": "gzip" } });
  expect(page.status).toBe(200);
  expect(page.headers["content-encoding"]).toBe("gzip");
  // One gunzip gives the HTML: nothing compressed it a second time.
  const html = zlib.gunzipSync(page.body).toString("utf8");
  expect(html).toContain("<!DOCTYPE html>");
  expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

  const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  expect(script, "a hashed script on the home page").toBeTruthy();
  const asset = await viaProxy(script as string, { headers: { "accept-encoding": "gzip" } });
  expect(asset.status).toBe(200);
  expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers["content-encoding"]).toBe("gzip");
  // Not gzip inside gzip (1f8b: gzip's magic number).
  expect(zlib.gunzipSync(asset.body).subarray(0, 2).toString("hex")).not.toBe("1f8b");

  const photo = /\/media\/[^"'\s?]+/.exec(html)?.[0];
  expect(photo, "a photo on the home page").toBeTruthy();
  const media = await viaProxy(`${photo}?w=320`);
  expect(media.status).toBe(200);
  expect(media.headers["content-type"]).toMatch(/^image\//);
  expect(media.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

  // A file that is not hashed: an hour.
  const favicon = await viaProxy("/favicon.svg");
  expect(favicon.status).toBe(200);
  expect(favicon.headers["cache-control"]).toBe("public, max-age=3600");
});

test("signing in through the proxy sets a Secure session cookie", async () => {
  const signIn = await viaProxy("/signin", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({
      email: "customer@naijahomes.ng",
      password: "customer-demo-2024",
      redirectTo: "/dashboard",
    }).toString(),
  });
  expect(signIn.status, signIn.body.toString("utf8").slice(0, 500)).toBe(302);
  const cookies = signIn.headers["set-cookie"] ?? [];
  const session = cookies.find((c) => c.startsWith("__Secure-better-auth.session_token="));
  expect(session, cookies.join("\n")).toBeTruthy();
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*HttpOnly/i);
  // Every cookie the site sets over HTTPS is Secure (the flash toast's too).
  for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
});

test("an instance that is down is skipped: every request is answered by the other", async () => {
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => viaProxy(i % 2 ? "/about" : "/contact")),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
  // nginx did try the stopped one (round robin), then passed each request on.
  const errors = fs.readFileSync(path.join(dir, "error.log"), "utf8");
  expect(errors).toContain("connect() failed (111: Connection refused)");
  expect(errors).toContain(`127.0.0.1:${downPort}`);
  expect(errors).not.toContain("no live upstreams");
});

test("rate limits count the client's own address, whatever X-Forwarded-For it sends", async () => {
  // Ten messages are allowed per address and form; each forges another address in front.
  for (let i = 1; i <= 10; i++) {
    const sent = await sendContactMessage("127.0.0.2", `203.0.113.${i}`);
    expect(sent.status, `message ${i}`).toBe(200);
  }
  const eleventh = await sendContactMessage("127.0.0.2", "198.51.100.7");
  expect(eleventh.status).toBe(429);
  expect(eleventh.headers["retry-after"]).toMatch(/^\d+$/);

  // Another client (another address) is not affected: the site did not count the proxy's own
  // address (127.0.0.1, the same for everyone) either.
  const other = await sendContactMessage("127.0.0.3", "127.0.0.2");
  expect(other.status).toBe(200);

  // What nginx saw and forwarded, for the record.
  expect(nginx?.accessLog()).toContain('127.0.0.2 "198.51.100.7" "POST /contact HTTP/1.1" 429');
});

test("while the site restarts, nginx answers its own page that reloads itself", async () => {
  app?.child.kill("SIGTERM");
  expect(await app?.exited).toBe(0);
  const restarting = await viaProxy("/properties");
  expect(restarting.status).toBe(502);
  expect(restarting.headers["retry-after"]).toBe("5");
  expect(restarting.headers["cache-control"]).toBe("no-store");
  expect(restarting.body.toString("utf8")).toContain("Back in a moment");
});
