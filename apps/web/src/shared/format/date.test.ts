import { describe, expect, it } from 'vitest';
import {
  formatFullDay,
  formatLongDay,
  formatMonth,
  formatSeoulDate,
  formatSeoulDayTime,
  formatSeoulTime,
  formatShortDay,
} from './date.ts';

describe('Korean day formats', () => {
  it('formats a day with its weekday', () => {
    expect(formatShortDay('2026-11-20')).toBe('11월 20일 (금)');
    expect(formatShortDay('2024-02-29')).toBe('2월 29일 (목)');
  });

  it('rejects text that is not a real day', () => {
    expect(formatShortDay('2026-02-30')).toBeNull();
    expect(formatShortDay('20261120')).toBeNull();
  });

  it('formats a full date and leaves unknown text as written', () => {
    expect(formatFullDay('2026-01-05')).toBe('2026년 1월 5일');
    expect(formatFullDay('soon')).toBe('soon');
  });
});

describe('calendar and time formats', () => {
  it('spells the day with its full weekday for screen readers', () => {
    expect(formatLongDay('2026-11-20')).toBe('11월 20일 금요일');
    expect(formatLongDay('nope')).toBe('nope');
  });

  it('names a month', () => {
    expect(formatMonth('2026-11')).toBe('2026년 11월');
    expect(formatMonth('2026-13')).toBe('2026-13');
  });

  it('shows instants in Seoul time whatever the machine zone', () => {
    // 23:30 UTC on the 19th is 08:30 on the 20th in Seoul.
    expect(formatSeoulDate('2026-11-19T23:30:00Z')).toBe('2026. 11. 20.');
    expect(formatSeoulTime('2026-11-19T23:30:00Z')).toBe('08:30');
    expect(formatSeoulTime('2026-11-20T06:05:00Z')).toBe('15:05');
    expect(formatSeoulDate('yesterday')).toBe('yesterday');
  });

  it('gives the day, weekday and time of an instant in Seoul, for link expiries', () => {
    expect(formatSeoulDayTime('2026-11-23T05:00:00Z')).toBe('11월 23일 (월) 14:00');
    // 16:30 UTC on Sunday the 22nd is already Monday 01:30 in Seoul.
    expect(formatSeoulDayTime('2026-11-22T16:30:00.000Z')).toBe('11월 23일 (월) 01:30');
    expect(formatSeoulDayTime('later')).toBe('later');
  });
});
