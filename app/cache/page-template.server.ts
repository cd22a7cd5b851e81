import crypto from "node:crypto";
import zlib from "node:zlib";

// A rendered page kept for reuse: the HTML cut at every occurrence of the nonce it was rendered
// with, each piece kept as it is and compressed on its own. Serving it with a new nonce costs no
// compression: the gzip body is the stored pieces with the new nonce between them as "stored"
// (uncompressed) deflate blocks, which is valid gzip every browser reads (RFC 1951 allows any
// mix of block types in one stream). Each piece ends with a sync flush, so it stops on a byte
// boundary without the last-block bit, and pieces compressed separately can follow one another.
// Only the gzip trailer (CRC-32 and length of the whole text) is computed per response, and the
// CRC-32 from the pieces' own (zlib's crc32_combine), so the page is not read again.
//
// Brotli would be 10-15% smaller, but a brotli stream cannot be spliced this way; recompressing
// per response would cost more than the cache saves.

export type PageTemplate = {
  /** The HTML pieces between nonce occurrences (one more than the occurrences). */
  pieces: Buffer[];
  /** Each piece as raw deflate ending in a sync flush. */
  deflated: Buffer[];
  /** CRC-32 of each piece, and the operator that appends a piece of its length to a CRC. */
  crcs: number[];
  shifts: number[];
  /** Identifies the page's content (nonce left out), for ETag. */
  hash: string;
  /** Uncompressed length with a nonce of `nonceLength` characters. */
  nonceLength: number;
  /** Bytes this template holds in memory. */
  bytes: number;
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
/** An empty final block (fixed Huffman, end-of-block only). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const MAX_STORED_BLOCK = 0xffff;

function splitOn(html: Buffer, needle: Buffer): Buffer[] {
  if (needle.length === 0) return [html];
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = html.indexOf(needle, start); at !== -1; at = html.indexOf(needle, start)) {
    pieces.push(html.subarray(start, at));
    start = at + needle.length;
  }
  pieces.push(html.subarray(start));
  return pieces;
}

/** The deflate window: how far back a piece may refer. */
const WINDOW = 32 * 1024;

/**
 * Compresses each piece as a continuation of the ones before it: its preset dictionary is the
 * text before it as the browser will have decoded it, with NUL bytes where the nonce goes. HTML
 * has no NUL byte, so the compressor can never refer to a byte of the nonce, whatever nonce is
 * written there later; everything else is exactly where the dictionary says. (Pieces that do
 * hold a NUL byte are compressed on their own instead.)
 */
function deflatePieces(pieces: Buffer[], nonceLength: number): Buffer[] {
  const options = { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  if (pieces.some((piece) => piece.includes(0))) {
    return pieces.map((piece) => zlib.deflateRawSync(piece, options));
  }
  const gap = Buffer.alloc(nonceLength, 0);
  let history = Buffer.alloc(0);
  return pieces.map((piece, index) => {
    const out = zlib.deflateRawSync(
      piece,
      index > 0 ? { ...options, dictionary: history } : options,
    );
    history = Buffer.concat([history, piece, gap]);
    if (history.length > WINDOW) history = history.subarray(history.length - WINDOW);
    return out;
  });
}

/** Cuts `html` at every occurrence of `nonce` and compresses the pieces. */
export function createPageTemplate(html: Buffer, nonce: string): PageTemplate {
  const needle = Buffer.from(nonce);
  const pieces = splitOn(html, needle).map((piece) => Buffer.from(piece));
  const deflated = deflatePieces(pieces, needle.length);
  const hash = crypto.createHash("sha256");
  for (const piece of pieces) hash.update(piece).update("\0nonce\0");
  const bytes = [...pieces, ...deflated].reduce((sum, buffer) => sum + buffer.length, 0);
  return {
    pieces,
    deflated,
    crcs: pieces.map((piece) => zlib.crc32(piece)),
    shifts: pieces.map((piece) => crc32Shift(piece.length)),
    hash: hash.digest("base64url").slice(0, 27),
    nonceLength: needle.length,
    bytes,
  };
}

/** The page as HTML with `nonce` in every place the original one was. */
export function renderPlain(template: PageTemplate, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  template.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(needle);
    parts.push(piece);
  });
  return Buffer.concat(parts);
}

/** A stored deflate block (not last) holding `data` as is. */
function storedBlocks(data: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += MAX_STORED_BLOCK) {
    const chunk = data.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padded to the byte boundary
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The page gzip-compressed with `nonce` in place, built from the stored pieces. */
export function renderGzip(template: PageTemplate, nonce: string): Buffer {
  const needle = Buffer.from(nonce);
  // The pieces were compressed for a nonce of this length (every nonce has the same length).
  if (needle.length !== template.nonceLength) return zlib.gzipSync(renderPlain(template, nonce));
  const nonceBlock = Buffer.concat(storedBlocks(needle));
  const nonceCrc = zlib.crc32(needle);
  const nonceShift = crc32Shift(needle.length);
  const count = template.pieces.length;
  let size = GZIP_HEADER.length + FINAL_BLOCK.length + 8 + (count - 1) * nonceBlock.length;
  for (const piece of template.deflated) size += piece.length;
  const out = Buffer.allocUnsafe(size);
  let at = GZIP_HEADER.copy(out, 0);
  let crc = 0;
  let length = 0;
  for (let index = 0; index < count; index++) {
    if (index > 0) {
      at += nonceBlock.copy(out, at);
      crc = crc32Combine(crc, nonceCrc, nonceShift);
      length += needle.length;
    }
    at += (template.deflated[index] as Buffer).copy(out, at);
    crc = crc32Combine(crc, template.crcs[index] as number, template.shifts[index] as number);
    length += (template.pieces[index] as Buffer).length;
  }
  at += FINAL_BLOCK.copy(out, at);
  out.writeUInt32LE(crc >>> 0, at);
  out.writeUInt32LE(length >>> 0, at + 4);
  return out;
}

// CRC-32 of A followed by B from crc(A), crc(B) and len(B), as zlib's crc32_combine_op: crc(A)
// times x^(8 len(B)) modulo the CRC polynomial, plus crc(B) (bit-reflected, as zlib does).

const CRC_POLY = 0xedb88320;

/** a(x) b(x) modulo the CRC polynomial. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multiplyModP(X2N[k - 1] as number, X2N[k - 1] as number));

/** The operator that appends `length` bytes to a CRC (x^(8 length) modulo the polynomial). */
export function crc32Shift(length: number): number {
  let product = 0x80000000;
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) product = multiplyModP(X2N[k & 31] as number, product);
  }
  return product;
}

/** CRC-32 of A then B, from crc(A), crc(B) and crc32Shift(len(B)). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** Length of the page as HTML with a nonce of the template's nonce length. */
export function plainLength(template: PageTemplate): number {
  const pieces = template.pieces.reduce((sum, piece) => sum + piece.length, 0);
  return pieces + template.nonceLength * (template.pieces.length - 1);
}
