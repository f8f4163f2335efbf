import { describe, expect, it } from 'vitest';
import { competitionPlaces } from './ranking.ts';

describe('standard competition ranking (decision 026)', () => {
  const same = (a: number, b: number) => a === b;

  it('lets equal entries share a place and skips the places they took (1, 1, 3)', () => {
    expect(competitionPlaces([9, 9, 7], same)).toEqual([1, 1, 3]);
    expect(competitionPlaces([9, 7, 7, 7, 2], same)).toEqual([1, 2, 2, 2, 5]);
    expect(competitionPlaces([0, 0, 0, 0], same)).toEqual([1, 1, 1, 1]);
    expect(competitionPlaces([], same)).toEqual([]);
  });
});
