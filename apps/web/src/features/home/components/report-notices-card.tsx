import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { acknowledgeReportNotice, reportKeys, reportNoticesQueryOptions } from '@/shared/api/reports.ts';
import { formatShortDay } from '@/shared/format/date.ts';
import { reportMessages as m } from '@/shared/messages/reports.ts';
import styles from './report-notices-card.module.css';

/**
 * What happened to the person's reported certifications (decision 045): hidden pending review,
 * hidden by an operator with the reason, or shown again; each until "확인". Below today's missions,
 * so nothing drawn above them moves when it arrives.
 */
export function ReportNoticesCard() {
  const queryClient = useQueryClient();
  const notices = useQuery(reportNoticesQueryOptions());
  const seen = useMutation({
    mutationFn: acknowledgeReportNotice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.notices() }),
  });
  const items = notices.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="report-notices-title">
      <h2 id="report-notices-title" className={styles.title}>
        <ShieldAlert aria-hidden="true" size={20} />
        {m.noticeTitle}
      </h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.certificationId} className={styles.item}>
            <p className={styles.text} role="status">
              {m.outcome(
                item.outcome,
                item.missionTitle,
                formatShortDay(item.date) ?? item.date,
                item.reason,
              )}
            </p>
            <button
              type="button"
              className={styles.ack}
              aria-label={m.acknowledgeLabel(item.missionTitle)}
              disabled={seen.isPending}
              onClick={() => seen.mutate(item.certificationId)}
            >
              {m.acknowledge}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
