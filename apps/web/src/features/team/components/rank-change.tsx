import { rankChangeOf } from '@/shared/format/reward.ts';
import styles from './team-detail.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';

/** Today's change of place (▲2 / ▼1 / –) with a sentence for screen readers; a medal once frozen. */
export function RankExtras({ rankChange, medal }: { rankChange: number; medal: string | null }) {
  if (medal) {
    return (
      <span className={styles.rankMedal} role="img" aria-label={rewardMessages.medal[medal]}>
        {rewardMessages.medalEmoji[medal]}
      </span>
    );
  }
  const change = rankChangeOf(rankChange);
  return (
    <span className={styles.rankChange} data-direction={change.direction}>
      <span aria-hidden="true">{change.symbol}</span>
      <span className="visually-hidden">{change.label}</span>
    </span>
  );
}
