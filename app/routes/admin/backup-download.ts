import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { requireAdmin } from "~/auth/session.server";
import { BACKUP_FILE_PATTERN } from "~/backup/backup-format.server";
import { BACKUP_MESSAGES } from "~/backup/backup-messages";
import { getEnv } from "~/env.server";
import { notFound } from "~/http/responses.server";
import { logger } from "~/log/logger.server";
import type { Route } from "./+types/backup-download";

// GET /admin/backups/<file name>: one backup file, for super admins only. The name must be a
// backup's (so no other file of the directory, and no path); each download is logged with who
// took it, since the file holds every account's data.

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  if (!actor.isSuperAdmin) {
    throw new Response(BACKUP_MESSAGES.superAdminsOnly, { status: 403 });
  }
  const name = args.params.name;
  if (!BACKUP_FILE_PATTERN.test(name)) notFound();
  const file = path.join(getEnv().backupDir, name);
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    notFound();
  }
  logger.info({ adminId: actor.id, file }, "A super admin downloaded a backup");
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(stat.size),
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
