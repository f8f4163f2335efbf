import { seoulWallClock } from '@hamkke/contract/seoul-day';
import { messages } from '../messages.ts';

/**
 * Korean date formats for `YYYY-MM-DD` calendar days (already Asia/Seoul days, so read as written) and
 * for instants (shown in Seoul): "11월 20일 (금)", "2026년 11월 20일", "15:05".
 *
 * Written out by hand rather than with `Intl.DateTimeFormat`: its first use in a page costs some 40 ms
 * here (170 ms on a phone 4× slower), in the middle of /home's first render, for patterns this plain.
 * A unit test holds every function to `Intl.DateTimeFormat('ko-KR')`'s answer over a century of days.
 */

const { dates } = messages;

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: string;
  hours: number;
  minutes: number;
}

/** The calendar parts of a date read in UTC (a day as written, or an instant moved to Seoul). */
function partsOf(date: Date): Parts {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: dates.weekdays[date.getUTCDay()]!,
    hours: date.getUTCHours(),
    minutes: date.getUTCMinutes(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function parseDay(day: string): Parts | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || !date.toISOString().startsWith(day) ? null : partsOf(date);
}

/** An instant's parts in Seoul, or `null` when the text is not a date. */
function parseInstant(iso: string): Parts | null {
  const time = new Date(iso).getTime();
  return Number.isNaN(time) ? null : partsOf(seoulWallClock(new Date(time)));
}

const shortDay = ({ month, day, weekday }: Parts) => dates.shortDay(month, day, weekday);

/** "11월 20일 (금)"; `null` when the text is not a real `YYYY-MM-DD` day. */
export function formatShortDay(day: string): string | null {
  const parts = parseDay(day);
  return parts ? shortDay(parts) : null;
}

/** "2026년 11월 20일"; the raw text when it is not a real `YYYY-MM-DD` day. */
export function formatFullDay(day: string): string {
  const parts = parseDay(day);
  return parts ? dates.fullDay(parts.year, parts.month, parts.day) : day;
}

/** "11월 20일 금요일", for screen readers; the raw text when it is not a real day. */
export function formatLongDay(day: string): string {
  const parts = parseDay(day);
  return parts ? dates.longDay(parts.month, parts.day, parts.weekday) : day;
}

/** "2026년 11월" for a `YYYY-MM` month; the raw text otherwise. */
export function formatMonth(month: string): string {
  const parts = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? parseDay(`${month}-01`) : null;
  return parts ? dates.month(parts.year, parts.month) : month;
}

const seoulDate = ({ year, month, day }: Parts) => `${year}. ${twoDigits(month)}. ${twoDigits(day)}.`;

/** "2026. 11. 20." of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulDate(iso: string): string {
  const parts = parseInstant(iso);
  return parts ? seoulDate(parts) : iso;
}

const time = ({ hours, minutes }: Parts) => `${twoDigits(hours)}:${twoDigits(minutes)}`;

/** "15:05" of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulTime(iso: string): string {
  const parts = parseInstant(iso);
  return parts ? time(parts) : iso;
}

/** "11월 23일 (월) 14:00" of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulDayTime(iso: string): string {
  const parts = parseInstant(iso);
  return parts ? `${shortDay(parts)} ${time(parts)}` : iso;
}

/**
 * "2026. 11. 20. 오후 03:05" of an instant, in Seoul, as Chromium's `Intl.DateTimeFormat('ko-KR')` writes
 * it with two-digit fields (the console's lists); the raw text when it is not a date.
 */
export function formatSeoulDateTime(iso: string): string {
  const parts = parseInstant(iso);
  if (!parts) return iso;
  const { hours, minutes } = parts;
  const period = dates.dayPeriods[hours < 12 ? 0 : 1];
  return `${seoulDate(parts)} ${period} ${twoDigits(hours % 12 || 12)}:${twoDigits(minutes)}`;
}
