import { useQuery } from '@tanstack/react-query';
import { todayProgressQueryOptions } from '@/shared/api/missions.ts';
import { messages } from '@/shared/messages.ts';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import styles from './today-summary.module.css';
import { activeMessages } from '@/shared/messages/active.ts';
import { missionMessages } from '@/shared/messages/missions.ts';

/** Today at a glance: challenge and always missions certified out of today's total. */
export function TodaySummary() {
  const progress = useQuery(todayProgressQueryOptions());
  if (progress.isPending) return <Skeleton lines={2} label={messages.common.loading} />;
  if (progress.isError)
    return (
      <ErrorState
        error={progress.error}
        onRetry={() => void progress.refetch()}
        retrying={progress.isFetching}
      />
    );
  const { challenge, always, participating } = progress.data;
  const rows = [
    { key: 'challenge' as const, ...challenge },
    { key: 'always' as const, ...always },
  ];
  return (
    <section className={styles.summary} aria-labelledby="active-today">
      <h2 id="active-today" className={styles.title}>
        {activeMessages.todayTitle}
      </h2>
      <dl className={styles.stats}>
        {rows.map((row) => (
          <div key={row.key} className={styles.stat}>
            <dt className={styles.label}>{missionMessages.group[row.key]}</dt>
            <dd className={styles.value}>{activeMessages.certifiedOf(row.certified, row.total)}</dd>
          </div>
        ))}
        <div className={styles.stat}>
          <dt className={styles.label}>{activeMessages.participating}</dt>
          <dd className={styles.value}>{activeMessages.missionCount(participating)}</dd>
        </div>
      </dl>
    </section>
  );
}
