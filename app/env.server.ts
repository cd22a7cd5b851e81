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
  // Object storage for uploads (unset S3_BUCKET = the disk under DATA_DIR).
  S3_BUCKET: optionalText(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "S3_BUCKET must be a bucket name (a-z, 0-9, . and -)",
      ),
  ),
  S3_ENDPOINT: optionalText(
    z.url({ protocol: /^https?$/, error: "S3_ENDPOINT must be an http:// or https:// URL" }),
  ),
  S3_REGION: optionalText(
    z.string().regex(/^[a-z0-9-]+$/, "S3_REGION must be a region name like us-east-1"),
  ),
  S3_ACCESS_KEY_ID: optionalText(z.string()),
  S3_SECRET_ACCESS_KEY: optionalText(z.string()),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  // The anonymous page cache (app/cache/page-cache.server.ts); default on in production only.
  PAGE_CACHE: booleanFlag.optional(),
  // Backups of the embedded database and its photos (app/backup/).
  // Unset: DATA_DIR/backups, so two sites never share (and rotate) one folder by default.
  BACKUP_DIR: optionalText(z.string()),
  BACKUP_SCHEDULE: z
    .string()
    .regex(
      /^(off|([01]\d|2[0-3]):[0-5]\d)?$/,
      "BACKUP_SCHEDULE must be a time of day in Lagos as HH:MM (e.g. 02:30), or off",
    )
    .optional()
    .transform((value) => (value && value !== "off" ? value : undefined)),
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: "BACKUP_KEEP_DAILY must be a whole number" })
    .int("BACKUP_KEEP_DAILY must be a whole number")
    .min(1, "BACKUP_KEEP_DAILY must be at least 1")
    .default(7),
  BACKUP_KEEP_WEEKLY: z.coerce
    .number({ error: "BACKUP_KEEP_WEEKLY must be a whole number" })
    .int("BACKUP_KEEP_WEEKLY must be a whole number")
    .min(0, "BACKUP_KEEP_WEEKLY must be 0 or more")
    .default(4),
  BACKUP_KEEP_MANUAL_DAYS: z.coerce
    .number({ error: "BACKUP_KEEP_MANUAL_DAYS must be a whole number of days" })
    .int("BACKUP_KEEP_MANUAL_DAYS must be a whole number of days")
    .min(0, "BACKUP_KEEP_MANUAL_DAYS must be 0 (keep until deleted) or more")
    .default(0),
  // Monitoring (/readyz, /metrics): the scrape token (unset = /metrics answers 404) and the
  // free space below which /readyz answers 503.
  METRICS_TOKEN: optionalText(
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)"),
  ),
  READY_MIN_FREE_MB: z.coerce
    .number({ error: "READY_MIN_FREE_MB must be a whole number of megabytes" })
    .int("READY_MIN_FREE_MB must be a whole number of megabytes")
    .min(0, "READY_MIN_FREE_MB must be 0 or more")
    .default(500),
});

/** A text setting where empty means unset. */
function optionalText<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal("").transform(() => undefined));
}

/** Where uploads go when S3_BUCKET is set. */
export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
};

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
  /** Unset: stored media on the disk under DATA_DIR/media. */
  s3: S3Config | undefined;
  /** Serve anonymous visitors' public pages from memory (app/cache/page-cache.server.ts). */
  pageCache: boolean;
  /**
   * Where backups are written and kept (the schedule's, the Backups screen's, the CLI's); unset =
   * DATA_DIR/backups.
   */
  backupDir: string;
  /** The daily time (Lagos, "HH:MM") the server backs up; undefined = no schedule. */
  backupSchedule: string | undefined;
  /**
   * What the rotation keeps: the scheduled backups of so many days and weeks, and the ones taken
   * by hand for so many days (0 = until a super admin deletes them).
   */
  backupKeep: { daily: number; weekly: number; manualDays: number };
  /** `Authorization: Bearer <token>` opens /metrics; undefined = /metrics answers 404. */
  metricsToken: string | undefined;
  /** /readyz answers 503 when the disk holding DATA_DIR has less free space than this. */
  readyMinFreeMb: number;
};

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = result.data;
  const s3 = s3ConfigOf(e);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    // Demo data is on by default for the embedded database only; a real server must opt in.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    authSecret: e.AUTH_SECRET,
    trustProxyHops: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3,
    pageCache: e.PAGE_CACHE ?? e.NODE_ENV === "production",
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, "backups"),
    backupSchedule: e.BACKUP_SCHEDULE,
    backupKeep: {
      daily: e.BACKUP_KEEP_DAILY,
      weekly: e.BACKUP_KEEP_WEEKLY,
      manualDays: e.BACKUP_KEEP_MANUAL_DAYS,
    },
    metricsToken: e.METRICS_TOKEN,
    readyMinFreeMb: e.READY_MIN_FREE_MB,
  };
}

/** The bucket settings, all or none: a half-configured bucket stops the server with a message. */
function s3ConfigOf(e: z.infer<typeof EnvSchema>): S3Config | undefined {
  const given = [
    e.S3_ENDPOINT && "S3_ENDPOINT",
    e.S3_REGION && "S3_REGION",
    e.S3_ACCESS_KEY_ID && "S3_ACCESS_KEY_ID",
    e.S3_SECRET_ACCESS_KEY && "S3_SECRET_ACCESS_KEY",
    e.S3_FORCE_PATH_STYLE !== undefined && "S3_FORCE_PATH_STYLE",
  ].filter((name): name is string => Boolean(name));
  if (!e.S3_BUCKET) {
    if (given.length === 0) return undefined;
    throw new Error(
      `Invalid configuration: ${given.join(", ")} set without S3_BUCKET; set S3_BUCKET to store uploads in a bucket, or unset them to store them under DATA_DIR`,
    );
  }
  const missing = [
    !e.S3_ACCESS_KEY_ID && "S3_ACCESS_KEY_ID",
    !e.S3_SECRET_ACCESS_KEY && "S3_SECRET_ACCESS_KEY",
  ].filter(Boolean);
  if (missing.length > 0 || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      `Invalid configuration: S3_BUCKET is set, so ${missing.join(" and ")} must be too`,
    );
  }
  const region = e.S3_REGION ?? "us-east-1";
  return {
    bucket: e.S3_BUCKET,
    // Without an endpoint: AWS S3 itself, in the region.
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`).replace(/\/$/, ""),
    region,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

let cached: Env | undefined;

/**
 * The configuration, parsed from process.env on the first call and the same object after that.
 * Modules that build something lasting from it (the auth instance, the media storage) build it
 * again when the settings they read from it change, which only resetEnvForTests() makes happen.
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Tests only: the next getEnv() parses process.env again. Test files share a worker process
 * (and its modules) with the files before them, so one that sets DATA_DIR, SMTP_URL, PAGE_CACHE
 * and the like needs this (tests/setup/env.ts calls it when a file sets a variable and after
 * every file, when the variables are put back).
 */
export function resetEnvForTests(): void {
  cached = undefined;
}
