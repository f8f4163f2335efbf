import { describe, expect, it } from 'vitest';
import {
  addDays,
  isIsoDay,
  SERVICE_TIME_ZONE,
  seoulDateTime,
  seoulDateTimeInstant,
  seoulDay,
  seoulDayEnd,
  seoulDayStart,
  seoulWallClock,
} from './seoul-day.ts';

const intlDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('seoulDay', () => {
  it('gives the day Intl gives for Asia/Seoul, around midnight and across years', () => {
    const instants = [
      '2026-11-25T14:59:59.999Z', // 23:59:59.999 in Seoul
      '2026-11-25T15:00:00.000Z', // midnight in Seoul
      '2026-12-31T15:00:00.000Z',
      '2028-02-28T15:00:00.000Z', // a leap day
      '1990-06-15T03:00:00.000Z',
    ].map((text) => new Date(text));
    // And an instant every 3 days, 7 hours and 13 minutes (so at every hour of the day) across 2000–2100.
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2100, 0, 1); time += 3 * 86_400_000 + 26_000_000) {
      instants.push(new Date(time));
    }
    for (const instant of instants)
      expect(seoulDay(instant), instant.toISOString()).toBe(intlDay.format(instant));
    expect(seoulDay(new Date('2026-11-25T15:00:00.000Z'))).toBe('2026-11-26');
  });

  it('reads and moves days', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('seoulDayStart and seoulDayEnd', () => {
  it('are the instants of Seoul midnight that begin the day and the next one', () => {
    expect(seoulDayStart('2026-11-20').toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(seoulDayEnd('2026-11-20').toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(seoulDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(seoulDayStart('2028-02-29').toISOString()).toBe('2028-02-28T15:00:00.000Z');
  });

  it('hold every instant of the day and no other, as Intl reads it', () => {
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2100, 0, 1); time += 3 * 86_400_000 + 26_000_000) {
      const instant = new Date(time);
      const day = intlDay.format(instant);
      expect(seoulDayStart(day).getTime()).toBeLessThanOrEqual(time);
      expect(seoulDayEnd(day).getTime()).toBeGreaterThan(time);
      expect(seoulDay(seoulDayStart(day))).toBe(day);
      expect(seoulDay(new Date(seoulDayEnd(day).getTime() - 1))).toBe(day);
    }
  });
});

describe('Seoul wall time', () => {
  const intlWallTime = new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** Intl's `2026-11-25, 09:05` as `2026-11-25T09:05`. */
  const intlDateTime = (instant: Date) => intlWallTime.format(instant).replace(', ', 'T');

  it('starts a Seoul day at its midnight in Seoul, 15:00 UTC the day before', () => {
    expect(seoulDayStart('2026-11-26').toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(seoulDayStart('2027-01-01').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    for (const day of ['2000-01-01', '2024-02-29', '2026-11-26', '2099-12-31']) {
      const start = seoulDayStart(day);
      expect(seoulDay(start), day).toBe(day);
      expect(seoulDay(new Date(start.getTime() - 1)), day).toBe(addDays(day, -1));
    }
    expect(Number.isNaN(seoulDayStart('someday').getTime())).toBe(true);
  });

  it('writes an instant as a datetime-local value in Seoul, as Intl does, and reads it back', () => {
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2100, 0, 1); time += 5 * 86_400_000 + 3_660_000) {
      const instant = new Date(time);
      const local = seoulDateTime(instant);
      expect(local, instant.toISOString()).toBe(intlDateTime(instant));
      // Back to the instant, to the minute.
      expect(seoulDateTimeInstant(local).getTime()).toBe(time - (time % 60_000));
    }
    expect(seoulDateTime(new Date('2026-11-25T15:30:00Z'))).toBe('2026-11-26T00:30');
    expect(seoulDateTimeInstant('2026-11-26T00:30').toISOString()).toBe('2026-11-25T15:30:00.000Z');
    expect(Number.isNaN(seoulDateTimeInstant('').getTime())).toBe(true);
  });

  it("moves an instant to Seoul's wall clock, read by its UTC fields", () => {
    const wall = seoulWallClock(new Date('2026-11-25T14:59:00Z'));
    expect([wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()]).toEqual([25, 23, 59]);
  });
});
