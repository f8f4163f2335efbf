import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GROUPS_CSS } from '../../../font-groups.ts';
import { codePointsOf, coversAnyOf, parseFontFaceRules } from './font-face-rules.ts';

describe('parseFontFaceRules', () => {
  it("reads every one of Pretendard's @font-face rules with its file, weights and characters", () => {
    const css = fs.readFileSync(GROUPS_CSS, 'utf8');
    const rules = parseFontFaceRules(css);
    expect(rules).toHaveLength((css.match(/@font-face/g) ?? []).length);
    expect(rules).toHaveLength(12);
    for (const rule of rules) {
      expect(rule.family).toBe('Pretendard Variable');
      expect(rule.source).toMatch(
        /^url\(.+PretendardVariable\.group\.\d+\.woff2\) format\('woff2-variations'\)$/,
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

describe('coversAnyOf', () => {
  it('finds a character of the text inside a range, a single code point or a wildcard', () => {
    expect(coversAnyOf('U+ac00-d7a3', codePointsOf('함께'))).toBe(true);
    expect(coversAnyOf('U+0020, U+0041-005a', codePointsOf('A'))).toBe(true);
    expect(coversAnyOf('U+0020, U+0041-005a', codePointsOf(' '))).toBe(true);
    expect(coversAnyOf('U+4??', codePointsOf('Ѐ'))).toBe(true);
  });

  it('says no when no character of the text is in the ranges', () => {
    expect(coversAnyOf('U+ac00-d7a3', codePointsOf('abc 123'))).toBe(false);
    expect(coversAnyOf('U+0041-005a', codePointsOf('abc'))).toBe(false);
    expect(coversAnyOf('U+4??', codePointsOf('Ԁ'))).toBe(false);
    expect(coversAnyOf('U+0041-005a', codePointsOf(''))).toBe(false);
  });

  it("takes a rule without a range as covering any text, and Pretendard's subsets of /home's words", () => {
    expect(coversAnyOf(undefined, codePointsOf('가'))).toBe(true);
    const rules = parseFontFaceRules(fs.readFileSync(GROUPS_CSS, 'utf8'));
    const needed = rules.filter((rule) =>
      coversAnyOf(rule.descriptors.unicodeRange, codePointsOf('오늘의 미션')),
    );
    // Each of the five syllables and the space sits in one subset; some share one.
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.length).toBeLessThanOrEqual(6);
    for (const char of '오늘의미션')
      expect(needed.some((rule) => coversAnyOf(rule.descriptors.unicodeRange, codePointsOf(char)))).toBe(
        true,
      );
  });
});
