import type { Readable } from "node:stream";

// The few parts of the tar format (POSIX ustar, with pax headers for long names) a backup
// archive needs: regular files only, written and read as streams so a catalogue's photos never
// sit in memory at once. Reading is strict: an entry that is not a plain file, a name that is
// not a plain relative path, or a truncated archive is an error, never something to guess at.

const BLOCK = 512;
const END = Buffer.alloc(BLOCK * 2);
/** The largest pax header read (a long file name; real ones are a few hundred bytes). */
const MAX_PAX_BYTES = 64 * 1024;

export type TarSource = {
  name: string;
  size: number;
  /** The file's bytes: exactly `size` of them. */
  body: Buffer | AsyncIterable<Buffer | Uint8Array>;
  mtime?: Date;
  /** A folder (size 0, no body): written only into the database's own tar, as PGlite's are. */
  directory?: boolean;
};

function octal(value: number, width: number) {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: Date, type: "0" | "x" | "5") {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(type === "5" ? 0o755 : 0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  block.fill(" ", 148, 156);
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** A pax record "<length> path=<name>\n", whose length counts itself. */
function paxPath(name: string) {
  const body = ` path=${name}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (`${length}${body}`.length !== length) length = `${length}${body}`.length;
  return Buffer.from(`${length}${body}`, "utf8");
}

function padding(size: number) {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

/** The bytes tarStream writes for these entries (names under 100 bytes): to announce its size. */
export function tarSize(entries: Iterable<{ size: number }>) {
  let size = END.length;
  for (const entry of entries) size += BLOCK + Math.ceil(entry.size / BLOCK) * BLOCK;
  return size;
}

/** The archive's bytes, entry after entry, ready to pipe into gzip. */
export async function* tarStream(entries: AsyncIterable<TarSource> | Iterable<TarSource>) {
  for await (const entry of entries) {
    const mtime = entry.mtime ?? new Date();
    if (Buffer.byteLength(entry.name) > 99) {
      const pax = paxPath(entry.name);
      yield header("PaxHeader", pax.length, mtime, "x");
      yield pax;
      yield padding(pax.length);
    }
    yield header(entry.name.slice(0, 99), entry.size, mtime, entry.directory ? "5" : "0");
    let written = 0;
    if (Buffer.isBuffer(entry.body)) {
      written = entry.body.length;
      yield entry.body;
    } else {
      for await (const chunk of entry.body) {
        written += chunk.length;
        if (written > entry.size) break;
        yield Buffer.from(chunk);
      }
    }
    // A file that changed size while it was read would corrupt every entry after it.
    if (written !== entry.size) {
      throw new Error(`${entry.name} changed while it was archived (${written} of ${entry.size})`);
    }
    yield padding(entry.size);
  }
  yield END;
}

export type TarEntry = { name: string; size: number };

/**
 * Reads a tar stream (already gunzipped), calling `onFile` for each file with its name and
 * size; `onFile` answers a sink for the body's chunks (or undefined to skip it) and may be
 * async. Throws on anything but plain files and on a truncated archive.
 */
export async function readTar(
  input: Readable | AsyncIterable<Buffer>,
  onFile: (entry: TarEntry) => Promise<TarSink | undefined> | TarSink | undefined,
) {
  let buffered: Buffer = Buffer.alloc(0);
  let current: { entry: TarEntry; left: number; pad: number; sink?: TarSink } | undefined;
  let paxName: string | undefined;
  let collectingPax: { left: number; pad: number } | undefined;
  let ended = false;

  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : Buffer.from(chunk);
    while (buffered.length > 0 && !ended) {
      if (current) {
        if (current.left > 0) {
          const take = Math.min(current.left, buffered.length);
          await current.sink?.write(buffered.subarray(0, take));
          current.left -= take;
          buffered = buffered.subarray(take);
          continue;
        }
        if (buffered.length < current.pad) break;
        buffered = buffered.subarray(current.pad);
        await current.sink?.end();
        current = undefined;
        continue;
      }
      if (collectingPax) {
        const need = collectingPax.left + collectingPax.pad;
        if (buffered.length < need) break;
        const record = buffered.subarray(0, collectingPax.left).toString("utf8");
        buffered = buffered.subarray(need);
        collectingPax = undefined;
        const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(record);
        paxName = match?.[1];
        continue;
      }
      if (buffered.length < BLOCK) break;
      const block = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      if (block.subarray(257, 262).toString("latin1") !== "ustar") {
        throw new Error("not a tar archive");
      }
      const size = Number.parseInt(block.subarray(124, 136).toString("ascii").trim() || "0", 8);
      const type = block.toString("latin1", 156, 157);
      if (!Number.isFinite(size) || size < 0) throw new Error("a damaged tar header");
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === "x") {
        // A pax header is read into memory: a real one is a few hundred bytes.
        if (size > MAX_PAX_BYTES) throw new Error("a damaged tar header");
        collectingPax = { left: size, pad };
        continue;
      }
      if (type !== "0" && type !== "\0") throw new Error("the archive holds something not a file");
      const name = paxName ?? block.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
      paxName = undefined;
      const entry = { name, size };
      current = { entry, left: size, pad, sink: await onFile(entry) };
    }
  }
  if (current || collectingPax || !ended) throw new Error("the archive is cut short");
}

export type TarSink = {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
};

/** Whether a tar header block's checksum (bytes 148-155) matches its contents. */
function checksumOk(block: Buffer) {
  const stated = Number.parseInt(block.toString("latin1", 148, 156).replace(/\0.*$/s, ""), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  return stated === sum;
}

/**
 * Whether `bytes` is a whole, undamaged tar archive in memory: every header a ustar header with
 * a right checksum, every entry's body inside the bytes, ended by a zero block. Any entry type
 * (a database dump holds folders). Reads headers only, so it costs nothing next to unpacking.
 */
export function isWholeTar(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + BLOCK <= buffer.length) {
    const block = buffer.subarray(at, at + BLOCK);
    if (block.every((byte) => byte === 0)) return at > 0;
    if (block.toString("latin1", 257, 262) !== "ustar" || !checksumOk(block)) return false;
    const size = Number.parseInt(
      block.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim() || "0",
      8,
    );
    if (!Number.isSafeInteger(size) || size < 0) return false;
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return false;
}
