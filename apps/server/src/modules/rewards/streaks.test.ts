import { describe, expect, it } from 'vitest';
import { seoulDay } from '@hamkke/contract/dates';
import { streakOf } from './streaks.ts';

describe('streaks of Seoul days', () => {
  it('counts a run across a month end and a year end', () => {
    const days = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'];
    expect(streakOf(days, '2027-01-02')).toEqual({ current: 4, longest: 4, lastDay: '2027-01-02' });
    expect(streakOf(['2026-02-27', '2026-02-28', '2026-03-01'], '2026-03-01').current).toBe(3);
    // 2028 is a leap year: 02-28 → 02-29 → 03-01 is one run; 02-28 → 03-01 is not.
    expect(streakOf(['2028-02-28', '2028-02-29', '2028-03-01'], '2028-03-01').current).toBe(3);
    expect(streakOf(['2028-02-28', '2028-03-01'], '2028-03-01').current).toBe(1);
  });

  it('keeps the current streak until the day without a certification has ended', () => {
    const days = ['2026-11-18', '2026-11-19'];
    // Today (11-20) has none yet: the streak still stands.
    expect(streakOf(days, '2026-11-20')).toMatchObject({ current: 2, longest: 2 });
    // The next day it is broken; the longest remembers it.
    expect(streakOf(days, '2026-11-21')).toMatchObject({ current: 0, longest: 2 });
  });

  it('finds the longest run anywhere, ignoring repeats and order', () => {
    const days = [
      '2026-11-05',
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-03',
      '2026-11-10',
      '2026-11-11',
    ];
    expect(streakOf(days, '2026-11-11')).toEqual({ current: 2, longest: 3, lastDay: '2026-11-11' });
    expect(streakOf([], '2026-11-11')).toEqual({ current: 0, longest: 0, lastDay: null });
  });

  it('counts days as Seoul days: 23:59 and 00:01 in Seoul are two days, whatever UTC says', () => {
    // 2026-11-19 23:59 in Seoul is 14:59 UTC; 2026-11-20 00:01 in Seoul is 15:01 UTC the same UTC day.
    const days = ['2026-11-19T14:59:00Z', '2026-11-19T15:01:00Z'].map((iso) => seoulDay(new Date(iso)));
    expect(days).toEqual(['2026-11-19', '2026-11-20']);
    expect(streakOf(days, '2026-11-20').current).toBe(2);
  });
});
