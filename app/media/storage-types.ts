// The media storage's contract (./storage.server.ts picks the disk or the S3 implementation).

/** What a stored object is, without its bytes. */
export type StoredInfo = {
  size: number;
  /** When it was written (milliseconds); variants made before it are stale. */
  modifiedMs: number;
};

export type MediaStorage = {
  /** "disk" or "s3", for logs and the README's checks. */
  readonly kind: "disk" | "s3";
  /** Writes `data` under `key`, replacing what was there; readers never see half a file. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Its size and time, or undefined when nothing is stored under `key`. */
  stat(key: string): Promise<StoredInfo | undefined>;
  /** All its bytes (for resizing), or undefined when missing. */
  read(key: string): Promise<Buffer | undefined>;
  /** Its bytes from `start` to `end` inclusive, as a stream for a response body. */
  stream(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | undefined>;
  /** Removes it; a missing key is not an error. */
  remove(key: string): Promise<void>;
};
