import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseFontFaceRules, parseUnicodeRange, textUsesRange } from './font-face-rules.ts';

const require = createRequire(import.meta.url);

describe('parseFontFaceRules', () => {
  it("reads every one of Pretendard's @font-face rules with its file, weights and characters", () => {
    const css = fs.readFileSync(
      require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
      'utf8',
    );
    const rules = parseFontFaceRules(css);
    expect(rules).toHaveLength((css.match(/@font-face/g) ?? []).length);
    expect(rules).toHaveLength(92);
    for (const rule of rules) {
      expect(rule.family).toBe('Pretendard Variable');
      expect(rule.source).toMatch(
        /^url\(.+PretendardVariable\.subset\.\d+\.woff2\) format\('woff2-variations'\)$/,
      );
      expect(rule.descriptors).toEqual({
        style: 'normal',
        weight: '45 920',
        display: 'swap',
        unicodeRange: expect.stringMatching(/^U\+[0-9a-f]/i) as string,
      });
    }
  });

  it('reads a minified rule as the build writes it, and skips a rule without a family or a source', () => {
    const rules = parseFontFaceRules(
      '@font-face{font-family:"A B";font-display:swap;src:url(/assets/a-1.woff2)format("woff2");unicode-range:U+AC00-D7A3}' +
        '@font-face{font-family:C}@font-face{src:url(/x.woff2)}',
    );
    expect(rules).toEqual([
      {
        family: 'A B',
        source: 'url(/assets/a-1.woff2)format("woff2")',
        descriptors: { display: 'swap', unicodeRange: 'U+AC00-D7A3' },
      },
    ]);
  });
});

describe('parseUnicodeRange and textUsesRange', () => {
  it('reads single points, ranges and wildcards, and skips what it cannot read', () => {
    expect(parseUnicodeRange('U+f9ca-fa0b, U+ff07,U+4??, nonsense')).toEqual([
      [0xf9ca, 0xfa0b],
      [0xff07, 0xff07],
      [0x400, 0x4ff],
    ]);
  });

  it("tells which of Pretendard's subsets a text needs: one for 가, none for a character it lacks", () => {
    const css = fs.readFileSync(
      require.resolve('pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css'),
      'utf8',
    );
    const ranges = parseFontFaceRules(css).map((rule) => parseUnicodeRange(rule.descriptors.unicodeRange!));
    const points = (text: string) => new Set([...text].map((character) => character.codePointAt(0)!));
    expect(ranges.filter((range) => textUsesRange(points('가'), range))).toHaveLength(1);
    expect(ranges.filter((range) => textUsesRange(points('가가가'), range))).toHaveLength(1);
    expect(ranges.filter((range) => textUsesRange(points('\u{1F600}'), range))).toHaveLength(0);
    expect(textUsesRange(points('abc'), [[0x61, 0x61]])).toBe(true);
    expect(textUsesRange(points('bc'), [[0x61, 0x61]])).toBe(false);
  });
});
