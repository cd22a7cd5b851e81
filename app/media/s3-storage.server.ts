import crypto from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3Config } from "~/env.server";
import type { MediaStorage } from "./storage-types";

// Stored media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2, DigitalOcean
// Spaces...), spoken to over plain fetch with SigV4 signatures from aws4fetch (a few kB, where
// the AWS SDK is 22 MB). Objects stay private: the site answers /media/<key> itself, so the
// bucket needs no public access and its URLs never reach a page.

/** Longest a single call to the bucket may take before the request fails. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Each key segment is already restricted to [A-Za-z0-9._-]: only the separators stay as is. */
function encodeKey(key: string) {
  return key.split("/").map(encodeURIComponent).join("/");
}

export class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    detail: string,
  ) {
    super(`S3 ${operation} failed with HTTP ${status}${detail ? `: ${detail}` : ""}`);
    this.name = "S3Error";
  }
}

async function failure(operation: string, response: Response) {
  const text = await response.text().catch(() => "");
  // S3 answers an XML <Error><Code>…</Code><Message>…</Message></Error>: keep its code and message.
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
  return new S3Error(operation, response.status, [code, message].filter(Boolean).join(" "));
}

export function createS3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    // The storage retries nothing itself: a failed upload is reported to the admin at once.
    retries: 0,
  });
  const endpoint = new URL(config.endpoint);
  const urlOf = (key: string) => {
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/$/, "");
    if (config.forcePathStyle) {
      url.pathname = `${base}/${encodeURIComponent(config.bucket)}/${encodeKey(key)}`;
    } else {
      url.hostname = `${config.bucket}.${url.hostname}`;
      url.pathname = `${base}/${encodeKey(key)}`;
    }
    return url.toString();
  };
  const call = (key: string, init: RequestInit) =>
    client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

  return {
    kind: "s3",
    async put(key, data, contentType) {
      const response = await call(key, {
        method: "PUT",
        body: new Uint8Array(data),
        headers: {
          "Content-Type": contentType,
          // Signed: the bucket refuses a body that changed on the way.
          "X-Amz-Content-Sha256": crypto.createHash("sha256").update(data).digest("hex"),
        },
      });
      if (!response.ok) throw await failure("PUT", response);
      await response.body?.cancel();
    },
    async stat(key) {
      const response = await call(key, { method: "HEAD" });
      if (response.status === 404) return undefined;
      if (!response.ok) throw await failure("HEAD", response);
      const modified = Date.parse(response.headers.get("Last-Modified") ?? "");
      return {
        size: Number(response.headers.get("Content-Length") ?? 0),
        modifiedMs: Number.isNaN(modified) ? 0 : modified,
      };
    },
    async read(key) {
      const response = await call(key, { method: "GET" });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure("GET", response);
      return Buffer.from(await response.arrayBuffer());
    },
    async stream(key, start, end) {
      const response = await call(key, {
        method: "GET",
        headers: { Range: `bytes=${start}-${end}` },
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      // 206 for the range; a 200 (a store that ignores Range on a whole-file range) is the same bytes.
      if (!response.ok) throw await failure("GET", response);
      return response.body ?? new ReadableStream({ start: (c) => c.close() });
    },
    async remove(key) {
      const response = await call(key, { method: "DELETE" });
      // 204 when removed; S3 also answers 204 for a key that was not there, some stores 404.
      if (!response.ok && response.status !== 404) throw await failure("DELETE", response);
      await response.body?.cancel();
    },
  };
}
