import { describe, expect, it } from 'vitest';
import { parseSubsetsUsed } from './font-note.ts';

describe('parseSubsetsUsed', () => {
  it('reads the indexes a visit noted', () => {
    expect(parseSubsetsUsed('[0,3,11]')).toEqual([0, 3, 11]);
  });

  it('reads nothing from no note, an empty one, or one this code did not write', () => {
    for (const text of [null, '', '[]', '{}', '"3"', 'not json', '[12]', '[91]', '[-1]', '[1.5]', '["1"]']) {
      expect([text, parseSubsetsUsed(text)]).toEqual([text, null]);
    }
    expect(parseSubsetsUsed(JSON.stringify(Array.from({ length: 93 }, () => 1)))).toBeNull();
  });
});
