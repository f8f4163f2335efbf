import { describe, expect, it } from 'vitest';
import { decodeCp949 } from './cp949.ts';

const bytes = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex');

describe('CP949 decoding', () => {
  it('reads KS X 1001 and the syllables CP949 adds (fixed bytes from the code page)', () => {
    expect(decodeCp949(bytes('c8ab b1e6 b5bf'), { fatal: true })).toBe('홍길동');
    // 똠 (8c 63), 햏 (c1 64), 뷁 (94 ee), 쀍 (97 cd), 갂 (81 41), 퓧 (bf 90): not in KS X 1001.
    expect(decodeCp949(bytes('b1e8 8c63 c0cc'), { fatal: true })).toBe('김똠이');
    expect(decodeCp949(bytes('c164 94ee 97cd 8141 bf90 c8fe'), { fatal: true })).toBe('햏뷁쀍갂퓧힝');
    expect(decodeCp949(bytes('c8b8bff8b9f8c8a3 2c 41 2d 31 0d0a a2e6'), { fatal: true })).toBe(
      '회원번호,A-1\r\n€',
    );
    // Node's own decoder gets the added syllables wrong (a C1 control and a letter), silently.
    expect(new TextDecoder('euc-kr', { fatal: true }).decode(bytes('8c63'))).not.toBe('똠');
  });

  it('refuses bytes that are not CP949, or marks them U+FFFD', () => {
    for (const hex of ['ff41', 'c9a1', '80', 'b1', 'a1a1 c8', '8120']) {
      expect(() => decodeCp949(bytes(hex), { fatal: true }), hex).toThrow(TypeError);
    }
    expect(decodeCp949(bytes('b1e8 ff 41 c0cc'))).toBe('김\uFFFDA이');
    expect(decodeCp949(bytes('41 b1'))).toBe('A\uFFFD');
  });
});
