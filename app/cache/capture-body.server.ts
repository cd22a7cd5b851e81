import type { Response } from "express";

// A copy of the page the app writes, for the caches that keep pages (page-cache.server.ts,
// private-page-cache.server.ts). The response goes out as it is written, unchanged.

/**
 * Copies what is written to `res` while `decide` allows it: asked once, as the first bytes go
 * out (the status and headers are final then). `onFinish` gets the whole body once the response
 * has finished, or undefined when it was not to be kept or grew past `maxBytes`; it is not
 * called for a response that closed before finishing.
 */
export function captureBody(
  res: Response,
  options: {
    decide: () => boolean;
    maxBytes: number;
    onFinish: (body: Buffer | undefined) => void;
  },
) {
  let decided = false;
  let keeping = false;
  const chunks: Buffer[] = [];
  let size = 0;
  const decide = () => {
    if (decided) return;
    decided = true;
    keeping = options.decide();
  };
  const capture = (chunk: unknown, encoding: unknown) => {
    if (!keeping || chunk == null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    if (size > options.maxBytes) {
      keeping = false;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };

  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    decide();
    capture(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    decide();
    capture(chunk, rest[0]);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
  res.once("finish", () =>
    options.onFinish(keeping && chunks.length > 0 ? Buffer.concat(chunks) : undefined),
  );
}
