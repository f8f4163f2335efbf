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
