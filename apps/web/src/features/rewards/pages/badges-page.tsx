import { useQuery } from '@tanstack/react-query';
import { formatSeoulDate } from '@/shared/format/date.ts';
import { messages } from '@/shared/messages.ts';
import { Page } from '@/shared/ui/page.tsx';
import { QueryState } from '@/shared/ui/query-state.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { badgeStatusQueryOptions } from '../api/reward-queries.ts';
import styles from './rewards.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { BadgeIcon } from '@/shared/ui/app-icons.tsx';
import { ProgressBar } from '@/shared/ui/progress-bar.tsx';

const r = rewardMessages;

/** `/my/badges`: every badge, achieved ones with their date, the rest with the progress toward them. */
export function BadgesPage() {
  const status = useQuery(badgeStatusQueryOptions());
  return (
    <Page title={messages.pages.myBadges} backTo="/my">
      <QueryState query={status} loading={<Skeleton lines={6} label={messages.common.loading} />}>
        {({ badges, streak }) => {
          const achieved = badges.filter((badge) => badge.achieved).length;
          return (
            <div className={styles.stack}>
              <p className={styles.lead}>
                {r.badgesIntro(achieved, badges.length)} · {r.streakLongest(streak.longest)}
              </p>
              <ul className={styles.badgeGrid}>
                {badges.map((badge) => (
                  <li
                    key={badge.badgeId}
                    className={styles.badgeCard}
                    data-achieved={badge.achieved || undefined}
                  >
                    <span className={styles.badgeEmoji} aria-hidden="true">
                      <BadgeIcon emoji={badge.emoji} kind={badge.kind} size={32} />
                    </span>
                    <strong className={styles.title}>{badge.name}</strong>
                    <span className={styles.meta}>{badge.description}</span>
                    {badge.achieved && badge.achievedAt ? (
                      <span className={styles.achieved}>
                        {r.badgeAchieved(formatSeoulDate(badge.achievedAt))}
                      </span>
                    ) : (
                      <ProgressBar
                        className={styles.progress}
                        value={badge.progress.current}
                        max={badge.progress.target}
                        label={r.badgeProgressLabel(badge.name)}
                        trackClassName={styles.track}
                        indicatorClassName={styles.indicator}
                        after={
                          <span className={styles.meta}>
                            {r.badgeProgress(badge.progress.current, badge.progress.target)}
                          </span>
                        }
                      />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}
