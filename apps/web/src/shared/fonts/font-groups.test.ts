import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GROUPS_CSS,
  GROUPS_DIR,
  PACKAGE_CSS,
  SLICE_GROUPS,
  groupCodePoints,
  groupFileName,
  groupFont,
  groupsCss,
  packageSlices,
  unicodeRangeOf,
} from '../../../font-groups.ts';
import { codePointsOf, coversAnyOf, parseFontFaceRules } from './font-face-rules.ts';
import { SUBSETS } from './font-note.ts';

const slices = packageSlices(fs.readFileSync(PACKAGE_CSS, 'utf8'));

describe("Pretendard's groups (decision 063)", () => {
  it("group the package's 92 slices, every one once, in its order", () => {
    expect(slices.map((slice) => slice.index)).toEqual(Array.from({ length: 92 }, (_, index) => index));
    const grouped = SLICE_GROUPS.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, offset) => first + offset),
    );
    expect(grouped).toEqual(slices.map((slice) => slice.index));
    // A note of the groups used (font-note.ts) holds indexes below the number of groups.
    expect(SUBSETS).toBe(SLICE_GROUPS.length);
  });

  it('cover exactly the characters the slices cover, each in one group', () => {
    const bySlices = groupCodePoints(slices, [0, 91]);
    const byGroups = SLICE_GROUPS.flatMap((group) => groupCodePoints(slices, group));
    expect(byGroups).toHaveLength(bySlices.length);
    expect(new Set(byGroups)).toEqual(new Set(bySlices));
    // Hangul's 11,172 syllables, Latin and digits among them.
    for (const char of '가힣각Aa0?₩') expect(bySlices).toContain(char.codePointAt(0));
  });

  it('are the rules the app reads, as `npm run fonts:pretendard` writes them', () => {
    const written = fs.readFileSync(GROUPS_CSS, 'utf8');
    expect(written).toBe(groupsCss(slices));
    const rules = parseFontFaceRules(written);
    expect(rules.map((rule) => rule.source)).toEqual(
      SLICE_GROUPS.map((_, group) => `url(./${groupFileName(group)}) format('woff2-variations')`),
    );
    // The commonest words are in the last groups, the ones a page's text loads first.
    const used = rules.flatMap((rule, index) =>
      coversAnyOf(rule.descriptors.unicodeRange, codePointsOf('오늘의 미션을 인증했어요')) ? [index] : [],
    );
    expect(used.every((index) => index >= 8)).toBe(true);
  });

  it('are WOFF2 files cut from the whole font as the script cuts them', async () => {
    for (let group = 0; group < SLICE_GROUPS.length; group += 1) {
      const bytes = fs.readFileSync(path.join(GROUPS_DIR, groupFileName(group)));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    // One group cut again (the smallest, about half a second): byte for byte the file in the repository.
    const group = 10;
    expect(
      Buffer.compare(
        await groupFont(slices, group),
        fs.readFileSync(path.join(GROUPS_DIR, groupFileName(group))),
      ),
    ).toBe(0);
  });

  it('write consecutive code points as one range', () => {
    expect(unicodeRangeOf([0x20, 0x21, 0x22, 0x41, 0xac00, 0xac01])).toBe('U+20-22, U+41, U+ac00-ac01');
    expect(unicodeRangeOf([])).toBe('');
  });
});
