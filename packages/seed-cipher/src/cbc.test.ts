import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  base64ToBytes,
  bytesToBase64,
  makeLoginKey,
  openLoginKey,
  seedCbcDecrypt,
  seedCbcEncrypt,
} from './cbc.ts';
import { SeedCipherError, encryptBlock, expandKey } from './seed.ts';

function hex(text: string): Uint8Array {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Textbook CBC without padding, built only on the block API, to craft arbitrary plaintexts. */
function rawCbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Uint8Array {
  const roundKeys = expandKey(key);
  const out = new Uint8Array(plaintext.length);
  let chain = iv;
  for (let offset = 0; offset < plaintext.length; offset += 16) {
    const block = plaintext.slice(offset, offset + 16).map((b, i) => b ^ chain[i]!);
    chain = encryptBlock(roundKeys, block);
    out.set(chain, offset);
  }
  return out;
}

const KEY = hex('00112233445566778899aabbccddeeff');
const IV = hex('0f0e0d0c0b0a09080706050403020100');

describe('SEED-CBC known answers', () => {
  // RFC 4196 section 4 (SEED-CBC for IPsec), as reformatted in pyca/cryptography's vectors.
  // Those vectors are unpadded, so they must equal the first blocks of our PKCS#7 output.
  const RFC4196 = [
    {
      key: 'ed2401ad22fa255991bafdb01fefd697',
      iv: '93eb149f92c9905bae5cd34da06c3c8e',
      plaintext: 'b40d7003d9b6904b35622750c91a24575bb9a632364aa26e3ac0cf3a9c9d0dcb',
      ciphertext: 'f072c5b1a0588c105af8301adcd91dd067f6822155304bf3aad75ceb44341c25',
    },
    {
      key: '88e34f8f081779f1e9f394370ad40589',
      iv: '268d66a735a81a816fbad9fa36162501',
      plaintext:
        'd76d0d18327ec562b15e6bc365ac0c0f8d41e0bb938568aeebfd92ed1affa096' +
        '394d20fc5277ddfc4de8b0fce1eb2b93d4ae40ef4768c613b50b8942f7d4b9b3',
      ciphertext:
        'a293eae9d9aebfac37ba714bd774e427e8b706d7e7d9a097228639e0b62b3b34' +
        'ced11609cef2abaaec2edf979308f379c31527a8267783e5cba3538982b48d06',
    },
  ];

  for (const [i, v] of RFC4196.entries()) {
    it(`RFC 4196 vector ${i + 1}: block-aligned input gets the vector plus one padding block`, () => {
      const key = hex(v.key);
      const iv = hex(v.iv);
      const plaintext = hex(v.plaintext);
      const out = seedCbcEncrypt(key, iv, plaintext);
      expect(out.length).toBe(plaintext.length + 16);
      expect(toHex(out.subarray(0, plaintext.length))).toBe(v.ciphertext);
      // The extra block is sixteen 0x10 bytes chained on the last ciphertext block.
      const lastBlock = out.subarray(plaintext.length - 16, plaintext.length);
      const expectedPad = encryptBlock(
        expandKey(key),
        lastBlock.map((b) => b ^ 0x10),
      );
      expect(toHex(out.subarray(plaintext.length))).toBe(toHex(expectedPad));
      expect(toHex(seedCbcDecrypt(key, iv, out))).toBe(v.plaintext);
    });
  }

  it('matches a hand-built CBC + PKCS#7 for a 10-digit kakaoId', () => {
    const id = '1234567890';
    const padded = new Uint8Array(16).fill(6);
    padded.set(new TextEncoder().encode(id));
    const expected = rawCbcEncrypt(KEY, IV, padded);
    const loginKey = makeLoginKey(id, KEY, IV);
    expect(toHex(base64ToBytes(loginKey))).toBe(toHex(expected));
    expect(loginKey).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // Same value as `printf 1234567890 | openssl enc -seed-cbc -K <KEY> -iv <IV> -base64`
    // (OpenSSL 3 with the legacy provider), an implementation independent of this one.
    expect(loginKey).toBe('KLKjQC8g/OOstyrScUTGlg==');
  });
});

describe('SEED-CBC round trips', () => {
  it('every plaintext length from 0 to 40 bytes', () => {
    for (let n = 0; n <= 40; n++) {
      const plaintext = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      const ciphertext = seedCbcEncrypt(KEY, IV, plaintext);
      expect(ciphertext.length).toBe((Math.floor(n / 16) + 1) * 16);
      expect(toHex(seedCbcDecrypt(KEY, IV, ciphertext))).toBe(toHex(plaintext));
    }
  });

  it('Korean text survives makeLoginKey / openLoginKey and raw bytes', () => {
    for (const text of [
      '함께미션',
      '가족이 함께 하루 미션을 인증하는 모바일 웹 🌱',
      '카카오 1234567890',
      '',
    ]) {
      const loginKey = makeLoginKey(text, KEY, IV);
      expect(openLoginKey(loginKey, KEY, IV)).toBe(text);
      const bytes = new TextEncoder().encode(text);
      expect(new TextDecoder().decode(seedCbcDecrypt(KEY, IV, seedCbcEncrypt(KEY, IV, bytes)))).toBe(text);
    }
  });

  it('is deterministic for a fixed key and IV, and key/IV-sensitive', () => {
    const id = '4012345678';
    const a = makeLoginKey(id, KEY, IV);
    expect(makeLoginKey(id, KEY, IV)).toBe(a);
    const otherIv = IV.slice();
    otherIv[15] = otherIv[15]! ^ 1;
    const otherKey = KEY.slice();
    otherKey[0] = otherKey[0]! ^ 0x80;
    expect(makeLoginKey(id, KEY, otherIv)).not.toBe(a);
    expect(makeLoginKey(id, otherKey, IV)).not.toBe(a);
  });

  it('property: decrypt(encrypt(x)) === x for random keys, IVs and data', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        fc.uint8Array({ minLength: 0, maxLength: 100 }),
        (key, iv, plaintext) => {
          const ciphertext = seedCbcEncrypt(key, iv, plaintext);
          expect(ciphertext.length % 16).toBe(0);
          expect(ciphertext.length).toBeGreaterThan(plaintext.length);
          expect(toHex(seedCbcDecrypt(key, iv, ciphertext))).toBe(toHex(plaintext));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: loginKey round-trips any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (text) => {
        expect(openLoginKey(makeLoginKey(text, KEY, IV), KEY, IV)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('SEED-CBC rejections', () => {
  /** Encrypts one crafted final block whose decryption is exactly `lastBlock`. */
  function withFinalBlock(lastBlock: number[]): Uint8Array {
    const plaintext = new Uint8Array(32).fill(0x41);
    plaintext.set(lastBlock, 16);
    return rawCbcEncrypt(KEY, IV, plaintext);
  }

  it('accepts correctly crafted padding (sanity check of the crafting helper)', () => {
    const block = new Array<number>(16).fill(0x41);
    block.fill(3, 13);
    expect(seedCbcDecrypt(KEY, IV, withFinalBlock(block)).length).toBe(29);
  });

  it.each([
    ['a zero pad byte', [...new Array<number>(15).fill(0x41), 0x00]],
    ['a pad byte above 16', [...new Array<number>(15).fill(0x41), 0x11]],
    ['a pad byte of 0xff', [...new Array<number>(15).fill(0x41), 0xff]],
    ['inconsistent pad bytes', [...new Array<number>(13).fill(0x41), 0x03, 0x02, 0x03]],
    ['a full pad block with one wrong byte', [0x0f, ...new Array<number>(15).fill(0x10)]],
  ])('rejects %s', (_label, lastBlock) => {
    const ciphertext = withFinalBlock(lastBlock);
    expect(() => seedCbcDecrypt(KEY, IV, ciphertext)).toThrow(SeedCipherError);
    expect(() => seedCbcDecrypt(KEY, IV, ciphertext)).toThrow(/invalid PKCS#7 padding/);
  });

  it('rejects ciphertext lengths that are zero or not a multiple of 16', () => {
    for (const n of [0, 1, 15, 17, 31, 33]) {
      expect(() => seedCbcDecrypt(KEY, IV, new Uint8Array(n))).toThrow(
        /length must be a positive multiple of 16 bytes/,
      );
    }
  });

  it('rejects wrong key and IV sizes', () => {
    expect(() => seedCbcEncrypt(new Uint8Array(24), IV, new Uint8Array(1))).toThrow(/key must be 16 bytes/);
    expect(() => seedCbcEncrypt(KEY, new Uint8Array(8), new Uint8Array(1))).toThrow(/iv must be 16 bytes/);
    expect(() => makeLoginKey('1', KEY, new Uint8Array(0))).toThrow(SeedCipherError);
  });

  it('openLoginKey rejects malformed base64', () => {
    expect(() => openLoginKey('not base64!!', KEY, IV)).toThrow(/invalid base64/);
  });
});

describe('base64 helpers', () => {
  it('round-trip all byte values and large inputs', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toHex(base64ToBytes(bytesToBase64(all)))).toBe(toHex(all));
    const big = new Uint8Array(100_000).map((_, i) => (i * 31) & 0xff);
    expect(toHex(base64ToBytes(bytesToBase64(big)))).toBe(toHex(big));
    expect(bytesToBase64(new TextEncoder().encode('hello'))).toBe('aGVsbG8=');
  });
});
