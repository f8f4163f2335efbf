import { describe, expect, it } from 'vitest';
import { formatCount, formatUserCount } from './count.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1천'],
    [1_050, '1천'],
    [1_099, '1천'],
    [1_100, '1.1천'],
    [1_234, '1.2천'],
    [9_999, '9.9천'],
    [10_000, '1만'],
    [12_345, '1.2만'],
    [19_999, '1.9만'],
    [99_999, '9.9만'],
    [100_000, '10만'],
    [123_456, '12.3만'],
    [9_999_999, '999.9만'],
    [100_000_000, '10,000만'],
  ])('%i → %s', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it('reads fractional, negative and non-finite values safely', () => {
    expect(formatCount(999.9)).toBe('999');
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('formatUserCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [1_234, '1,234'],
    [9_999, '9,999'],
    [10_000, '10,000'],
    [99_999, '99,999'],
    [100_000_000, '100,000,000'],
  ])('%i → %s', (value, expected) => {
    expect(formatUserCount(value)).toBe(expected);
  });
});
