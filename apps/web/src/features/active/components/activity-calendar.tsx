import { seoulDay } from '@hamkke/contract/seoul-day';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarX2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  certificationsOnQueryOptions,
  monthCountQueryOptions,
  monthStatusQueryOptions,
} from '@/shared/api/missions.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { CertificationView } from '@/shared/ui/certification-view.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { monthOf, type DayStatus } from '../calendar-rules.ts';
import styles from './activity-calendar.module.css';
import { MonthCalendar } from './month-calendar.tsx';
import { calendarMessages } from '@/shared/messages/active.ts';

/**
 * The activity calendar (its own chunk, loaded by the /active pages only): the month's marked days
 * and totals, and the certifications of the day picked below it.
 */
export default function ActivityCalendar() {
  const today = seoulDay();
  const [month, setMonth] = useState(monthOf(today));
  const [selected, setSelected] = useState(today);
  const status = useQuery({ ...monthStatusQueryOptions(month), placeholderData: keepPreviousData });
  const totals = useQuery(monthCountQueryOptions(month));
  const day = useQuery(certificationsOnQueryOptions(selected));

  const statusByDay = useMemo(() => {
    const map = new Map<string, DayStatus>();
    if (status.data?.month === month) for (const entry of status.data.days) map.set(entry.date, entry);
    return map;
  }, [status.data, month]);

  const selectedText = formatShortDay(selected) ?? selected;
  let dayContent;
  if (day.isPending) dayContent = <Skeleton heading lines={3} label={messages.common.loading} />;
  else if (day.isError)
    dayContent = (
      <ErrorState error={day.error} onRetry={() => void day.refetch()} retrying={day.isFetching} />
    );
  else if (day.data.certifications.length === 0)
    dayContent = (
      <p className={styles.emptyDay}>
        <CalendarX2 aria-hidden="true" size={20} />
        {selected > today ? calendarMessages.futureDay : calendarMessages.emptyDay}
      </p>
    );
  else
    dayContent = (
      <ul className={styles.certifications}>
        {day.data.certifications.map((certification) => (
          <li key={certification.certificationId}>
            <CertificationView certification={certification} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <section className={styles.calendarSection} aria-label={calendarMessages.sectionLabel}>
        <MonthCalendar
          month={month}
          today={today}
          selected={selected}
          statusByDay={statusByDay}
          onSelect={setSelected}
          onMonthChange={setMonth}
        />
        {status.isError && (
          <ErrorState
            error={status.error}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        )}
        <p className={styles.totals} aria-live="polite">
          {totals.data
            ? calendarMessages.monthTotals(totals.data.certifications, totals.data.certifiedDays)
            : totals.isError
              ? calendarMessages.totalsUnavailable
              : messages.common.loading}
        </p>
      </section>
      <section className={styles.daySection} aria-labelledby="calendar-day-title">
        <h2 id="calendar-day-title" className={styles.dayTitle}>
          {calendarMessages.dayTitle(selectedText)}
        </h2>
        {dayContent}
      </section>
    </>
  );
}
