import type { MedalAward, Reward } from '@hamkke/contract/reward/rewards';
import type { AchievedBadge } from '@hamkke/contract/user/badges';
import { formatSeoulDate } from '../format/date.ts';
import { formatRewardAmount, formatRewardState, percentOfRate } from '../format/reward.ts';
import styles from './reward-popups.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { BadgeIcon } from './app-icons.tsx';
import { homeMessages } from '@/shared/messages/missions.ts';

const r = rewardMessages;

/** Bodies of the medal, reward and badges layer popups (spec §2), shown by the one popup host. */

export function MedalPopupBody({ award }: { award: MedalAward }) {
  const place = r.medalScope(award.scope, award.rank, award.alias);
  return (
    <div className={styles.body}>
      <span className={styles.hero} aria-hidden="true">
        {r.medalEmoji[award.medal]}
      </span>
      <p>{r.medalPopupBody(award.teamName, award.roundTitle, place)}</p>
      <p className={styles.meta}>{formatSeoulDate(award.grantedAt)}</p>
    </div>
  );
}

export function RewardPopupBody({ reward }: { reward: Reward }) {
  return (
    <div className={styles.body}>
      <span className={styles.hero} aria-hidden="true">
        {reward.kind === 'TRAFFIC' ? '📶' : reward.kind === 'BADGES' ? '🏅' : '🎁'}
      </span>
      <p className={styles.amount}>{formatRewardAmount(reward)}</p>
      <p>{r.rewardPopupBody(formatRewardAmount(reward), reward.roundTitle, reward.status)}</p>
      <p className={styles.meta}>
        {r.whose(reward.alias, false)} · {r.rateLine(percentOfRate(reward.completionRate))}
      </p>
      <p className={styles.status} data-status={reward.status}>
        {r.rewardPopupStatus(formatRewardState(reward))}
      </p>
      {reward.status === 'PENDING' && <p className={styles.meta}>{r.rewardPopupPending}</p>}
    </div>
  );
}

export function BadgesPopupBody({ badges }: { badges: AchievedBadge[] }) {
  return (
    <div className={styles.body}>
      <p>{r.badgesPopupIntro(badges.length)}</p>
      <BadgeList badges={badges} />
    </div>
  );
}

/**
 * The all-done moment (decision 025): the streak as a big number, a line for the day, and the badges
 * the day's last certification earned.
 */
export function AllDonePopupBody({ streak, badges }: { streak: number | null; badges: AchievedBadge[] }) {
  return (
    <div className={styles.body}>
      <span className={styles.hero} aria-hidden="true">
        🎉
      </span>
      {streak !== null && streak > 0 && (
        <p className={styles.streak}>
          <span className={styles.streakLabel} aria-hidden="true">
            {homeMessages.allDoneStreakLabel}
          </span>
          <span aria-hidden="true">
            <strong className={styles.streakNumber}>{streak}</strong>
            <span className={styles.streakUnit}>{homeMessages.allDoneStreakUnit}</span>
          </span>
          <span className="visually-hidden">{homeMessages.allDoneStreak(streak)}</span>
        </p>
      )}
      <p>{homeMessages.allDoneBody}</p>
      {badges.length > 0 && (
        <>
          <p className={styles.subhead}>{homeMessages.allDoneBadges}</p>
          <BadgeList badges={badges} />
        </>
      )}
    </div>
  );
}

function BadgeList({ badges }: { badges: AchievedBadge[] }) {
  return (
    <ul className={styles.badges}>
      {badges.map((badge) => (
        <li key={badge.badgeId} className={styles.badge}>
          <span className={styles.badgeEmoji} aria-hidden="true">
            <BadgeIcon emoji={badge.emoji} kind={badge.kind} size={28} />
          </span>
          <span>
            <strong>{badge.name}</strong>
            <span className={styles.meta}>{badge.description}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
