import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { logger } from "~/log/logger.server";

// The secret that signs the session cookies (better-auth, app/auth/auth.server.ts) and the
// unsubscribe links (app/mail/unsubscribe-token.server.ts). It lives with auth but sits in a
// layer below the models and mail (the layer table in app/import-graph.test.ts places it), so
// both can read it without the mail layer importing auth.

const SECRET_FILE = "auth-secret";

/**
 * AUTH_SECRET when set; otherwise a random secret generated once into DATA_DIR/auth-secret
 * (readable by the owner only) and reused, so sessions survive restarts.
 */
export function resolveAuthSecret(env: {
  authSecret?: string | undefined;
  dataDir: string;
  databaseUrl?: string | undefined;
}) {
  if (env.authSecret) return env.authSecret;
  const file = path.join(env.dataDir, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  if (env.databaseUrl) {
    // Several instances against one PostgreSQL must share the secret, or each rejects the
    // others' cookies.
    logger.warn("AUTH_SECRET is not set: generated one for this instance only");
  }
  return secret;
}
