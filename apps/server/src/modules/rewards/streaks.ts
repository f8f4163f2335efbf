import { addDays } from '@hamkke/contract/dates';

/**
 * 연속 인증: 인증한 서울 날짜가 하루도 빠지지 않고 이어진 날 수. The current streak runs up to today,
 * or up to yesterday while today has no certification yet (a streak is not lost before the day
 * ends); the longest is the longest such run ever. `days`: distinct `YYYY-MM-DD`, any order.
 */
export function streakOf(days: readonly string[], today: string) {
  const sorted = [...new Set(days)].sort();
  let longest = 0;
  let run = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    run = index > 0 && addDays(sorted[index - 1]!, 1) === sorted[index] ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const lastDay = sorted.at(-1) ?? null;
  const current = lastDay !== null && (lastDay === today || lastDay === addDays(today, -1)) ? run : 0;
  return { current, longest, lastDay };
}
