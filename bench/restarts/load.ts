// The load of bench/restarts/run.ts: HTTPS clients through nginx sending pages, a signed-in POST
// and signed-out bookings back to back, and what they got.

import crypto from "node:crypto";
import http2 from "node:http2";
import net from "node:net";
import tls from "node:tls";
import { TIME_SLOTS } from "../../app/lib/appointment-rules";
import { openDayFromToday } from "../../tests/setup/dates";

const DEMO_CUSTOMER = { email: "customer@naijahomes.ng", password: "customer-demo-2024" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- HTTP/2 through nginx, as browsers talk to it -------------------------------------------

/** nginx's HTTPS port, set once nginx has started. */
export const proxy = { port: 0 };

export type Reply = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * Requests sent again, as browsers do, because nginx said it had not processed them: a worker
 * retired by a reload (deploy/upstream) ends its connections with GOAWAY naming the last stream
 * it took; a stream after it, or one refused, never reached the site. Counted, not hidden.
 */
export const resentOnClosedConnection = { count: 0 };

/** The page requests' connection (a browser's one connection per site), made again when closed. */
let shared: http2.ClientHttp2Session | undefined;

function connect(localAddress?: string) {
  const session = http2.connect(`https://localhost:${proxy.port}`, {
    createConnection: () =>
      tls.connect({
        socket: net.connect({ host: "127.0.0.1", port: proxy.port, localAddress }),
        servername: "localhost",
        rejectUnauthorized: false,
        ALPNProtocols: ["h2"],
      }),
  });
  session.on("error", () => {
    // Each stream reports its own failure.
  });
  session.on("goaway", (_code: number, lastStreamId: number) => {
    session.lastStreamId = lastStreamId;
  });
  return session;
}

declare module "node:http2" {
  interface ClientHttp2Session {
    /** The last stream nginx took, from its GOAWAY. */
    lastStreamId?: number;
  }
}

/** Closes the page requests' connection, so the bench can exit. */
export function closeConnections() {
  shared?.close();
  shared = undefined;
}

export async function viaProxy(
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** A connection of its own from this loopback address (the bookings), closed after. */
    localAddress?: string;
  } = {},
): Promise<Reply> {
  for (let attempt = 1; ; attempt++) {
    const own = options.localAddress ? connect(options.localAddress) : undefined;
    if (
      !own &&
      (!shared || shared.closed || shared.destroyed || shared.lastStreamId !== undefined)
    ) {
      shared = connect();
    }
    const session = own ?? (shared as http2.ClientHttp2Session);
    try {
      return await sendOnce(session, pathname, options);
    } catch (error) {
      if (!(error instanceof NotProcessed) || attempt >= 3) throw error;
      resentOnClosedConnection.count++;
    } finally {
      own?.close();
    }
  }
}

/** nginx said the request was not processed (refused, or after its GOAWAY's last stream). */
class NotProcessed extends Error {}

function sendOnce(
  session: http2.ClientHttp2Session,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    let stream: http2.ClientHttp2Stream;
    try {
      stream = session.request({
        ":method": options.method ?? "GET",
        ":path": pathname,
        "accept-encoding": "gzip",
        ...options.headers,
      });
    } catch (error) {
      // The session had its GOAWAY already: nothing was sent.
      reject(new NotProcessed(String(error)));
      return;
    }
    stream.setTimeout(60_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
    let status = 0;
    let headers: Reply["headers"] = {};
    const chunks: Buffer[] = [];
    stream.on("response", (response) => {
      answered = true;
      status = Number(response[":status"]);
      headers = response as Reply["headers"];
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    // Its failures are read from its close code below.
    stream.on("error", () => {});
    stream.on("end", () => {
      if (answered) resolve({ status, headers, body: Buffer.concat(chunks).toString("latin1") });
    });
    stream.on("close", () => {
      if (answered && stream.rstCode === http2.constants.NGHTTP2_NO_ERROR) return;
      if (answered) return reject(new Error(`reset after the answer began (${stream.rstCode})`));
      const refused = stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM;
      const afterGoaway =
        session.lastStreamId !== undefined && (stream.id ?? 0) > session.lastStreamId;
      const neverSent = stream.id === undefined;
      reject(
        refused || afterGoaway || neverSent
          ? new NotProcessed(`not processed (${stream.rstCode})`)
          : new Error(
              stream.rstCode === http2.constants.NGHTTP2_CANCEL
                ? "timed out"
                : `stream closed (${stream.rstCode})`,
            ),
      );
    });
    stream.end(options.body);
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
