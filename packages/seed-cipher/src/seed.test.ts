import { describe, expect, it } from 'vitest';

import { SeedCipherError, decryptBlock, encryptBlock, expandKey } from './seed.ts';
import { KC, S1, S2, SS0, SS1, SS2, SS3 } from './tables.ts';

function hex(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** RFC 4269 Appendix B: the four known-answer vectors (also KISA's reference values). */
const RFC4269_VECTORS = [
  {
    name: 'B.1',
    key: '00000000000000000000000000000000',
    plaintext: '000102030405060708090A0B0C0D0E0F',
    ciphertext: '5EBAC6E0054E166819AFF1CC6D346CDB',
  },
  {
    name: 'B.2',
    key: '000102030405060708090A0B0C0D0E0F',
    plaintext: '00000000000000000000000000000000',
    ciphertext: 'C11F22F20140505084483597E4370F43',
  },
  {
    name: 'B.3',
    key: '4706480851E61BE85D74BFB3FD956185',
    plaintext: '83A2F8A288641FB9A4E9A5CC2F131C7D',
    ciphertext: 'EE54D13EBCAE706D226BC3142CD40D4A',
  },
  {
    name: 'B.4',
    key: '28DBC3BC49FFD87DCFA509B11D422BE7',
    plaintext: 'B41E6BE2EBA84A148E2EED84593C5EC7',
    ciphertext: '9B9B7BFCD1813CB95D0B3618F40F5122',
  },
] as const;

describe('SEED block cipher — RFC 4269 Appendix B vectors', () => {
  for (const v of RFC4269_VECTORS) {
    it(`${v.name}: encrypts ${v.plaintext} to ${v.ciphertext}`, () => {
      const roundKeys = expandKey(hex(v.key));
      expect(toHex(encryptBlock(roundKeys, hex(v.plaintext)))).toBe(v.ciphertext);
    });

    it(`${v.name}: decrypts ${v.ciphertext} back to ${v.plaintext}`, () => {
      const roundKeys = expandKey(hex(v.key));
      expect(toHex(decryptBlock(roundKeys, hex(v.ciphertext)))).toBe(v.plaintext);
    });
  }

  it('B.1: key schedule yields the published round keys K1..K16', () => {
    // Intermediate values of the all-zero-key vector from KISA's SEED-128 reference document.
    const expected = [
      '7C8F8C7E C737A22C',
      'FF276CDB A7CA684A',
      '2F9D01A1 70049E41',
      'AE59B3C4 4245E90C',
      'A1D6400F DBC1394E',
      '85963508 0C5F1FCB',
      'B684BDA7 61A4AEAE',
      'D17E0741 FEE90AA1',
      '76CC05D5 E97A7394',
      '50AC6F92 1B2666E5',
      '65B7904A 8EC3A7B3',
      '2F7E2E22 A2B121B9',
      '4D0BFDE4 4E888D9B',
      '631C8DDC 4378A6C4',
      '216AF65F 7878C031',
      '71891150 98B255B0',
    ];
    const roundKeys = expandKey(new Uint8Array(16));
    const actual = expected.map((_, i) =>
      [roundKeys[2 * i]!, roundKeys[2 * i + 1]!]
        .map((w) => w.toString(16).toUpperCase().padStart(8, '0'))
        .join(' '),
    );
    expect(actual).toEqual(expected);
  });
});

describe('SEED tables', () => {
  it('S1 and S2 are permutations of 0..255', () => {
    expect(new Set(S1).size).toBe(256);
    expect(new Set(S2).size).toBe(256);
  });

  /** Multiplication in GF(2^8) modulo x^8 + x^6 + x^5 + x + 1 (0x163), the SEED field. */
  function gfMul(a: number, b: number): number {
    let r = 0;
    while (b !== 0) {
      if (b & 1) r ^= a;
      b >>= 1;
      a <<= 1;
      if (a & 0x100) a ^= 0x163;
    }
    return r;
  }

  function gfPow(a: number, e: number): number {
    let r = 1;
    for (; e !== 0; e >>= 1, a = gfMul(a, a)) if (e & 1) r = gfMul(r, a);
    return r;
  }

  /**
   * RFC 4269 Appendix A defines S1(x) = A1 · x^247 ⊕ 169 and S2(x) = A2 · x^251 ⊕ 56 for
   * fixed 8×8 binary matrices. Take the matrix columns from the table at the eight points
   * where x^e is a basis vector, then require every one of the 256 entries to agree: a single
   * mistyped byte anywhere in a table breaks this.
   */
  function satisfiesAlgebraicDefinition(sbox: Uint8Array, exponent: number, constant: number): boolean {
    const preimage = new Map<number, number>();
    for (let x = 0; x < 256; x++) preimage.set(gfPow(x, exponent), x);
    if (preimage.size !== 256) return false;
    const columns = Array.from({ length: 8 }, (_, j) => sbox[preimage.get(1 << j)!]! ^ constant);
    for (let x = 0; x < 256; x++) {
      const y = gfPow(x, exponent);
      let v = constant;
      for (let j = 0; j < 8; j++) if ((y >> j) & 1) v ^= columns[j]!;
      if (v !== sbox[x]) return false;
    }
    return true;
  }

  it('S1 is affine in x^247 with constant 169, as RFC 4269 Appendix A defines it', () => {
    expect(satisfiesAlgebraicDefinition(S1, 247, 169)).toBe(true);
  });

  it('S2 is affine in x^251 with constant 56, as RFC 4269 Appendix A defines it', () => {
    expect(satisfiesAlgebraicDefinition(S2, 251, 56)).toBe(true);
  });

  it('derived SS-boxes match the published SS0..SS3 tables at sampled entries', () => {
    // Values as printed in the reference SS-box tables (KISA / Linux crypto/seed.c).
    const samples: [Uint32Array, number, number][] = [
      [SS0, 0x00, 0x2989a1a8],
      [SS0, 0x01, 0x05858184],
      [SS0, 0x5a, 0x00000000],
      [SS0, 0xff, 0x1a8a9298],
      [SS1, 0x00, 0x38380830],
      [SS1, 0x01, 0xe828c8e0],
      [SS1, 0xd6, 0x00000000],
      [SS1, 0xff, 0xb43787b3],
      [SS2, 0x00, 0xa1a82989],
      [SS2, 0x01, 0x81840585],
      [SS2, 0xff, 0x92981a8a],
      [SS3, 0x00, 0x08303838],
      [SS3, 0x01, 0xc8e0e828],
      [SS3, 0xff, 0x87b3b437],
    ];
    for (const [table, index, value] of samples) expect(table[index]).toBe(value);
  });

  it('KC constants are the golden-ratio word rotated left one bit per round', () => {
    expect(KC[0]).toBe(0x9e3779b9);
    expect(KC[1]).toBe(0x3c6ef373);
    expect(KC[15]).toBe(0xbcdccf1b);
  });
});

describe('SEED block API', () => {
  it('rejects keys and blocks of the wrong size', () => {
    expect(() => expandKey(new Uint8Array(15))).toThrow(SeedCipherError);
    expect(() => expandKey(new Uint8Array(32))).toThrow(/key must be 16 bytes, got 32/);
    const roundKeys = expandKey(new Uint8Array(16));
    expect(() => encryptBlock(roundKeys, new Uint8Array(17))).toThrow(/block must be 16 bytes/);
    expect(() => decryptBlock(roundKeys, new Uint8Array(0))).toThrow(SeedCipherError);
    expect(() => encryptBlock(new Uint32Array(4), new Uint8Array(16))).toThrow(/expandKey/);
  });

  it('leaves its inputs untouched', () => {
    const key = hex(RFC4269_VECTORS[2].key);
    const block = hex(RFC4269_VECTORS[2].plaintext);
    const roundKeys = expandKey(key);
    encryptBlock(roundKeys, block);
    expect(toHex(key)).toBe(RFC4269_VECTORS[2].key);
    expect(toHex(block)).toBe(RFC4269_VECTORS[2].plaintext);
  });
});
