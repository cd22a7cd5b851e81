import path from "node:path";
import { z } from "zod";

// Configuration comes only from the environment, read and validated once (see .env.example).
const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off", ""])
  .transform((value) => ["1", "true", "yes", "on"].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: booleanFlag.optional(),
  SITE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z
    .string()
    .min(32, "AUTH_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How many reverse proxies stand in front of the server (0 = none: X-Forwarded-For is ignored).
  TRUST_PROXY: z
    .string()
    .regex(/^\d*$/, "TRUST_PROXY must be the number of trusted proxies (0, 1, 2...)")
    .optional()
    .transform((value) => Number(value || 0)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .min(3)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The anonymous page cache (app/page-cache/); default on in production only.
  PAGE_CACHE: booleanFlag.optional(),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  siteUrl: string;
  logLevel: string;
  /** Signs the session cookies; unset = generated once into DATA_DIR/auth-secret. */
  authSecret: string | undefined;
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are believed. */
  trustProxyHops: number;
  /** Unset: e-mail goes to the mail_outbox table and the log instead of an SMTP server. */
  smtpUrl: string | undefined;
  /** The From header of outgoing e-mail; unset = the company name at no-reply@naijahomes.ng. */
  mailFrom: string | undefined;
  /** Serve anonymous visitors' public pages from memory (app/page-cache/). */
  pageCache: boolean;
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // Demo data is on by default for the embedded database only; a real server must opt in.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    trustProxyHops: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    pageCache: e.PAGE_CACHE ?? e.NODE_ENV === "production",
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
