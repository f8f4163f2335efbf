/**
 * Korean day formats for `YYYY-MM-DD` calendar days (already Asia/Seoul days, so formatted in UTC
 * to keep the day as written): "11월 20일 (금)" and "2026년 11월 20일".
 */

const shortDayFormat = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'UTC',
});

const fullDayFormat = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function parseDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || !date.toISOString().startsWith(day) ? null : date;
}

/** "11월 20일 (금)"; `null` when the text is not a real `YYYY-MM-DD` day. */
export function formatShortDay(day: string): string | null {
  const date = parseDay(day);
  return date ? shortDayFormat.format(date) : null;
}

/** "2026년 11월 20일"; the raw text when it is not a real `YYYY-MM-DD` day. */
export function formatFullDay(day: string): string {
  const date = parseDay(day);
  return date ? fullDayFormat.format(date) : day;
}

const longDayFormat = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  weekday: 'long',
  timeZone: 'UTC',
});

const monthFormat = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', timeZone: 'UTC' });

const seoulDateFormat = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Asia/Seoul',
});

const seoulTimeFormat = new Intl.DateTimeFormat('ko-KR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

/** "11월 20일 금요일", for screen readers; the raw text when it is not a real day. */
export function formatLongDay(day: string): string {
  const date = parseDay(day);
  return date ? longDayFormat.format(date) : day;
}

/** "2026년 11월" for a `YYYY-MM` month; the raw text otherwise. */
export function formatMonth(month: string): string {
  const date = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? parseDay(`${month}-01`) : null;
  return date ? monthFormat.format(date) : month;
}

function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2026. 11. 20." of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulDate(iso: string): string {
  const date = parseInstant(iso);
  return date ? seoulDateFormat.format(date) : iso;
}

/** "15:05" of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulTime(iso: string): string {
  const date = parseInstant(iso);
  return date ? seoulTimeFormat.format(date) : iso;
}

const seoulShortDayFormat = new Intl.DateTimeFormat('ko-KR', {
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  timeZone: 'Asia/Seoul',
});

/** "11월 23일 (월) 14:00" of an instant, in Seoul; the raw text when it is not a date. */
export function formatSeoulDayTime(iso: string): string {
  const date = parseInstant(iso);
  return date ? `${seoulShortDayFormat.format(date)} ${seoulTimeFormat.format(date)}` : iso;
}
