import { useQuery } from '@tanstack/react-query';
import { Flame } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { messages } from '@/shared/messages.ts';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { activitySummaryQueryOptions } from '../api/activity.ts';
import styles from './streak-card.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { BadgeIcon } from '@/shared/ui/app-icons.tsx';

const r = rewardMessages;

/** /active: the current and longest streak of Seoul days, certifications in all and the newest badges. */
export function StreakCard() {
  const summary = useQuery(activitySummaryQueryOptions());
  return (
    <section className={styles.card} aria-labelledby="streak-title">
      <h2 id="streak-title" className={styles.heading}>
        <Flame aria-hidden="true" size={20} /> {r.streakTitle}
      </h2>
      <QueryState query={summary} loading={<Skeleton lines={2} label={messages.common.loading} />}>
        {(data) => (
          <>
            <p className={styles.streak}>
              <span className="visually-hidden">{r.streakCurrentLabel} </span>
              {data.streak.current > 0 ? r.streakCurrent(data.streak.current) : r.streakZero}
            </p>
            <ul className={styles.facts}>
              <li>{r.streakLongest(data.streak.longest)}</li>
              <li>{r.totalCertifications(data.totalCertifications)}</li>
              <li>{r.badgeCount(data.achievedCount, data.totalBadges)}</li>
            </ul>
            {data.recent.length > 0 && (
              <div className={styles.recent}>
                <p className={styles.recentTitle}>{r.recentBadges}</p>
                <ul className={styles.badges}>
                  {data.recent.map((badge) => (
                    <li key={badge.badgeId} className={styles.badge}>
                      <BadgeIcon emoji={badge.emoji} kind={badge.kind} size={16} /> {badge.name}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Link to="/my/badges" className={styles.link}>
              {r.toBadges}
            </Link>
          </>
        )}
      </QueryState>
    </section>
  );
}
