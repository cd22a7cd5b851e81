import path from "node:path";
import { describe, expect, it } from "vitest";
import { setTestEnv } from "../tests/setup/env";
import { getEnv, parseEnv } from "./env.server";

describe("configuration", () => {
  it("is parsed once, and again only after a test changed a variable (setTestEnv)", () => {
    const first = getEnv();
    expect(getEnv()).toBe(first);
    process.env.BACKUP_DIR = "/tmp/not-read-yet";
    expect(getEnv()).toBe(first);
    setTestEnv({ BACKUP_DIR: "/tmp/naija-backups" });
    expect(getEnv()).not.toBe(first);
    expect(getEnv().backupDir).toBe("/tmp/naija-backups");
  });

  it("defaults to the embedded database in ./data on port 3000, with demo data", () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("data"));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.siteUrl).toBe("http://localhost:3000");
  });

  it("does not seed a PostgreSQL server unless asked", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db/app" }).seedDemo).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db/app", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("rejects a malformed value with a message naming the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
});

describe("backup settings", () => {
  it("keep the backups inside DATA_DIR unless BACKUP_DIR says otherwise", () => {
    // Before (issue 44): ./backups under the app's folder, shared by every site started there.
    expect(parseEnv({}).backupDir).toBe(path.resolve("data", "backups"));
    expect(parseEnv({ DATA_DIR: "/srv/site-a/data" }).backupDir).toBe("/srv/site-a/data/backups");
    expect(parseEnv({ DATA_DIR: "/srv/site-a/data", BACKUP_DIR: "" }).backupDir).toBe(
      "/srv/site-a/data/backups",
    );
    expect(parseEnv({ DATA_DIR: "/srv/a", BACKUP_DIR: "/var/backups/a" }).backupDir).toBe(
      "/var/backups/a",
    );
  });

  it("keep by-hand backups until deleted unless BACKUP_KEEP_MANUAL_DAYS is set", () => {
    expect(parseEnv({}).backupKeep).toEqual({ daily: 7, weekly: 4, manualDays: 0 });
    expect(parseEnv({ BACKUP_KEEP_MANUAL_DAYS: "30" }).backupKeep.manualDays).toBe(30);
    expect(() => parseEnv({ BACKUP_KEEP_MANUAL_DAYS: "-1" })).toThrow(/BACKUP_KEEP_MANUAL_DAYS/);
    expect(() => parseEnv({ BACKUP_KEEP_MANUAL_DAYS: "a week" })).toThrow(
      /BACKUP_KEEP_MANUAL_DAYS/,
    );
  });
});

describe("object storage settings", () => {
  const bucket = {
    S3_BUCKET: "naija-media",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("stores media on disk when no S3 variable is set", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: "", S3_ENDPOINT: "" }).s3).toBeUndefined();
  });

  it("uses the bucket when S3_BUCKET and the keys are set (AWS in us-east-1 by default)", () => {
    expect(parseEnv(bucket).s3).toEqual({
      bucket: "naija-media",
      endpoint: "https://s3.us-east-1.amazonaws.com",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    const minio = parseEnv({
      ...bucket,
      S3_ENDPOINT: "http://127.0.0.1:9000/",
      S3_REGION: "eu-west-1",
      S3_FORCE_PATH_STYLE: "1",
    }).s3;
    expect(minio).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
    });
  });

  it("refuses a half-configured bucket with a message naming what is missing", () => {
    expect(() => parseEnv({ S3_BUCKET: "naija-media" })).toThrow(
      "S3_BUCKET is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be too",
    );
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_ENDPOINT set without S3_BUCKET/,
    );
    expect(() => parseEnv({ ...bucket, S3_ENDPOINT: "ftp://files" })).toThrow(/S3_ENDPOINT/);
    expect(() => parseEnv({ ...bucket, S3_BUCKET: "Not A Bucket" })).toThrow(/S3_BUCKET/);
  });
});

describe("monitoring settings", () => {
  it("leaves /metrics off and puts the disk floor at 500 MB by default", () => {
    const env = parseEnv({});
    expect(env.metricsToken).toBeUndefined();
    expect(env.readyMinFreeMb).toBe(500);
    expect(parseEnv({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
  });

  it("takes a long enough token and a whole number of megabytes", () => {
    const token = "0123456789abcdef0123";
    expect(parseEnv({ METRICS_TOKEN: token, READY_MIN_FREE_MB: "2048" })).toMatchObject({
      metricsToken: token,
      readyMinFreeMb: 2048,
    });
    expect(parseEnv({ READY_MIN_FREE_MB: "0" }).readyMinFreeMb).toBe(0);
  });

  it("refuses a guessable token or a floor that is not a number of megabytes", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "secret" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseEnv({ READY_MIN_FREE_MB: "lots" })).toThrow(/READY_MIN_FREE_MB/);
    expect(() => parseEnv({ READY_MIN_FREE_MB: "-1" })).toThrow(/READY_MIN_FREE_MB/);
    expect(() => parseEnv({ READY_MIN_FREE_MB: "1.5" })).toThrow(/READY_MIN_FREE_MB/);
  });
});
