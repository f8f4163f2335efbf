import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [1, '00:00:01'],
    [999, '00:00:01'],
    [1_000, '00:00:01'],
    [1_001, '00:00:02'],
    [59_000, '00:00:59'],
    [60_000, '00:01:00'],
    [3_599_000, '00:59:59'],
    [3_600_000, '01:00:00'],
    [86_399_000, '23:59:59'],
    [360_000_000, '100:00:00'],
  ])('%i ms → %s', (ms, expected) => {
    expect(formatCountdown(ms)).toBe(expected);
  });

  it('never shows a negative or broken time', () => {
    expect(formatCountdown(-5_000)).toBe('00:00:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00:00');
  });
});
