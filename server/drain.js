// The drain on SIGTERM (issue 44, item 5): every request the server has read is answered, and no
// connection it accepted is reset. server/main.js calls prepareDrain() on its listener at start
// and drain() on SIGTERM, then closes the database once drain() has resolved.
//
// What the plain shutdown (closeIdleConnections(), then http.Server.close()) got wrong, and what
// this does instead (server/drain.test.ts shows the first two):
// - Closing the listener at once resets every connection waiting in the kernel's accept queue:
//   from the client's side they were accepted, and on a busy server (the event loop rendering a
//   page) several wait. With a new connection per request, 5 of 8 requests in flight were reset.
//   Here the listener keeps accepting, and answering, for `acceptMs` while /readyz says
//   "draining" (server/app.ts), so a proxy that checks it stops sending first; then it closes
//   once the kernel's queue is empty and no connection has arrived for `quietMs` (twice
//   `acceptMs` at the most). Node accepts one connection per turn of the event loop, so on a busy
//   server the queue empties slowly. A connection completed in the very instant the listener
//   closes is still reset by the kernel: no server can prevent that, only a client that has
//   stopped sending (docs/operations.md, "Stopping").
// - closeIdleConnections() destroys a keep-alive connection between two requests at once, even
//   when its next request is already on its way (ECONNRESET). Here a connection between two
//   requests is closed once nothing has arrived on it for `idleMs` (one idle since before the
//   drain closes at once), and a new one that has sent nothing yet after `firstRequestMs`: a
//   client on a loaded machine took most of a second from its connect to its request. Both are
//   judged after the event loop has read what the kernel holds.
// - A keep-alive connection was never told to close, so a busy client kept it open until the
//   forced close (10 s, every time). Here every answer given during the drain says
//   `Connection: close` (one whose headers were already sent is followed by the idle rule).
// - A request whose headers were read is answered, its body still arriving included, however
//   long the listener has been closed, up to `forceMs`.

import net from "node:net";

/**
 * How long the listener keeps accepting after SIGTERM, answering with `Connection: close`; while
 * connections keep arriving, up to twice as long.
 */
export const DRAIN_ACCEPT_MS = 1_000;
/** The listener closes once no connection has arrived for this long (after DRAIN_ACCEPT_MS). */
export const DRAIN_QUIET_MS = 100;
/** A keep-alive connection between two requests, with nothing arriving for this long, is closed. */
export const DRAIN_IDLE_MS = 1_000;
/** A new connection that has sent nothing for this long is closed (a browser's preconnect). */
export const DRAIN_FIRST_REQUEST_MS = 2_000;
/** After this long, whatever is still open is closed (a request that never ends). */
export const DRAIN_FORCE_MS = 20_000;
/** How often the idle rule is checked while draining. */
const CHECK_EVERY_MS = 20;

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {{ ms: number, answered: number, accepted: number, closedIdle: number, forced: number }} DrainSummary
 *   What a drain did: its length, the requests answered and connections accepted after it began,
 *   the idle connections it closed, and the connections still open at the forced close.
 */

/**
 * Follows `server`'s connections and requests from now on; answers `drain()`, which stops the
 * server as the header says and resolves once its last connection has closed.
 *
 * @param {import("node:http").Server} server
 * @param {{ acceptMs?: number, quietMs?: number, idleMs?: number, firstRequestMs?: number, forceMs?: number }} [options]
 */
export function prepareDrain(server, options = {}) {
  const acceptMs = options.acceptMs ?? DRAIN_ACCEPT_MS;
  const quietMs = options.quietMs ?? DRAIN_QUIET_MS;
  const idleMs = options.idleMs ?? DRAIN_IDLE_MS;
  const firstRequestMs = options.firstRequestMs ?? DRAIN_FIRST_REQUEST_MS;
  const forceMs = options.forceMs ?? DRAIN_FORCE_MS;

  /**
   * Open connections: how many requests each has in progress and has had, and since when
   * nothing has arrived on it while none was (judged by its byte count: a request's first bytes
   * count).
   * @type {Map<import("node:net").Socket, { requests: number, served: number, quietSince: number, bytesRead: number }>}
   */
  const connections = new Map();
  /** @type {Set<import("node:http").ServerResponse>} Answers not finished yet. */
  const responses = new Set();
  let draining = false;
  let lastAcceptedAt = 0;
  let accepts = 0;
  const counts = { answered: 0, accepted: 0, closedIdle: 0, forced: 0 };

  server.on("connection", (socket) => {
    connections.set(socket, {
      requests: 0,
      served: 0,
      quietSince: performance.now(),
      bytesRead: socket.bytesRead,
    });
    lastAcceptedAt = performance.now();
    accepts++;
    if (draining) counts.accepted++;
    socket.once("close", () => connections.delete(socket));
  });

  // Before the app's own listener, so that an answer it sends at once says `Connection: close`.
  server.prependListener("request", (req, res) => {
    const connection = connections.get(req.socket);
    if (connection) {
      connection.requests++;
      connection.served++;
    }
    responses.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      responses.delete(res);
      if (draining && res.writableFinished) counts.answered++;
      if (!connection) return;
      connection.requests--;
      connection.quietSince = performance.now();
      connection.bytesRead = req.socket.bytesRead;
    });
  });

  /** Closes the connections with no request in progress that have been quiet long enough. */
  function closeIdleConnections() {
    const now = performance.now();
    /** @type {import("node:net").Socket[]} */
    const idle = [];
    for (const [socket, connection] of connections) {
      if (connection.requests > 0) continue;
      if (socket.bytesRead !== connection.bytesRead) {
        connection.bytesRead = socket.bytesRead;
        connection.quietSince = now;
      } else if (now - connection.quietSince >= (connection.served ? idleMs : firstRequestMs)) {
        idle.push(socket);
      }
    }
    if (idle.length === 0) return;
    // After the event loop's next read of the sockets: a request the kernel already holds has
    // begun by then (its bytes are counted), and its connection stays.
    setImmediate(() => {
      for (const socket of idle) {
        const connection = connections.get(socket);
        if (!connection || connection.requests > 0 || socket.bytesRead !== connection.bytesRead) {
          continue;
        }
        socket.destroy();
        counts.closedIdle++;
      }
    });
  }

  /** @type {Promise<DrainSummary> | undefined} */
  let drained;

  /**
   * Answers every request read, keeps accepting for `acceptMs` (see DRAIN_QUIET_MS), closes idle connections as they
   * become idle, and resolves once the last connection has closed (or `forceMs` has passed).
   * @returns {Promise<DrainSummary>}
   */
  function drain() {
    drained ??= (async () => {
      draining = true;
      const started = performance.now();
      for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
      closeIdleConnections();
      const sweep = setInterval(closeIdleConnections, CHECK_EVERY_MS);
      const force = setTimeout(() => {
        counts.forced = connections.size;
        for (const socket of connections.keys()) socket.destroy();
      }, forceMs);
      await sleep(acceptMs);
      for (;;) {
        // Node accepts one connection per turn of the event loop, and a timer fires before the
        // turn's accept: judge right after an accept was tried, and close only if it found none
        // (the kernel's queue was empty) and none has come for `quietMs`.
        const acceptsBefore = accepts;
        await new Promise((resolve) => setImmediate(resolve));
        const quietFor = accepts === acceptsBefore ? performance.now() - lastAcceptedAt : 0;
        if (quietFor >= quietMs || performance.now() - started >= 2 * acceptMs) break;
        await sleep(Math.max(CHECK_EVERY_MS, quietMs - quietFor));
      }
      // net.Server's close: stops listening and calls back once every connection has closed.
      // http.Server.close() would first destroy every connection without a request in progress.
      await new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
      clearInterval(sweep);
      clearTimeout(force);
      return { ms: Math.round(performance.now() - started), ...counts };
    })();
    return drained;
  }

  return { drain };
}
