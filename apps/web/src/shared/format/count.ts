import { messages } from '../messages.ts';

/**
 * Header count display (spec §5): 10,000 or more as "N.N만", 1,000 or more as "N.N천", below that plain.
 * Always one decimal, as the spec writes it (10,000 → "1.0만", 1,050 → "1.0천"), truncated so a count is
 * never shown larger than it is (19,999 → "1.9만").
 */

/**
 * A whole number with thousands separators, "12,345", as Korean (and English) write it: all the app
 * needs of `Intl.NumberFormat`, whose first use cost the first load some 17 ms here (70 ms on a phone 4×
 * slower). Anything but a safe integer is left to the browser's own formatting.
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('ko-KR');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** A count as a whole, non-negative number; anything else reads as 0. */
function toCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function abbreviate(count: number, unitSize: number, unit: string): string {
  const tenths = Math.floor(count / (unitSize / 10));
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  return `${groupThousands(whole)}.${decimal}${unit}`;
}

export function formatCount(value: number): string {
  const count = toCount(value);
  if (count >= 10_000) return abbreviate(count, 10_000, messages.units.tenThousand);
  if (count >= 1_000) return abbreviate(count, 1_000, messages.units.thousand);
  return String(count);
}

/** The user count is always shown in full with thousands separators (spec §5). */
export function formatUserCount(value: number): string {
  return groupThousands(toCount(value));
}
