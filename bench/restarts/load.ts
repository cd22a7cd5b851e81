// The load of bench/restarts/run.ts: HTTPS clients through nginx sending pages, a signed-in POST
// and signed-out bookings back to back, and what they got.

import crypto from "node:crypto";
import https from "node:https";
import { TIME_SLOTS } from "../../app/lib/appointment-rules";
import { openDayFromToday } from "../../tests/setup/dates";

const DEMO_CUSTOMER = { email: "customer@naijahomes.ng", password: "customer-demo-2024" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- HTTPS through nginx ---------------------------------------------------------------------

/** nginx's HTTPS port, set once nginx has started. */
export const proxy = { port: 0 };
const agent = new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false });

/** Closes the kept-alive connections, so the bench can exit. */
export function closeConnections() {
  agent.destroy();
}

export type Reply = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

/** One connection per request, for the bookings: each from a loopback address of its own. */
const oneShot = new https.Agent({ keepAlive: false, rejectUnauthorized: false });

/**
 * Requests sent again because nginx closed the kept-alive connection they went out on before
 * answering anything: what browsers do (and Node's documentation advises, `reusedSocket`). An
 * nginx worker closes its idle keep-alive connections when a reload retires it; a request that
 * crossed that close was never read, so sending it again is safe, POSTs included.
 */
export const resentOnClosedConnection = { count: 0 };

export async function viaProxy(
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
  } = {},
): Promise<Reply> {
  try {
    return await sendOnce(pathname, options);
  } catch (error) {
    if (!(error instanceof ClosedBeforeAnswer)) throw error;
    resentOnClosedConnection.count++;
    return sendOnce(pathname, options);
  }
}

class ClosedBeforeAnswer extends Error {}

function sendOnce(pathname: string, options: Parameters<typeof viaProxy>[1] & {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = https.request(
      {
        host: "127.0.0.1",
        port: proxy.port,
        servername: "localhost",
        path: pathname,
        method: options.method ?? "GET",
        agent: options.localAddress ? oneShot : agent,
        localAddress: options.localAddress,
        timeout: 60_000,
        headers: { host: `localhost:${proxy.port}`, "accept-encoding": "gzip", ...options.headers },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("latin1"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error: NodeJS.ErrnoException) => {
      const closedUnderIt = request.reusedSocket && !answered && error.code === "ECONNRESET";
      reject(closedUnderIt ? new ClosedBeforeAnswer(error.message) : error);
    });
    request.end(options.body);
  });
}

export async function signIn() {
  const response = await viaProxy("/signin", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: `https://localhost:${proxy.port}`,
    },
    body: new URLSearchParams({ ...DEMO_CUSTOMER, redirectTo: "/dashboard" }).toString(),
  });
  const cookies = [response.headers["set-cookie"] ?? []].flat();
  const cookie = cookies
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.includes("session_token") && !c.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed (${response.status})`);
  return cookie;
}

// --- Load ---------------------------------------------------------------------------------------

export type Sent = { kind: string; start: number; end: number; status: number; error?: string };

export type Load = { sent: Sent[]; inFlight: () => number; stop: () => Promise<void> };

export type Target = { kind: string; send: () => Promise<Reply> };

/** `connections` loops, each sending the next target as soon as the last one answered. */
export function runLoad(targets: Target[], connections: number): Load {
  const sent: Sent[] = [];
  let running = true;
  let inFlight = 0;
  let next = 0;
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      const target = targets[next++ % targets.length] as Target;
      const start = performance.now();
      inFlight++;
      try {
        const reply = await target.send();
        sent.push({ kind: target.kind, start, end: performance.now(), status: reply.status });
        // No tight loop on nginx's immediate 502 while nothing is up (the embedded restart).
        if (reply.status >= 500) await sleep(20);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        sent.push({ kind: target.kind, start, end: performance.now(), status: 0, error: message });
        await sleep(20);
      } finally {
        inFlight--;
      }
    }
  });
  return {
    sent,
    inFlight: () => inFlight,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

export const lost = (s: Sent) => s.status === 0 || s.status >= 500;

export function summary(sent: Sent[]) {
  const byStatus: Record<string, number> = {};
  for (const s of sent) {
    const key = s.status === 0 ? `error (${s.error})` : String(s.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  const times = sent.map((s) => s.end - s.start).sort((a, b) => a - b);
  return {
    requests: sent.length,
    lost: sent.filter(lost).length,
    byStatus,
    p50Ms: Math.round(times[Math.floor(times.length * 0.5)] ?? 0),
    p99Ms: Math.round(times[Math.floor(times.length * 0.99)] ?? 0),
    maxMs: Math.round(times.at(-1) ?? 0),
  };
}

/**
 * Signed-out bookings (`POST /book-appointment`), each from a loopback address of its own (nginx
 * forwards it; the site counts its per-address limit on it), named so the database can be asked
 * afterwards which were stored: every booking the site acknowledged must be there.
 */
export function bookingTarget(tag: string) {
  const acknowledged = new Set<string>();
  const refused: string[] = [];
  const date = openDayFromToday(3);
  const time = TIME_SLOTS[0] ?? "";
  let n = 0;
  const target: Target = {
    kind: "POST /book-appointment (signed out)",
    send: async () => {
      n++;
      const fullName = `Restart ${tag} No${String(n).padStart(5, "0")}`;
      const reply = await viaProxy("/book-appointment", {
        method: "POST",
        localAddress: `127.${1 + Math.floor(n / 65536)}.${Math.floor(n / 256) % 256}.${n % 256}`,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: `https://localhost:${proxy.port}`,
        },
        body: new URLSearchParams({
          fullName,
          email: `restart-${tag}-${n}@example.com`,
          phone: "0803 123 4567",
          appointmentDate: date,
          appointmentTime: time,
          propertyType: "Apartment",
          propertyLocation: "Lekki, Lagos",
          purpose: "rent",
          message: "Booked during a rolling restart",
        }).toString(),
      });
      // Booked: the redirect back to the form with the confirmation (a refusal answers 400/429).
      if (reply.status === 302 && String(reply.headers.location).startsWith("/book-appointment")) {
        acknowledged.add(fullName);
      } else if (reply.status < 500) {
        refused.push(`${reply.status}: ${reply.body.slice(0, 120)}`);
      }
      return reply;
    },
  };
  return { target, acknowledged, refused };
}

export async function pageTargets(signedInCookie?: string): Promise<Target[]> {
  const home = await viaProxy("/", { headers: { "accept-encoding": "identity" } });
  const asset = /\/assets\/[\w.-]+\.js/.exec(home.body)?.[0];
  const photo = /\/media\/[^"'\s?]+/.exec(home.body)?.[0];
  const property = /href="\/property\/([\w-]+)"/.exec(home.body)?.[1];
  if (!asset || !photo || !property) throw new Error("the home page lacks an asset, photo or link");
  const targets: Target[] = [
    { kind: "GET / (cached page)", send: () => viaProxy("/") },
    {
      kind: "GET /properties?q= (uncached search)",
      send: () => viaProxy(`/properties?q=${crypto.randomBytes(3).toString("hex")}`),
    },
    { kind: "GET property page", send: () => viaProxy(`/property/${property}`) },
    { kind: "GET /assets/*.js", send: () => viaProxy(asset) },
    { kind: "GET /media/* photo", send: () => viaProxy(`${photo}?w=320`) },
  ];
  if (signedInCookie) {
    let add = true;
    targets.push(
      {
        kind: "GET /dashboard (signed in)",
        send: () => viaProxy("/dashboard", { headers: { cookie: signedInCookie } }),
      },
      {
        kind: "POST /favorites (signed in)",
        send: () => {
          add = !add;
          return viaProxy("/favorites", {
            method: "POST",
            headers: {
              cookie: signedInCookie,
              "content-type": "application/x-www-form-urlencoded",
              origin: `https://localhost:${proxy.port}`,
            },
            body: new URLSearchParams({
              propertyId: property,
              intent: add ? "add" : "remove",
              js: "1",
            }).toString(),
          });
        },
      },
    );
  }
  return targets;
}
