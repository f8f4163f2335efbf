import type { TimelineItem } from '@hamkke/contract/user/timeline';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatShortDay } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { BadgeIcon, MissionIcon } from '@/shared/ui/app-icons.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { LoadMore } from '@/shared/ui/load-more.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { timelineQueryOptions } from '../api/activity.ts';
import { describeTimelineItem } from '../timeline-text.ts';
import styles from './mission-log.module.css';
import { activeMessages } from '@/shared/messages/active.ts';
import { rewardMessages } from '@/shared/messages/rewards.ts';

const r = rewardMessages;

/** Missions, badges and rewards are drawn by the app; a team shows the emoji its manager picked. */
function iconOf(item: TimelineItem, fallback: string): ReactNode {
  switch (item.kind) {
    case 'CERTIFICATION':
      return <MissionIcon icon={item.icon} size={22} />;
    case 'BADGE':
      return <BadgeIcon emoji={item.emoji} size={22} />;
    case 'REWARD':
      return <BadgeIcon emoji="gift" size={22} />;
    default:
      return fallback;
  }
}

/** Everything that happened to the person, newest first, grouped by Seoul day (/active/history). */
export function ActivityTimeline() {
  const timeline = useInfiniteQuery(timelineQueryOptions());
  let content;
  if (timeline.isPending) content = <Skeleton lines={4} label={messages.common.loading} />;
  else if (!timeline.data || (timeline.isError && !timeline.isFetchNextPageError))
    content = (
      <ErrorState
        error={timeline.error}
        onRetry={() => void timeline.refetch()}
        retrying={timeline.isFetching}
      />
    );
  else {
    const items = timeline.data.pages.flatMap((page) => page.data);
    content =
      items.length === 0 ? (
        <EmptyState icon={History} message={r.timelineEmpty} />
      ) : (
        <>
          <ul className={styles.list}>
            {items.map((item) => {
              const { icon, text } = describeTimelineItem(item);
              return (
                <li key={item.itemId} className={styles.row}>
                  <span className={styles.icon} aria-hidden="true">
                    {iconOf(item, icon)}
                  </span>
                  <span className={styles.main}>
                    <span className={styles.title}>{text}</span>
                    <span className={styles.meta}>
                      <time dateTime={item.day}>{formatShortDay(item.day) ?? item.day}</time>
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
          <LoadMore query={timeline} label={activeMessages.logMore} />
        </>
      );
  }
  return (
    <section className={styles.section} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className={styles.heading}>
        {r.timelineTitle}
      </h2>
      {content}
    </section>
  );
}
