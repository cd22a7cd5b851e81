import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A real S3-compatible server on 127.0.0.1 for the object-storage tests: s3rver (a devDependency,
// so `npm install` brings it everywhere, CI included). It speaks the S3 REST protocol (paths,
// HEAD, ranges, XML errors) and refuses unknown access keys; it parses SigV4 signatures without
// verifying them, so the signing itself is aws4fetch's, as used against AWS and R2.

export const S3_TEST_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (to look at what was stored). */
  directory: string;
  /** The S3_* variables that point the site at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
};

type S3rverInstance = {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
};

/**
 * Starts the server with one empty bucket, or answers why it cannot (the package is missing):
 * the caller skips with that reason locally, and fails in CI, where it must run.
 */
export async function startS3TestServer(
  bucket = "naija-media",
): Promise<{ ok: true; server: S3TestServer } | { ok: false; reason: string }> {
  let S3rver: new (options: Record<string, unknown>) => S3rverInstance;
  try {
    S3rver = (await import("s3rver")).default as typeof S3rver;
  } catch (error) {
    const reason = `the local S3 server (npm package s3rver) could not be loaded: ${(error as Error).message}. Run npm install.`;
    if (process.env.CI) throw new Error(`CI must run the S3 tests: ${reason}`);
    return { ok: false, reason };
  }
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const instance = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await instance.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    ok: true,
    server: {
      endpoint,
      bucket,
      directory,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: "1",
      },
      async close() {
        await instance.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    },
  };
}
