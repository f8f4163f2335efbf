/**
 * SEED in CBC mode with PKCS#7 padding, and the `loginKey` built on it.
 *
 * Works on Uint8Array only and uses TextEncoder/TextDecoder and btoa/atob, which exist both
 * in browsers and in Node ≥ 16, so the same file runs on either side.
 */
import {
  BLOCK_SIZE,
  KEY_SIZE,
  SeedCipherError,
  decryptWords,
  encryptWords,
  expandKey,
  loadBlock,
  storeBlock,
} from './seed.ts';

function checkBytes(name: string, bytes: Uint8Array, expected?: number): void {
  if (!(bytes instanceof Uint8Array)) {
    throw new SeedCipherError(`SEED-CBC ${name} must be a Uint8Array`);
  }
  if (expected !== undefined && bytes.length !== expected) {
    throw new SeedCipherError(`SEED-CBC ${name} must be ${expected} bytes, got ${bytes.length}`);
  }
}

/**
 * Encrypts `plaintext` with SEED-CBC and PKCS#7 padding. The output is always 1 to 16 bytes
 * longer than the input and a multiple of 16 (an empty input gives one full padding block).
 */
export function seedCbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Uint8Array {
  checkBytes('key', key, KEY_SIZE);
  checkBytes('iv', iv, BLOCK_SIZE);
  checkBytes('plaintext', plaintext);
  const roundKeys = expandKey(key);

  const pad = BLOCK_SIZE - (plaintext.length % BLOCK_SIZE);
  const out = new Uint8Array(plaintext.length + pad);
  out.set(plaintext);
  out.fill(pad, plaintext.length);

  const chain = new Uint32Array(4);
  const block = new Uint32Array(4);
  loadBlock(iv, 0, chain);
  for (let offset = 0; offset < out.length; offset += BLOCK_SIZE) {
    loadBlock(out, offset, block);
    chain[0] = chain[0]! ^ block[0]!;
    chain[1] = chain[1]! ^ block[1]!;
    chain[2] = chain[2]! ^ block[2]!;
    chain[3] = chain[3]! ^ block[3]!;
    encryptWords(roundKeys, chain);
    storeBlock(chain, out, offset);
  }
  return out;
}

/**
 * Decrypts SEED-CBC `ciphertext` and strips its PKCS#7 padding.
 *
 * Throws {@link SeedCipherError} when the length is not a positive multiple of 16 or the
 * padding is malformed (which is also what a wrong key or IV almost always produces). The
 * padding check looks at all 16 final bytes whatever the pad value, so its timing does not
 * depend on where the padding goes wrong.
 */
export function seedCbcDecrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  checkBytes('key', key, KEY_SIZE);
  checkBytes('iv', iv, BLOCK_SIZE);
  checkBytes('ciphertext', ciphertext);
  if (ciphertext.length === 0 || ciphertext.length % BLOCK_SIZE !== 0) {
    throw new SeedCipherError(
      `SEED-CBC ciphertext length must be a positive multiple of ${BLOCK_SIZE} bytes, got ${ciphertext.length}`,
    );
  }
  const roundKeys = expandKey(key);

  const out = new Uint8Array(ciphertext.length);
  const prev = new Uint32Array(4);
  const current = new Uint32Array(4);
  const state = new Uint32Array(4);
  loadBlock(iv, 0, prev);
  for (let offset = 0; offset < ciphertext.length; offset += BLOCK_SIZE) {
    loadBlock(ciphertext, offset, current);
    state.set(current);
    decryptWords(roundKeys, state);
    state[0] = state[0]! ^ prev[0]!;
    state[1] = state[1]! ^ prev[1]!;
    state[2] = state[2]! ^ prev[2]!;
    state[3] = state[3]! ^ prev[3]!;
    storeBlock(state, out, offset);
    prev.set(current);
  }

  const pad = out[out.length - 1]!;
  let bad = (pad === 0 ? 1 : 0) | (pad > BLOCK_SIZE ? 1 : 0);
  for (let i = 1; i <= BLOCK_SIZE; i++) {
    // Only the last `pad` bytes must equal `pad`; the mask keeps the loop branch-free.
    const inPadding = i <= pad ? 0xff : 0;
    bad |= (out[out.length - i]! ^ pad) & inPadding;
  }
  if (bad !== 0) {
    throw new SeedCipherError(
      'SEED-CBC decryption failed: invalid PKCS#7 padding (wrong key/IV or corrupted data)',
    );
  }
  return out.slice(0, out.length - pad);
}

/** Standard base64 (with `=` padding) of arbitrary bytes, via btoa. */
export function bytesToBase64(bytes: Uint8Array): string {
  // A plain loop: loginKeys are a few dozen bytes, where spreading into fromCharCode costs
  // more than it saves, and it has no argument-count limit on large inputs either.
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

/** Inverse of {@link bytesToBase64}; throws {@link SeedCipherError} on malformed input. */
export function base64ToBytes(base64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw new SeedCipherError('invalid base64 input');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** `loginKey` = base64(SEED-CBC-PKCS#7(key, iv, utf8(kakaoId))). */
export function makeLoginKey(kakaoId: string, key: Uint8Array, iv: Uint8Array): string {
  if (typeof kakaoId !== 'string') {
    throw new SeedCipherError('kakaoId must be a string');
  }
  return bytesToBase64(seedCbcEncrypt(key, iv, encoder.encode(kakaoId)));
}

/**
 * Inverse of {@link makeLoginKey}: recovers the kakaoId. Throws {@link SeedCipherError} on bad
 * base64, length, padding or UTF-8.
 */
export function openLoginKey(loginKey: string, key: Uint8Array, iv: Uint8Array): string {
  const plaintext = seedCbcDecrypt(key, iv, base64ToBytes(loginKey));
  try {
    return decoder.decode(plaintext);
  } catch {
    throw new SeedCipherError('SEED-CBC plaintext is not valid UTF-8');
  }
}
