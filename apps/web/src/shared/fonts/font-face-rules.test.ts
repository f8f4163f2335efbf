import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseFontFaceRules } from './font-face-rules.ts';

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
