import { addDays } from '@hamkke/contract/seoul-day';

/**
 * The month calendar of the activity pages: a Sunday-first grid of `YYYY-MM-DD` Seoul days, the
 * mark of each day, and where the arrow keys move focus.
 */

export type Month = string;

/** `2026-11-20` → `2026-11`. */
export function monthOf(day: string): Month {
  return day.slice(0, 7);
}

/** The month `count` months after (or before) `month`. */
export function addMonths(month: Month, count: number): Month {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  return `${String(nextYear).padStart(4, '0')}-${String(nextMonth).padStart(2, '0')}`;
}

export function daysInMonth(month: Month): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** Weeks of the month, Sunday first; `null` pads the days of the neighbouring months. */
export function monthGrid(month: Month): Array<Array<string | null>> {
  const first = `${month}-01`;
  const cells: Array<string | null> = Array.from({ length: weekdayOf(first) }, () => null);
  for (let day = 1; day <= daysInMonth(month); day += 1) {
    cells.push(`${month}-${String(day).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

export interface DayStatus {
  certifiedCount: number;
  missionCount: number;
}

/** `some`: at least one certification; `full`: every mission of the day certified. */
export type DayMark = 'none' | 'some' | 'full';

export function dayMark(status: DayStatus | undefined): DayMark {
  if (!status || status.certifiedCount <= 0) return 'none';
  return status.missionCount > 0 && status.certifiedCount >= status.missionCount ? 'full' : 'some';
}

/** The same day of another month, or its last day when that month is shorter (31 → 30). */
function shiftMonth(day: string, count: number): string {
  const month = addMonths(monthOf(day), count);
  const date = Math.min(Number(day.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(date).padStart(2, '0')}`;
}

/**
 * Where focus goes from `day` for a key of the date-grid pattern (WAI-ARIA APG), or `null` for a
 * key the grid does not handle. Never past `lastDay` (the end of the current month).
 */
export function moveFocus(day: string, key: string, lastDay: string): string | null {
  let next: string;
  switch (key) {
    case 'ArrowLeft':
      next = addDays(day, -1);
      break;
    case 'ArrowRight':
      next = addDays(day, 1);
      break;
    case 'ArrowUp':
      next = addDays(day, -7);
      break;
    case 'ArrowDown':
      next = addDays(day, 7);
      break;
    case 'Home':
      next = addDays(day, -weekdayOf(day));
      break;
    case 'End':
      next = addDays(day, 6 - weekdayOf(day));
      break;
    case 'PageUp':
      next = shiftMonth(day, -1);
      break;
    case 'PageDown':
      next = shiftMonth(day, 1);
      break;
    default:
      return null;
  }
  return next > lastDay ? lastDay : next;
}

/** The last day of `month`. */
export function lastDayOf(month: Month): string {
  return `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
}
