import { describe, expect, it } from 'vitest';
import { formatFullDay, formatShortDay } from './date.ts';

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
