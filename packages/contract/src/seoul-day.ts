/* Without zod: the web app's first load reads days with this (dates.ts builds its schema from it). */

/** Every "day" in the product is a calendar day in Korea. */
export const SERVICE_TIME_ZONE = 'Asia/Seoul';

/**
 * Korea has kept UTC+9 without daylight saving since 1988, so a Seoul day is the UTC day nine hours
 * later: plain arithmetic, where `Intl.DateTimeFormat` took about 8 µs a call (2.6 % of a signed-in
 * list's server time; issue 12). A unit test holds it to `Intl`'s answer for Asia/Seoul.
 */
const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * An instant moved to Seoul's wall clock: a `Date` whose UTC fields (`getUTCHours()`, `toISOString()`…)
 * read the time in Seoul. For formatting only; it names another instant.
 */
export function seoulWallClock(instant: Date): Date {
  return new Date(instant.getTime() + SEOUL_OFFSET_MS);
}

/** The Asia/Seoul calendar day of an instant, as `YYYY-MM-DD`. */
export function seoulDay(instant: Date = new Date()): string {
  return seoulWallClock(instant).toISOString().slice(0, 10);
}

/** An instant as Seoul wall time, `YYYY-MM-DDTHH:mm` (what a `datetime-local` input holds). */
export function seoulDateTime(instant: Date): string {
  return seoulWallClock(instant).toISOString().slice(0, 16);
}

/** The instant of a Seoul wall time `YYYY-MM-DDTHH:mm` (a `datetime-local` input's value); invalid when it is not one. */
export function seoulDateTimeInstant(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return new Date(Number.NaN);
  return new Date(Date.parse(`${value}:00Z`) - SEOUL_OFFSET_MS);
}

/**
 * The instant a Seoul day starts: its midnight in Korea, 15:00 UTC the day before. The server
 * compares stored UTC timestamps with it (a day's sign-ups, a log filter, a team's running days).
 */
export function seoulDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - SEOUL_OFFSET_MS);
}

/** The instant a Seoul day ends, exclusive: the start of the next day. */
export function seoulDayEnd(day: string): Date {
  return seoulDayStart(addDays(day, 1));
}

/** A calendar day as it appears in URLs and bodies: `YYYY-MM-DD`. */
export const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a `YYYY-MM-DD` that names a day of the calendar (not 2026-02-30). */
export function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** True for a well-formed, real `YYYY-MM-DD` day (what `isoDaySchema` accepts). */
export function isIsoDay(value: string): boolean {
  return ISO_DAY_PATTERN.test(value) && isRealDay(value);
}

/** The day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
