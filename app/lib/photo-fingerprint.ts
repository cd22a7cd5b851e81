// Perceptual fingerprints of photos (issue 46, "copied photos caught"): a 256-bit pHash. The
// photo is reduced to 32×32 grey pixels (app/media/photo-fingerprint.server.ts), its 2-D
// cosine transform taken, and each of the 16×16 lowest frequencies set to 1 when above their
// median. Re-encoding, resizing and mild colour changes barely move those frequencies, so a
// copy lies within a few dozen bits of its original; two different photos differ in about half.
// Written as PostgreSQL writes a bit(256): a string of 256 "0" and "1".

/** Side of the grey square the hash is taken from. */
export const FINGERPRINT_SIDE = 32;
const FREQUENCIES = 16;
export const FINGERPRINT_BITS = FREQUENCIES * FREQUENCIES;

/**
 * Most bits two photos may differ in and count as one photo. Measured on the demo's photos
 * (app/media/photo-fingerprint.server.test.ts): a copy resized and saved again as JPEG or PNG
 * differs from the original in up to 24 bits, with 1% cropped from each side up to 28; the 299
 * distinct demo photos, drawn from a few room templates, differ pairwise in 34 bits at the
 * least (real photos in far more). A crop of 2% each side moves 18-42 bits: caught or not.
 * 64 bits (the common 8×8 pHash) did not tell the demo's look-alike rooms from copies.
 */
export const MATCH_MAX_DISTANCE = 28;

const COSINES: readonly (readonly number[])[] = Array.from({ length: FREQUENCIES }, (_, u) =>
  Array.from({ length: FINGERPRINT_SIDE }, (_, x) =>
    Math.cos(((2 * x + 1) * u * Math.PI) / (2 * FINGERPRINT_SIDE)),
  ),
);

/** The fingerprint of FINGERPRINT_SIDE² grey pixels (row by row). */
export function fingerprintOfPixels(pixels: ArrayLike<number>): string {
  const side = FINGERPRINT_SIDE;
  if (pixels.length !== side * side) throw new Error(`Expected ${side * side} grey pixels`);
  // The 2-D transform in two passes: rows first (the low frequencies only), then columns.
  const rows: number[][] = [];
  for (let y = 0; y < side; y++) {
    const row: number[] = [];
    for (const cos of COSINES) {
      let sum = 0;
      for (let x = 0; x < side; x++) sum += (pixels[y * side + x] ?? 0) * (cos[x] ?? 0);
      row.push(sum);
    }
    rows.push(row);
  }
  const coefficients: number[] = [];
  for (const cos of COSINES) {
    for (let u = 0; u < FREQUENCIES; u++) {
      let sum = 0;
      for (let y = 0; y < side; y++) sum += (rows[y]?.[u] ?? 0) * (cos[y] ?? 0);
      coefficients.push(sum);
    }
  }
  const sorted = [...coefficients].sort((a, b) => a - b);
  const half = sorted.length / 2;
  const median = ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
  return coefficients.map((value) => (value > median ? "1" : "0")).join("");
}

/** How many bits two fingerprints differ in. */
export function fingerprintDistance(a: string, b: string): number {
  if (a.length !== b.length) throw new Error("Fingerprints of different lengths");
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count += 1;
  return count;
}
