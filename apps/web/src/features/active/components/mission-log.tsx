import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { formatShortDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { LoadMore } from '@/shared/ui/load-more.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { missionLogQueryOptions } from '../api/mission-log.ts';
import styles from './mission-log.module.css';
import { activeMessages } from '@/shared/messages/active.ts';
import { MissionIcon } from '@/shared/ui/app-icons.tsx';

/** Every certification, newest first: day, mission and photo count. */
export function MissionLog() {
  const log = useInfiniteQuery(missionLogQueryOptions());
  let content;
  if (log.isPending) content = <Skeleton lines={4} label={messages.common.loading} />;
  else if (!log.data || (log.isError && !log.isFetchNextPageError))
    content = <ErrorState error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  else {
    const items = log.data.pages.flatMap((page) => page.items);
    content =
      items.length === 0 ? (
        <EmptyState icon={History} message={activeMessages.logEmpty} />
      ) : (
        <>
          <ul className={styles.list}>
            {items.map((item) => (
              <li key={item.certificationId} className={styles.row}>
                <span className={styles.icon} aria-hidden="true">
                  <MissionIcon icon={item.icon} size={22} />
                </span>
                <span className={styles.main}>
                  <span className={styles.title}>{item.missionTitle}</span>
                  <span className={styles.meta}>
                    <time dateTime={item.date}>{formatShortDay(item.date) ?? item.date}</time>
                    {item.photos.length > 0 && ` · ${activeMessages.photoCount(item.photos.length)}`}
                  </span>
                </span>
                {item.photos[0] && (
                  <img
                    className={styles.thumb}
                    src={item.photos[0].thumbnailUrl}
                    alt=""
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </li>
            ))}
          </ul>
          <LoadMore query={log} label={activeMessages.logMore} />
        </>
      );
  }
  return (
    <section className={styles.section} aria-labelledby="mission-log-title">
      <h2 id="mission-log-title" className={styles.heading}>
        {activeMessages.logTitle}
      </h2>
      {content}
    </section>
  );
}
