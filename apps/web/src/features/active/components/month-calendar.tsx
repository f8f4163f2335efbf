import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatLongDay, formatMonth } from '@/shared/format/date.ts';
import {
  addMonths,
  dayMark,
  lastDayOf,
  monthGrid,
  monthOf,
  moveFocus,
  type DayStatus,
  type Month,
} from '../calendar-rules.ts';
import styles from './month-calendar.module.css';
import { calendarMessages } from '@/shared/messages/active.ts';

interface MonthCalendarProps {
  month: Month;
  /** Today in Seoul; nothing after its month can be shown. */
  today: string;
  selected: string;
  statusByDay: ReadonlyMap<string, DayStatus>;
  onSelect: (day: string) => void;
  onMonthChange: (month: Month) => void;
}

/**
 * A month as an accessible date grid (WAI-ARIA APG): one tab stop, arrow keys move by day and week,
 * Home/End to the week's ends, PageUp/PageDown by month, Enter or Space picks the day.
 */
export function MonthCalendar({
  month,
  today,
  selected,
  statusByDay,
  onSelect,
  onMonthChange,
}: MonthCalendarProps) {
  const headingId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  const [focusDay, setFocusDay] = useState(() => (monthOf(selected) === month ? selected : `${month}-01`));
  const moveFocusNext = useRef(false);
  const lastMonth = monthOf(today);
  const lastDay = lastDayOf(lastMonth);

  // The roving tab stop stays inside the shown month.
  const tabStop =
    monthOf(focusDay) === month ? focusDay : monthOf(selected) === month ? selected : `${month}-01`;

  useEffect(() => {
    if (!moveFocusNext.current) return;
    moveFocusNext.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${tabStop}"]`)?.focus();
  }, [tabStop, month]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const next = moveFocus(day, event.key, lastDay);
    if (next === null) return;
    event.preventDefault();
    moveFocusNext.current = true;
    setFocusDay(next);
    if (monthOf(next) !== month) onMonthChange(monthOf(next));
  };

  const weekdays = calendarMessages.weekdays;
  return (
    <div className={styles.calendar}>
      <div className={styles.head}>
        <button
          type="button"
          className={styles.navButton}
          aria-label={calendarMessages.previousMonth}
          onClick={() => onMonthChange(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" size={22} />
        </button>
        <h2 id={headingId} className={styles.month} aria-live="polite">
          {formatMonth(month)}
        </h2>
        <button
          type="button"
          className={styles.navButton}
          aria-label={calendarMessages.nextMonth}
          disabled={month >= lastMonth}
          onClick={() => onMonthChange(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" size={22} />
        </button>
      </div>
      <table ref={gridRef} className={styles.grid} role="grid" aria-labelledby={headingId}>
        <thead>
          <tr>
            {weekdays.map((weekday, index) => (
              <th
                key={weekday.short}
                scope="col"
                abbr={weekday.long}
                className={styles.weekday}
                data-weekday={index}
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((day, dayIndex) => {
                if (day === null)
                  return <td key={`pad-${dayIndex}`} role="gridcell" className={styles.pad} />;
                const status = statusByDay.get(day);
                const mark = dayMark(status);
                const isSelected = day === selected;
                const label = calendarMessages.dayLabel(
                  formatLongDay(day),
                  status?.certifiedCount ?? 0,
                  mark === 'full',
                );
                return (
                  <td key={day} role="gridcell" aria-selected={isSelected} className={styles.cell}>
                    <button
                      type="button"
                      data-day={day}
                      className={styles.day}
                      data-mark={mark}
                      data-selected={isSelected || undefined}
                      data-future={day > today || undefined}
                      data-weekday={dayIndex}
                      aria-current={day === today ? 'date' : undefined}
                      tabIndex={day === tabStop ? 0 : -1}
                      onClick={() => {
                        setFocusDay(day);
                        onSelect(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                    >
                      <span className={styles.number} aria-hidden="true">
                        {Number(day.slice(8))}
                      </span>
                      {/* The name is the full day and its count, e.g. "11월 20일 금요일, 인증 2개". */}
                      <span className="visually-hidden">{label}</span>
                      <span className={styles.mark} aria-hidden="true" />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.legend} aria-label={calendarMessages.legend}>
        <li>
          <span className={styles.legendSome} aria-hidden="true" />
          {calendarMessages.legendSome}
        </li>
        <li>
          <span className={styles.legendFull} aria-hidden="true" />
          {calendarMessages.legendFull}
        </li>
      </ul>
    </div>
  );
}
