import sharp from 'sharp';

/**
 * A photo's perceptual hash (issue 46 item 5, decision 069): 64 bits that stay nearly the same when
 * the same picture is re-encoded, resized, cropped a little or made lighter or darker, so a photo
 * used again on another day is noticed. pHash: the picture in grey at 32×32, its 2-D DCT, and one
 * bit per coefficient of the 12×12 lowest frequencies (the DC term left out) — set when the
 * coefficient is above their median. Written as 36 hex digits. A crop moves everything, so each photo
 * also keeps the hashes of 49 windows of itself (up to 10 % cut from each axis): a cropped copy's
 * whole hash is near one of its original's windows.
 */
const LOW = 12;
/** Bits of a hash: the 12×12 lowest frequencies (the DC term's place is always 0). */
export const PHOTO_HASH_BITS = LOW * LOW;
/**
 * Two photos are the same picture when a hash of one and a window's hash of the other differ in at
 * most this many bits. Measured on 500 synthetic photos and a copy of each (photo-hash.test.ts):
 * copies differ by at most 24 bits, distinct photos by at least 36.
 */
export const REUSE_DISTANCE = 28;
/**
 * Only photos whose whole hashes are this near are compared window by window, so a certification's
 * check reads the windows of few photos: on the measured set, 499 of 500 copies' whole hashes were
 * this near their original's (all but one cropped, resized, brightened and re-encoded at once), and
 * about 4 % of distinct pairs are.
 */
export const CANDIDATE_DISTANCE = 60;

const SIZE = 32;

// cos((2x+1)uπ / 2N) at [u * SIZE + x], computed once.
const COS = Float64Array.from({ length: LOW * SIZE }, (_, i) =>
  Math.cos(((2 * (i % SIZE) + 1) * Math.floor(i / SIZE) * Math.PI) / (2 * SIZE)),
);

/** The grey picture every hash is read from: the whole photo squeezed to this square. */
const GRID = 128;

/** Windows of the photo (left, top, width, height as shares of the whole), the whole first. */
export const WINDOWS: ReadonlyArray<readonly [number, number, number, number]> = (() => {
  const axis: Array<[number, number]> = [
    [0, 1],
    [0, 0.95],
    [0.025, 0.95],
    [0.05, 0.95],
    [0, 0.9],
    [0.05, 0.9],
    [0.1, 0.9],
  ];
  return axis.flatMap(([x, w]) => axis.map(([y, h]) => [x, y, w, h] as const));
})();

export interface PhotoHashes {
  /** The whole photo's hash. */
  hash: string;
  /** The hashes of its windows ({@link WINDOWS}, the whole first). */
  windows: string[];
}

/** The hashes of raw pixels already decoded (the upload's own decode), or of encoded bytes. */
export async function photoHashes(
  input: Buffer,
  raw?: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<PhotoHashes> {
  const grey = await sharp(input, raw ? { raw } : {})
    .greyscale()
    .resize(GRID, GRID, { fit: 'fill' })
    .raw()
    .toBuffer();
  const windows = WINDOWS.map((window) => hashOfGrey(resample(grey, window)));
  return { hash: windows[0]!, windows };
}

/** A window of the GRID×GRID picture resampled to SIZE×SIZE (bilinear). */
function resample(grey: Uint8Array, window: readonly [number, number, number, number]): Float64Array {
  const [left, top, width, height] = window;
  const xs = new Int32Array(SIZE);
  const fxs = new Float64Array(SIZE);
  for (let x = 0; x < SIZE; x += 1) {
    const sx = Math.min(GRID - 1.001, Math.max(0, (left + ((x + 0.5) / SIZE) * width) * GRID - 0.5));
    xs[x] = Math.floor(sx);
    fxs[x] = sx - xs[x]!;
  }
  const out = new Float64Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y += 1) {
    const sy = Math.min(GRID - 1.001, Math.max(0, (top + ((y + 0.5) / SIZE) * height) * GRID - 0.5));
    const y0 = Math.floor(sy);
    const fy = sy - y0;
    const upper = y0 * GRID;
    const lower = upper + GRID;
    for (let x = 0; x < SIZE; x += 1) {
      const x0 = xs[x]!;
      const fx = fxs[x]!;
      const top0 = grey[upper + x0]! * (1 - fx) + grey[upper + x0 + 1]! * fx;
      const bottom0 = grey[lower + x0]! * (1 - fx) + grey[lower + x0 + 1]! * fx;
      out[y * SIZE + x] = top0 * (1 - fy) + bottom0 * fy;
    }
  }
  return out;
}

/** pHash of a 32×32 one-channel picture. */
export function hashOfGrey(grey: ArrayLike<number>): string {
  // Rows first (only the LOW frequencies are needed), then columns.
  const rows = new Float64Array(SIZE * LOW);
  for (let y = 0; y < SIZE; y += 1) {
    for (let u = 0; u < LOW; u += 1) {
      let sum = 0;
      for (let x = 0; x < SIZE; x += 1) sum += grey[y * SIZE + x]! * COS[u * SIZE + x]!;
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v += 1) {
    for (let u = 0; u < LOW; u += 1) {
      let sum = 0;
      for (let y = 0; y < SIZE; y += 1) sum += rows[y * LOW + u]! * COS[v * SIZE + y]!;
      coefficients[v * LOW + u] = sum;
    }
  }
  const ac = coefficients.subarray(1);
  const median = Float64Array.from(ac).sort()[Math.floor(ac.length / 2)]!;
  // 143 bits after a leading 0 (the DC term, the mean brightness, is left out: a lighter copy is the
  // same photo).
  let hex = '';
  for (let i = 0; i < PHOTO_HASH_BITS; i += 4) {
    let nibble = 0;
    for (let bit = 0; bit < 4; bit += 1) {
      const index = i + bit - 1;
      nibble = (nibble << 1) | (index >= 0 && ac[index]! > median ? 1 : 0);
    }
    hex += nibble.toString(16);
  }
  return hex;
}

function popcount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A hash as 32-bit words, for comparing many times. */
export function hashWords(hex: string): Uint32Array {
  const words = new Uint32Array(Math.ceil(hex.length / 8));
  for (let i = 0; i < words.length; i += 1)
    words[i] = parseInt(hex.slice(i * 8, i * 8 + 8).padEnd(8, '0'), 16);
  return words;
}

/** Bits that differ between two hashes (hex or words). */
export function hammingDistance(a: string | Uint32Array, b: string | Uint32Array): number {
  const x = typeof a === 'string' ? hashWords(a) : a;
  const y = typeof b === 'string' ? hashWords(b) : b;
  let distance = 0;
  for (let i = 0; i < x.length; i += 1) distance += popcount((x[i]! ^ y[i]!) >>> 0);
  return distance;
}

/** A photo's hashes parsed once. */
export interface HashWords {
  hash: Uint32Array;
  windows: Uint32Array[];
}

export function parseHashes(hashes: { hash: string; windows: readonly string[] }): HashWords {
  return { hash: hashWords(hashes.hash), windows: hashes.windows.map(hashWords) };
}

/**
 * How near two photos are: the fewest differing bits between one's whole hash and any window of the
 * other, both ways (a crop of either).
 */
export function photoDistance(
  a: Pick<HashWords, 'hash'> & Partial<HashWords>,
  b: Pick<HashWords, 'hash'> & Partial<HashWords>,
): number {
  let best = hammingDistance(a.hash, b.hash);
  for (const window of b.windows ?? []) best = Math.min(best, hammingDistance(a.hash, window));
  for (const window of a.windows ?? []) best = Math.min(best, hammingDistance(window, b.hash));
  return best;
}

/**
 * The distance the reuse rule reads: {@link photoDistance} for candidates (whole hashes within
 * {@link CANDIDATE_DISTANCE}), Infinity for the rest.
 */
export function reuseDistance(a: HashWords, b: HashWords): number {
  return hammingDistance(a.hash, b.hash) <= CANDIDATE_DISTANCE ? photoDistance(a, b) : Infinity;
}
