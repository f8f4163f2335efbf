import { describe, expect, it } from 'vitest';
import {
  formatFullDay,
  formatLongDay,
  formatMonth,
  formatSeoulDate,
  formatSeoulDateTime,
  formatSeoulDayTime,
  formatSeoulTime,
  formatShortDay,
} from './date.ts';

describe('Korean day formats', () => {
  it('formats a day with its weekday', () => {
    expect(formatShortDay('2026-11-20')).toBe('11월 20일 (금)');
    expect(formatShortDay('2024-02-29')).toBe('2월 29일 (목)');
  });

  it('rejects text that is not a real day', () => {
    expect(formatShortDay('2026-02-30')).toBeNull();
    expect(formatShortDay('20261120')).toBeNull();
  });

  it('formats a full date and leaves unknown text as written', () => {
    expect(formatFullDay('2026-01-05')).toBe('2026년 1월 5일');
    expect(formatFullDay('soon')).toBe('soon');
  });
});

describe('calendar and time formats', () => {
  it('spells the day with its full weekday for screen readers', () => {
    expect(formatLongDay('2026-11-20')).toBe('11월 20일 금요일');
    expect(formatLongDay('nope')).toBe('nope');
  });

  it('names a month', () => {
    expect(formatMonth('2026-11')).toBe('2026년 11월');
    expect(formatMonth('2026-13')).toBe('2026-13');
  });

  it('shows instants in Seoul time whatever the machine zone', () => {
    // 23:30 UTC on the 19th is 08:30 on the 20th in Seoul.
    expect(formatSeoulDate('2026-11-19T23:30:00Z')).toBe('2026. 11. 20.');
    expect(formatSeoulTime('2026-11-19T23:30:00Z')).toBe('08:30');
    expect(formatSeoulTime('2026-11-20T06:05:00Z')).toBe('15:05');
    expect(formatSeoulDate('yesterday')).toBe('yesterday');
  });

  it('gives the day, weekday and time of an instant in Seoul, for link expiries', () => {
    expect(formatSeoulDayTime('2026-11-23T05:00:00Z')).toBe('11월 23일 (월) 14:00');
    // 16:30 UTC on Sunday the 22nd is already Monday 01:30 in Seoul.
    expect(formatSeoulDayTime('2026-11-22T16:30:00.000Z')).toBe('11월 23일 (월) 01:30');
    expect(formatSeoulDayTime('later')).toBe('later');
  });
});

describe('the hand-written formats', () => {
  const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('ko-KR', options);
  const dayFormats = {
    short: intl({ month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }),
    full: intl({ year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    long: intl({ month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' }),
    month: intl({ year: 'numeric', month: 'long', timeZone: 'UTC' }),
  };
  const seoul = {
    date: intl({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'Asia/Seoul' }),
    time: intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' }),
    shortDay: intl({ month: 'long', day: 'numeric', weekday: 'short', timeZone: 'Asia/Seoul' }),
  };

  it("write every third day of 2000-2100, and every month, as Intl.DateTimeFormat('ko-KR') does", () => {
    for (let time = Date.UTC(2000, 0, 1); time < Date.UTC(2101, 0, 1); time += 3 * 86_400_000) {
      const date = new Date(time);
      const day = date.toISOString().slice(0, 10);
      expect(formatShortDay(day), day).toBe(dayFormats.short.format(date));
      expect(formatFullDay(day), day).toBe(dayFormats.full.format(date));
      expect(formatLongDay(day), day).toBe(dayFormats.long.format(date));
    }
    for (let month = 0; month < 101 * 12; month += 1) {
      const date = new Date(Date.UTC(2000, month, 1));
      expect(formatMonth(date.toISOString().slice(0, 7))).toBe(dayFormats.month.format(date));
    }
  });

  it("write instants in Seoul as Intl.DateTimeFormat('ko-KR') does, every 7 hours 13 minutes of 2020-2030", () => {
    for (
      let time = Date.UTC(2020, 0, 1);
      time < Date.UTC(2031, 0, 1);
      time += (7 * 60 + 13) * 60_000 + 17_000
    ) {
      const iso = new Date(time).toISOString();
      expect(formatSeoulDate(iso), iso).toBe(seoul.date.format(time));
      expect(formatSeoulTime(iso), iso).toBe(seoul.time.format(time));
      expect(formatSeoulDayTime(iso), iso).toBe(`${seoul.shortDay.format(time)} ${seoul.time.format(time)}`);
    }
  });
});

describe('formatSeoulDateTime', () => {
  // Chromium writes the day period in Korean; Node's ICU data may write AM/PM: held to Intl's fields,
  // with the day period in Korean.
  const intl = new Intl.DateTimeFormat('ko-KR', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const korean: Record<string, string> = { AM: '오전', PM: '오후', 오전: '오전', 오후: '오후' };
  const intlText = (time: number) =>
    intl
      .formatToParts(time)
      .map((part) => (part.type === 'dayPeriod' ? korean[part.value] : part.value))
      .join('');

  it('writes the date and the twelve-hour time in Seoul, as Chromium does', () => {
    expect(formatSeoulDateTime('2026-11-25T06:04:00Z')).toBe('2026. 11. 25. 오후 03:04');
    expect(formatSeoulDateTime('2026-11-25T15:00:00Z')).toBe('2026. 11. 26. 오전 12:00');
    expect(formatSeoulDateTime('2026-11-25T03:30:00Z')).toBe('2026. 11. 25. 오후 12:30');
    expect(formatSeoulDateTime('2026-11-24T23:59:00Z')).toBe('2026. 11. 25. 오전 08:59');
    expect(formatSeoulDateTime('not a date')).toBe('not a date');
  });

  it("matches Intl.DateTimeFormat('ko-KR') every 7 hours 13 minutes of 2020-2030", () => {
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2031, 0, 1); time += (7 * 60 + 13) * 60_000) {
      const iso = new Date(time).toISOString();
      expect(formatSeoulDateTime(iso), iso).toBe(intlText(time));
    }
  });
});
