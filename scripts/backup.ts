// npm run backup [-- --out FILE]: a backup of the embedded database and its photos (DATA_DIR),
// by default into BACKUP_DIR. With the server running, the server takes it (through its control
// socket in DATA_DIR) while it keeps answering; with no server, this command opens the database
// itself. For PostgreSQL (DATABASE_URL set), use pg_dump and the bucket's tools (docs/operations.md).
// The files it writes are private (umask 0027) whatever shell starts it: set first of all.
import "../server/private-umask.js";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type BackupResult, backupStoppedSite } from "~/backup/backup.server";
import { backupFileName } from "~/backup/backup-format.server";
import { mediaSourceOf } from "~/backup/backup-jobs.server";
import { controlSocketPath } from "~/backup/control-socket.server";
import { getEnv } from "~/env.server";

const USAGE = "Usage: npm run backup [-- --out FILE]";
const args = process.argv.slice(2);

function option(name: string) {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/** Asks the running server (undefined when none listens on the socket). */
function askServer(socketPath: string, stream: fs.WriteStream | undefined) {
  return new Promise<{ body: string; bytes?: number } | undefined>((resolve, reject) => {
    const request = http.request(
      { socketPath, method: "POST", path: stream ? "/backup?stream=1" : "/backup" },
      (response) => {
        if (response.statusCode !== 200 || !stream) {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => {
            if (response.statusCode === 200) return resolve({ body });
            const message = (JSON.parse(body || "{}") as { error?: string }).error;
            reject(new Error(`The server could not take the backup: ${message ?? body}`));
          });
          return;
        }
        const expected = Number(response.headers["content-length"]);
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        response.pipe(stream);
        stream.on("finish", () => {
          if (received !== expected) reject(new Error("The backup was cut short; try again."));
          else resolve({ body: "", bytes: received });
        });
        response.on("error", reject);
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    request.end();
  });
}

function report(file: string, bytes: number, started: number, how: string) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds} s, ${how}).`,
  );
}

try {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
  } else if (
    args.some((arg, i) => arg !== "--out" && args[i - 1] !== "--out") ||
    (args.includes("--out") && !option("--out"))
  ) {
    throw new Error(USAGE);
  } else {
    const env = getEnv();
    if (env.databaseUrl) {
      throw new Error(
        "DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md), not this command.",
      );
    }
    const given = option("--out");
    const started = performance.now();
    const socket = controlSocketPath(env.dataDir);
    if (given) {
      const out = path.resolve(given);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      const partial = `${out}.partial`;
      const stream = fs.createWriteStream(partial);
      let answer: Awaited<ReturnType<typeof askServer>>;
      try {
        answer = await askServer(socket, stream);
      } catch (error) {
        stream.destroy();
        fs.rmSync(partial, { force: true });
        throw error;
      }
      if (answer) {
        fs.renameSync(partial, out);
        report(out, answer.bytes ?? 0, started, "taken by the running server");
      } else {
        stream.destroy();
        fs.rmSync(partial, { force: true });
        const result = await backupStoppedSite({
          dataDir: env.dataDir,
          media: mediaSourceOf(env),
          outFile: out,
        });
        report(result.file, result.bytes, started, "the server was not running");
      }
    } else {
      const answer = await askServer(socket, undefined);
      if (answer) {
        const result = JSON.parse(answer.body) as BackupResult;
        report(result.file, result.bytes, started, "taken by the running server");
      } else {
        const result = await backupStoppedSite({
          dataDir: env.dataDir,
          media: mediaSourceOf(env),
          // Taken by hand: kept until a super admin deletes it (or BACKUP_KEEP_MANUAL_DAYS).
          outFile: path.join(env.backupDir, backupFileName(new Date(), "manual")),
        });
        report(result.file, result.bytes, started, "the server was not running");
      }
    }
  }
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
