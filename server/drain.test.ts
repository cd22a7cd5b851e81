import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { prepareDrain } from "./drain.js";

// The drain on SIGTERM (server/drain.js), over real sockets, one edge at a time: nothing the
// server accepted is reset, every request it has read is answered (keep-alive ones with
// `Connection: close`), idle connections close, the listener keeps accepting for a moment and
// then refuses. The whole server under a stream of requests: tests/e2e/server-drain.spec.ts.

const ACCEPT_MS = 400;
const IDLE_MS = 250;
const FIRST_REQUEST_MS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /fast, /slow?ms=N, /busy?ms=N (holds the event loop that long), /echo (answers how many body
 * bytes it read), /hang (never answers).
 */
function handler(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://x");
  if (url.pathname === "/busy") {
    busy(Number(url.searchParams.get("ms")));
    res.end("busy");
  } else if (url.pathname === "/slow") {
    setTimeout(() => res.end("slow"), Number(url.searchParams.get("ms")));
  } else if (url.pathname === "/echo") {
    let length = 0;
    req.on("data", (chunk: Buffer) => {
      length += chunk.length;
    });
    req.on("end", () => res.end(`got ${length}`));
  } else if (url.pathname !== "/hang") {
    res.end("fast");
  }
}

const servers: http.Server[] = [];
const sockets: net.Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function startServer(options: { forceMs?: number } = {}) {
  const server = http.createServer(handler);
  servers.push(server);
  const controller = prepareDrain(server, {
    acceptMs: ACCEPT_MS,
    idleMs: IDLE_MS,
    firstRequestMs: FIRST_REQUEST_MS,
    ...options,
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { server, port, drain: controller.drain };
}

type Answer = { status: number; headers: Record<string, string>; body: string };

/** A raw client connection: sends bytes as given, reads answers, tells how it ended. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  sockets.push(socket);
  let buffer = "";
  let error: string | undefined;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
  });
  socket.on("error", (e: NodeJS.ErrnoException) => {
    error = e.code ?? e.message;
  });
  const closed = new Promise<{ error: string | undefined; at: number }>((resolve) =>
    socket.on("close", () => resolve({ error, at: performance.now() })),
  );

  /** The next whole answer (every answer here has a Content-Length), or why none came. */
  async function answer(): Promise<Answer> {
    for (;;) {
      const end = buffer.indexOf("\r\n\r\n");
      if (end >= 0) {
        const [statusLine = "", ...lines] = buffer.slice(0, end).split("\r\n");
        const headers = Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(":");
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        const length = Number(headers["content-length"] ?? 0);
        if (buffer.length >= end + 4 + length) {
          const body = buffer.slice(end + 4, end + 4 + length);
          buffer = buffer.slice(end + 4 + length);
          return { status: Number(statusLine.split(" ")[1]), headers, body };
        }
      }
      if (socket.destroyed) throw new Error(`no answer: the connection ended (${error})`);
      // (an error rejects these; the next turn reports it)
      await Promise.race([once(socket, "data"), once(socket, "close")]).catch(() => undefined);
    }
  }

  return {
    socket,
    closed,
    send: (text: string) => socket.write(text),
    get: async (path: string) => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      return answer();
    },
    answer,
  };
}

/** Resolves once the server has accepted a connection. */
const accepted = (server: http.Server) => once(server, "connection");

/** Blocks the event loop for `ms`: connections made meanwhile wait in the kernel's accept queue. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the server is rendering a page
  }
}

/** Three clients that connect and send a request while the server is busy, as under load. */
async function connectWhileBusy(port: number, path = "/fast") {
  const clients = [connect(port), connect(port), connect(port)];
  for (const client of clients) client.send(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  // net.connect() connects on the next tick; the server reads nothing before the busy spell ends.
  await new Promise((resolve) => process.nextTick(resolve));
  busy(100);
  return clients;
}

describe("Node's own close (why server/drain.js exists)", () => {
  it("resets the connections waiting to be accepted when the listener closes", async () => {
    const { server, port } = await startServer();
    const clients = await connectWhileBusy(port);
    server.close();
    for (const client of clients) {
      await expect(client.answer()).rejects.toThrow(/no answer/);
      expect((await client.closed).error).toMatch(/ECONNRESET|EPIPE/);
    }
  });

  it("drops an idle keep-alive connection whose next request is on its way", async () => {
    const { server, port } = await startServer();
    const client = connect(port);
    expect((await client.get("/fast")).status).toBe(200);
    client.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    server.close();
    await expect(client.answer()).rejects.toThrow(/no answer/);
  });
});

describe("the drain", () => {
  it("answers the connections waiting to be accepted when it begins", async () => {
    const { port, drain } = await startServer();
    const clients = await connectWhileBusy(port);
    const drained = drain();
    for (const client of clients) {
      const answer = await client.answer();
      expect(answer).toMatchObject({ status: 200, body: "fast" });
      expect(answer.headers.connection).toBe("close");
      expect((await client.closed).error).toBeUndefined();
    }
    expect(await drained).toMatchObject({ accepted: 3, answered: 3 });
  });

  it("answers a keep-alive request in flight with Connection: close, then closes it", async () => {
    const { server, port, drain } = await startServer();
    const client = connect(port);
    expect((await client.get("/fast")).headers.connection).toBe("keep-alive");
    const slow = client.get("/slow?ms=300");
    await once(server, "request");
    const drained = drain();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, body: "slow" });
    expect(answer.headers.connection).toBe("close");
    expect((await client.closed).error).toBeUndefined();
    expect(await drained).toMatchObject({ answered: 1, forced: 0 });
  });

  it("answers the next request of a keep-alive client that comes just after it begins", async () => {
    const { port, drain } = await startServer();
    const client = connect(port);
    expect((await client.get("/fast")).status).toBe(200);
    // The connection is idle in Node's eyes now: closeIdleConnections() would drop it.
    const drained = drain();
    await sleep(30);
    const answer = await client.get("/fast");
    expect(answer).toMatchObject({ status: 200, body: "fast" });
    expect(answer.headers.connection).toBe("close");
    expect((await client.closed).error).toBeUndefined();
    await drained;
  });

  it("answers a connection accepted just before it whose request comes after", async () => {
    const { server, port, drain } = await startServer();
    const client = connect(port);
    await accepted(server);
    const drained = drain();
    await sleep(30);
    const answer = await client.get("/fast");
    expect(answer).toMatchObject({ status: 200, body: "fast" });
    expect(answer.headers.connection).toBe("close");
    expect((await client.closed).error).toBeUndefined();
    expect(await drained).toMatchObject({ answered: 1, closedIdle: 0 });
  });

  it("waits longer for a new connection's first request than for a keep-alive's next", async () => {
    const { server, port, drain } = await startServer();
    const slowClient = connect(port);
    await accepted(server);
    const silent = connect(port);
    await accepted(server);
    const began = performance.now();
    const drained = drain();
    // A client on a busy machine: its request comes well after its connect.
    await sleep(IDLE_MS + 150);
    const answer = await slowClient.get("/fast");
    expect(answer).toMatchObject({ status: 200, body: "fast" });
    expect((await slowClient.closed).error).toBeUndefined();
    // One that never sends (a browser's preconnect) is closed once its time is up.
    const silentClosed = await silent.closed;
    expect(silentClosed.error).toBeUndefined();
    expect(silentClosed.at - began).toBeGreaterThanOrEqual(FIRST_REQUEST_MS - 50);
    expect(await drained).toMatchObject({ answered: 1, closedIdle: 1 });
  });

  it("closes a long-idle connection at once, and a just-used one once it has been idle", async () => {
    const { port, drain } = await startServer();
    const parked = connect(port);
    expect((await parked.get("/fast")).status).toBe(200);
    await sleep(IDLE_MS + 100);
    const justUsed = connect(port);
    expect((await justUsed.get("/fast")).status).toBe(200);

    const began = performance.now();
    const drained = drain();
    const parkedClosed = await parked.closed;
    expect(parkedClosed.error).toBeUndefined();
    expect(parkedClosed.at - began).toBeLessThan(IDLE_MS);
    const justUsedClosed = await justUsed.closed;
    expect(justUsedClosed.error).toBeUndefined();
    // Given its idle time: a client that was about to send had the time to.
    expect(justUsedClosed.at - began).toBeGreaterThanOrEqual(IDLE_MS - 50);
    // Both idle connections gone before the listener closed: the drain ends with it.
    const summary = await drained;
    expect(summary).toMatchObject({ closedIdle: 2, answered: 0, forced: 0 });
    expect(summary.ms).toBeLessThan(ACCEPT_MS + 1_000);
  });

  it("keeps accepting for a moment, answering with Connection: close, then refuses", async () => {
    const { port, drain } = await startServer();
    const drained = drain();
    await sleep(ACCEPT_MS / 4);
    const late = connect(port);
    const answer = await late.get("/fast");
    expect(answer).toMatchObject({ status: 200, body: "fast" });
    expect(answer.headers.connection).toBe("close");
    expect((await late.closed).error).toBeUndefined();
    expect(await drained).toMatchObject({ accepted: 1, answered: 1 });

    const refused = connect(port);
    expect((await refused.closed).error).toBe("ECONNREFUSED");
  });

  it("answers the connections that waited while it was busy as the accept window ended", async () => {
    const { port, drain } = await startServer();
    const drained = drain();
    await sleep(ACCEPT_MS - 40);
    // Busy across the end of the window, so that the loop's next turn starts with the window's
    // timer, before it accepts anything: these wait in the kernel's queue meanwhile.
    const clients = await new Promise<Awaited<ReturnType<typeof connectWhileBusy>>>((resolve) =>
      setImmediate(() => resolve(connectWhileBusy(port))),
    );
    for (const client of clients) {
      expect(await client.answer()).toMatchObject({ status: 200, body: "fast" });
      expect((await client.closed).error).toBeUndefined();
    }
    expect(await drained).toMatchObject({ accepted: 3, answered: 3 });
  });

  it("closes the listener only once every waiting connection is accepted, however slow", async () => {
    const { server, port, drain } = await startServer();
    const slowRequest = connect(port);
    await accepted(server);
    const drained = drain();
    await sleep(ACCEPT_MS - 40);
    // In one turn of the loop, as the window ends: three connections wait in the kernel's queue
    // and a request that holds the loop longer than the listener's quiet time arrives after
    // them. Node accepts one connection per turn, then runs the request: the queue is not empty
    // although the last accept was long ago.
    const clients = await new Promise<ReturnType<typeof connect>[]>((resolve) =>
      setImmediate(() => {
        const waiting = [connect(port), connect(port), connect(port)];
        for (const client of waiting) client.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
        process.nextTick(() => {
          slowRequest.send("GET /busy?ms=200 HTTP/1.1\r\nHost: x\r\n\r\n");
          busy(100);
          resolve(waiting);
        });
      }),
    );
    expect(await slowRequest.answer()).toMatchObject({ status: 200, body: "busy" });
    for (const client of clients) {
      expect(await client.answer()).toMatchObject({ status: 200, body: "fast" });
      expect((await client.closed).error).toBeUndefined();
    }
    expect(await drained).toMatchObject({ accepted: 3, answered: 4 });
  });

  it("keeps accepting while connections keep arriving, up to twice its window", async () => {
    const { server, port, drain } = await startServer();
    const began = performance.now();
    const drained = drain();
    const answers: Promise<Answer>[] = [];
    let listenerClosedAt = 0;
    server.once("close", () => {
      listenerClosedAt = performance.now();
    });
    // A new connection every 50 ms, past the end of the window, until one is refused.
    for (;;) {
      const client = connect(port);
      const answer = client.get("/fast");
      const ended = await answer.then(
        () => "answered",
        () => client.closed,
      );
      if (ended !== "answered") {
        expect(ended).toMatchObject({ error: "ECONNREFUSED" });
        break;
      }
      answers.push(answer);
      await sleep(50);
    }
    const refusedAt = performance.now() - began;
    expect(refusedAt).toBeGreaterThan(ACCEPT_MS + 100);
    expect(refusedAt).toBeLessThan(2 * ACCEPT_MS + 500);
    for (const answer of await Promise.all(answers)) expect(answer.status).toBe(200);
    const summary = await drained;
    expect(summary.accepted).toBe(answers.length);
    expect(listenerClosedAt - began).toBeGreaterThanOrEqual(2 * ACCEPT_MS - 20);
  });

  it("closes the listener soon after the connections stop coming", async () => {
    const { server, port, drain } = await startServer();
    const began = performance.now();
    const drained = drain();
    await sleep(ACCEPT_MS - 50);
    expect((await connect(port).get("/fast")).status).toBe(200);
    const lastAt = performance.now();
    await once(server, "close");
    const closedAt = performance.now();
    expect(closedAt - lastAt).toBeGreaterThanOrEqual(100 - 20);
    expect(closedAt - began).toBeLessThan(2 * ACCEPT_MS);
    await drained;
  });

  it("answers a request whose body is still arriving after the listener has closed", async () => {
    const { server, port, drain } = await startServer();
    const client = connect(port);
    client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n12345");
    await once(server, "request");
    const drained = drain();
    await sleep(ACCEPT_MS + 300);
    expect(server.listening).toBe(false);
    client.send("67890");
    const answer = await client.answer();
    expect(answer).toMatchObject({ status: 200, body: "got 10" });
    expect(answer.headers.connection).toBe("close");
    const answeredAt = performance.now();
    expect((await client.closed).error).toBeUndefined();
    expect(await drained).toMatchObject({ answered: 1, forced: 0 });
    // It waited for that answer, and not much longer.
    expect(performance.now() - answeredAt).toBeLessThan(1_000);
  });

  it("closes what is still open after its time limit", async () => {
    const { server, port, drain } = await startServer({ forceMs: ACCEPT_MS + 200 });
    const client = connect(port);
    client.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n");
    await once(server, "request");
    const summary = await drain();
    expect(summary).toMatchObject({ forced: 1, answered: 0 });
    await client.closed;
  });

  it("is one drain however often it is asked", async () => {
    const { port, drain } = await startServer();
    const first = drain();
    expect(drain()).toBe(first);
    await first;
    expect((await connect(port).closed).error).toBe("ECONNREFUSED");
  });
});
