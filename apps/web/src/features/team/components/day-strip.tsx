import { useLayoutEffect, useMemo, useRef } from 'react';
import { formatShortDay } from '@/shared/format/date.ts';
import styles from './team-detail.module.css';
import { teamDetailMessages } from '@/shared/messages/team-detail.ts';

const m = teamDetailMessages;

export interface TeamDay {
  date: string;
  certified: number;
  possible: number;
}

/** "11월 20일 (금)" → "금" and "20": the strip shows the weekday over the day's number. */
function dayParts(date: string): { week: string; day: string; full: string } {
  const full = formatShortDay(date) ?? date;
  const week = /\((.+)\)/.exec(full)?.[1] ?? '';
  return { week, day: String(Number(date.slice(8, 10))), full };
}

/**
 * The team's certified/possible per day as a row of dots, read like a calendar, oldest to newest:
 * empty gray, partly tinted, full in the brand color. The list scrolls sideways and opens scrolled
 * to its newest end (today); each day is read out as one sentence.
 */
export function DayStrip({ days, today, label }: { days: readonly TeamDay[]; today: string; label: string }) {
  const ordered = useMemo(() => [...days].sort((a, b) => a.date.localeCompare(b.date)), [days]);
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const element = list.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [ordered]);
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <ul ref={list} className={styles.days} aria-label={label} tabIndex={0}>
      {ordered.map((day) => {
        const { week, day: number, full } = dayParts(day.date);
        const tone =
          day.possible > 0 && day.certified >= day.possible
            ? styles.dayFull
            : day.certified > 0
              ? styles.dayPartial
              : '';
        const isToday = day.date === today;
        return (
          <li
            key={day.date}
            className={`${styles.day} ${isToday ? styles.dayToday : ''}`}
            data-date={day.date}
          >
            <span className="visually-hidden">
              {isToday ? `${m.dayToday}, ` : ''}
              {m.dayLabel(full, day.certified, day.possible)}
            </span>
            <span className={styles.dayWeek} aria-hidden="true">
              {isToday ? m.dayToday : week}
            </span>
            <span className={`${styles.dayDot} ${tone}`} aria-hidden="true">
              {number}
            </span>
            <span className={styles.dayCount} aria-hidden="true">
              {day.possible > 0 ? `${day.certified}/${day.possible}` : '–'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
