/**
 * The SEED 128-bit block cipher, RFC 4269 (KISA).
 *
 * A 16-round Feistel network on two 64-bit halves, each half handled as two big-endian
 * 32-bit words. Pure TypeScript on Uint8Array/Uint32Array, so it runs unchanged in Node and
 * in browsers.
 *
 * This file holds the key schedule and the raw block transform only; chaining and padding
 * live in `cbc.ts`.
 */
import * as tables from './tables.ts';

// Module-local aliases: keeps the hot loops on plain local bindings even when a loader turns
// the import into getter-based CommonJS interop (as tsx does for CommonJS callers).
const { KC, SS0, SS1, SS2, SS3 } = tables;

/** Block size in bytes. */
export const BLOCK_SIZE = 16;
/** Key size in bytes (SEED as specified by RFC 4269 only takes 128-bit keys). */
export const KEY_SIZE = 16;

/** Thrown for every misuse of the cipher: wrong key, IV or block size, bad padding. */
export class SeedCipherError extends Error {
  override name = 'SeedCipherError';
}

/**
 * The 32 round-key words of the key schedule, in order K1,0, K1,1, K2,0, … K16,1.
 * Produced by {@link expandKey}; treat it as opaque and read-only.
 */
export type RoundKeys = Uint32Array;

/** The G function of RFC 4269: four S-box lookups mixed by the masks, folded into SS0..SS3. */
function g(x: number): number {
  return SS0[x & 0xff]! ^ SS1[(x >>> 8) & 0xff]! ^ SS2[(x >>> 16) & 0xff]! ^ SS3[x >>> 24]!;
}

function checkLength(name: string, bytes: Uint8Array, expected: number): void {
  if (!(bytes instanceof Uint8Array)) {
    throw new SeedCipherError(`SEED ${name} must be a Uint8Array`);
  }
  if (bytes.length !== expected) {
    throw new SeedCipherError(`SEED ${name} must be ${expected} bytes, got ${bytes.length}`);
  }
}

function readWord(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>>
    0
  );
}

function writeWord(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = value >>> 24;
  bytes[offset + 1] = value >>> 16;
  bytes[offset + 2] = value >>> 8;
  bytes[offset + 3] = value;
}

/**
 * Key schedule (RFC 4269 section 2.2). The key is split into four big-endian words
 * Key0..Key3; for round i (1-based):
 *
 *   Ki,0 = G(Key0 + Key2 - KC(i-1)),  Ki,1 = G(Key1 - Key3 + KC(i-1))   (all mod 2^32)
 *
 * after which Key0||Key1 is rotated right by 8 bits on odd rounds and Key2||Key3 rotated left
 * by 8 bits on even rounds.
 */
export function expandKey(key: Uint8Array): RoundKeys {
  checkLength('key', key, KEY_SIZE);
  let k0 = readWord(key, 0);
  let k1 = readWord(key, 4);
  let k2 = readWord(key, 8);
  let k3 = readWord(key, 12);
  const roundKeys = new Uint32Array(32);
  for (let i = 0; i < 16; i++) {
    const kc = KC[i]!;
    roundKeys[2 * i] = g((k0 + k2 - kc) | 0);
    roundKeys[2 * i + 1] = g((k1 - k3 + kc) | 0);
    if (i % 2 === 0) {
      // Key0||Key1 >>> 8 (a 64-bit rotation spread over two words).
      const t = k0;
      k0 = ((k0 >>> 8) | (k1 << 24)) >>> 0;
      k1 = ((k1 >>> 8) | (t << 24)) >>> 0;
    } else {
      // Key2||Key3 <<< 8.
      const t = k2;
      k2 = ((k2 << 8) | (k3 >>> 24)) >>> 0;
      k3 = ((k3 << 8) | (t >>> 24)) >>> 0;
    }
  }
  return roundKeys;
}

/**
 * Runs the 16 Feistel rounds in place on a block held as four big-endian words
 * [L0, L1, R0, R1]. Decryption is the same network with the round keys taken in reverse.
 *
 * Round function F (RFC 4269 section 2.1), with C' = C ^ Ki,0 and D' = D ^ Ki,1:
 *   t1 = G(C' ^ D'); t0 = G(C' + t1); t1 = G(t0 + t1); t0 = t0 + t1; F = t0 || t1
 */
function crypt(roundKeys: RoundKeys, state: Uint32Array, decrypt: boolean): void {
  let l0 = state[0]!;
  let l1 = state[1]!;
  let r0 = state[2]!;
  let r1 = state[3]!;
  for (let round = 0; round < 16; round++) {
    const k = decrypt ? 30 - 2 * round : 2 * round;
    let t0 = r0 ^ roundKeys[k]!;
    let t1 = r1 ^ roundKeys[k + 1]!;
    t1 = g(t0 ^ t1);
    t0 = g((t0 + t1) | 0);
    t1 = g((t1 + t0) | 0);
    t0 = (t0 + t1) | 0;
    const n0 = l0 ^ t0;
    const n1 = l1 ^ t1;
    l0 = r0;
    l1 = r1;
    r0 = n0;
    r1 = n1;
  }
  // The last round does not swap the halves: output is R16 || L16 of the swapped network.
  state[0] = r0;
  state[1] = r1;
  state[2] = l0;
  state[3] = l1;
}

/**
 * Encrypts, in place, one block held as four big-endian 32-bit words. A building block for
 * modes of operation that keep the chaining value as words.
 */
export function encryptWords(roundKeys: RoundKeys, state: Uint32Array): void {
  crypt(roundKeys, state, false);
}

/** Decrypts, in place, one block held as four big-endian 32-bit words. */
export function decryptWords(roundKeys: RoundKeys, state: Uint32Array): void {
  crypt(roundKeys, state, true);
}

/** Reads the 16-byte block at `offset` of `bytes` into `state` as four big-endian words. */
export function loadBlock(bytes: Uint8Array, offset: number, state: Uint32Array): void {
  state[0] = readWord(bytes, offset);
  state[1] = readWord(bytes, offset + 4);
  state[2] = readWord(bytes, offset + 8);
  state[3] = readWord(bytes, offset + 12);
}

/** Writes the four big-endian words of `state` to `bytes` at `offset`. */
export function storeBlock(state: Uint32Array, bytes: Uint8Array, offset: number): void {
  writeWord(bytes, offset, state[0]!);
  writeWord(bytes, offset + 4, state[1]!);
  writeWord(bytes, offset + 8, state[2]!);
  writeWord(bytes, offset + 12, state[3]!);
}

function cryptBlock(roundKeys: RoundKeys, block: Uint8Array, decrypt: boolean): Uint8Array {
  checkLength('block', block, BLOCK_SIZE);
  if (!(roundKeys instanceof Uint32Array) || roundKeys.length !== 32) {
    throw new SeedCipherError('SEED round keys must come from expandKey()');
  }
  const state = new Uint32Array(4);
  loadBlock(block, 0, state);
  crypt(roundKeys, state, decrypt);
  const out = new Uint8Array(BLOCK_SIZE);
  storeBlock(state, out, 0);
  return out;
}

/** Encrypts one 16-byte block (ECB, no padding). Returns a new array; the input is untouched. */
export function encryptBlock(roundKeys: RoundKeys, block: Uint8Array): Uint8Array {
  return cryptBlock(roundKeys, block, false);
}

/** Decrypts one 16-byte block (ECB, no padding). Returns a new array; the input is untouched. */
export function decryptBlock(roundKeys: RoundKeys, block: Uint8Array): Uint8Array {
  return cryptBlock(roundKeys, block, true);
}
