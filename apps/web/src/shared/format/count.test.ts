import { describe, expect, it } from 'vitest';
import { formatCount, formatUserCount, groupThousands } from './count.ts';

describe('formatCount', () => {
  // Spec §5: N.N and the unit from 1,000 up, always one decimal, truncated (issue 27 item 2).
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0천'],
    [1_050, '1.0천'],
    [1_099, '1.0천'],
    [1_100, '1.1천'],
    [1_234, '1.2천'],
    [9_999, '9.9천'],
    [10_000, '1.0만'],
    [12_345, '1.2만'],
    [19_999, '1.9만'],
    [99_999, '9.9만'],
    [100_000, '10.0만'],
    [123_456, '12.3만'],
    [9_999_999, '999.9만'],
    [100_000_000, '10,000.0만'],
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

describe('groupThousands', () => {
  it('writes whole numbers as Intl.NumberFormat does in Korean and English', () => {
    const korean = new Intl.NumberFormat('ko-KR');
    const english = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [
      0,
      7,
      999,
      1_000,
      12_345,
      999_999,
      1_000_000,
      1_234_567_890,
      -1,
      -1_234,
      Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) values.push(n, -n);
    for (const value of values) {
      expect(groupThousands(value), String(value)).toBe(korean.format(value));
      expect(groupThousands(value), String(value)).toBe(english.format(value));
    }
  });

  it("leaves what is not a safe integer to the browser's formatting", () => {
    expect(groupThousands(1234.5)).toBe((1234.5).toLocaleString('ko-KR'));
    expect(groupThousands(Number.NaN)).toBe(Number.NaN.toLocaleString('ko-KR'));
  });
});
