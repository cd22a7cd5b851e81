import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { runBackup } from "./backup-jobs.server";

// How `npm run backup` reaches a running server: a Unix socket in DATA_DIR (mode 0600), so only
// the account that runs the site can use it and nothing of it is on the network. The embedded
// database belongs to the server's process (the directory lock), so the command asks the server
// to take the backup instead of opening the database itself.
//
//   POST /backup           the server backs up into BACKUP_DIR; answers the file and manifest
//   POST /backup?stream=1  the archive itself, for `npm run backup -- --out FILE`
//   GET  /readyz           the readiness checks with their reasons (JSON; 200 when ready or
//                          degraded, 503 when not ready), which
//                          the public /readyz tells only a caller with the metrics token

export const CONTROL_SOCKET = "control.sock";
/** Linux's limit on a socket's path (sun_path), with its terminating NUL. */
const MAX_SOCKET_PATH = 107;

export function controlSocketPath(dataDir: string) {
  return path.join(dataDir, CONTROL_SOCKET);
}

/**
 * What the socket answers besides backups, handed in by the server: the readiness checks and
 * the status they answer with (readyzAnswer) live in the metrics layer, above this one.
 */
export type ControlSocketAnswers = {
  readiness: () => Promise<{ readiness: { status: string }; httpStatus: number }>;
};

let server: http.Server | undefined;

async function handle(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  answers: ControlSocketAnswers,
) {
  const url = new URL(request.url ?? "/", "http://control");
  if (request.method === "GET" && url.pathname === "/readyz") {
    const { readiness, httpStatus } = await answers.readiness();
    response.writeHead(httpStatus, { "Content-Type": "application/json" });
    response.end(JSON.stringify(readiness));
    return;
  }
  if (request.method !== "POST" || url.pathname !== "/backup") {
    response.writeHead(404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: "Unknown request" }));
    return;
  }
  const streamed = url.searchParams.get("stream") === "1";
  const outFile = streamed
    ? path.join(getEnv().backupDir, `.for-command-${crypto.randomBytes(6).toString("hex")}.tar.gz`)
    : undefined;
  try {
    const result = await runBackup("command", { outFile });
    if (!outFile) {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(result));
      return;
    }
    response.writeHead(200, {
      "Content-Type": "application/gzip",
      "Content-Length": String(result.bytes),
    });
    const file = fs.createReadStream(outFile);
    // A read that fails cuts the answer short (the command sees fewer bytes than announced);
    // unhandled, the stream's error would be thrown and stop the server.
    file.on("error", (error) => {
      logger.error({ err: error }, "Sending a backup through the control socket failed");
      response.destroy();
    });
    file.pipe(response);
    await new Promise<void>((resolve) => {
      response.on("close", resolve);
    });
  } catch (error) {
    if (!response.headersSent) {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({ error: error instanceof Error ? error.message : String(error) }),
      );
    } else {
      response.destroy();
    }
  } finally {
    if (outFile) fs.rmSync(outFile, { force: true });
  }
}

/** Listens on DATA_DIR/control.sock (the caller holds the data directory's lock). */
export async function startControlSocket(dataDir: string, answers: ControlSocketAnswers) {
  const socket = controlSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    logger.warn(
      { socket },
      "DATA_DIR's path is too long for the control socket: npm run backup cannot reach this server; use the Backups screen",
    );
    return;
  }
  // Left by a server that did not stop cleanly: this process holds the lock now.
  fs.rmSync(socket, { force: true });
  const listening = http.createServer((request, response) => {
    handle(request, response, answers).catch((error) => {
      logger.error({ err: error }, "The control socket's request failed");
    });
  });
  await new Promise<void>((resolve, reject) => {
    listening.once("error", reject);
    listening.listen(socket, () => resolve());
  });
  fs.chmodSync(socket, 0o600);
  listening.unref();
  server = listening;
}

export async function stopControlSocket() {
  const closing = server;
  server = undefined;
  if (!closing) return;
  await new Promise<void>((resolve) => closing.close(() => resolve()));
}
