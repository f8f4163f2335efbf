import type { RewardNotice as Notice } from '@hamkke/contract/reward/rewards';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link } from '@/shared/routing/link.tsx';
import { useNavigate } from '@/shared/routing/location.ts';
import { closeRewardNotice } from '@/shared/api/rewards.ts';
import { formatRewardAmount, formatRewardState, percentOfRate } from '@/shared/format/reward.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';
import styles from './reward-notice.module.css';
import { rewardMessages } from '@/shared/messages/rewards.ts';

const r = rewardMessages;

function teamPath(notice: Notice): string {
  return notice.challengeType === 'always'
    ? `/team/${notice.teamId}/always/${notice.subChallengeId}`
    : `/team/${notice.teamId}/challenge/${notice.challengeId}/${notice.subChallengeId}`;
}

/**
 * The reward notice's card: a closed round's results and the family's rewards, each with where it
 * stands (지급 대기, 지급 완료 with its day, 취소): "받았어요" only for what is paid. A payout shows
 * the card again (decision 066). Closing it sets `rewardNoticeDisplayYn` N (and
 * the server learns it by `team/update-member`; on failure it shows again); its tooltip says where
 * rewards are kept and, closed, goes to /my.
 */
export function RewardNoticeCard({ notice }: { notice: Notice }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useSessionStore((state) => state.userInfo?.userId);
  const rate = percentOfRate(notice.completionRate);
  const counted = notice.rewards.filter((reward) => reward.status !== 'CANCELLED');
  const paid = counted.filter((reward) => reward.status === 'PAID').length;
  const family = notice.rewards.some((reward) => reward.userId !== me);
  return (
    <section className={styles.card} aria-labelledby="reward-notice-title">
      <div className={styles.head}>
        <span className={styles.emoji} aria-hidden="true">
          {notice.teamEmoji}
        </span>
        <div className={styles.grow}>
          <p className={styles.label}>{r.noticeLabel}</p>
          <h2 id="reward-notice-title" className={styles.title}>
            {r.noticeTitle(notice.teamName)}
          </h2>
        </div>
        <button
          type="button"
          className={styles.close}
          aria-label={r.noticeClose}
          onClick={() => void closeRewardNotice(queryClient)}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <p className={styles.text}>{r.noticeRound(notice.roundTitle)}</p>
      <ul className={styles.facts}>
        {notice.teamRank !== null && <li>{r.noticeTeamRank(notice.teamRank)}</li>}
        {notice.memberRank !== null && <li>{r.noticeMyRank(notice.memberRank)}</li>}
        <li>{r.noticeRate(rate)}</li>
      </ul>
      {notice.medals.length > 0 && (
        <p className={styles.medals}>
          {notice.medals.map((medal, index) => (
            <span key={`${medal}-${index}`} role="img" aria-label={r.medal[medal]}>
              {r.medalEmoji[medal]}
            </span>
          ))}
        </p>
      )}
      {notice.rewards.length > 0 ? (
        <div className={styles.rewards}>
          <p className={styles.text}>
            {counted.length > 0 ? r.noticeRewards(counted.length, paid, family) : r.noticeRewardsCancelled}
          </p>
          <ul className={styles.rewardList}>
            {notice.rewards.map((reward) => (
              <li key={reward.rewardId}>
                <button
                  type="button"
                  className={styles.reward}
                  onClick={() =>
                    openPopup(
                      reward.kind === 'TRAFFIC'
                        ? { kind: 'trafficReward', payload: { reward } }
                        : { kind: 'paidReward', payload: { reward } },
                    )
                  }
                >
                  <span className={styles.rewardWhat}>
                    {reward.userId !== me && <span className={styles.rewardWho}>{reward.alias} · </span>}
                    {formatRewardAmount(reward)}
                  </span>{' '}
                  <span className={styles.rewardState} data-status={reward.status}>
                    {formatRewardState(reward)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={styles.text}>{r.noticeNoReward}</p>
      )}
      <div className={styles.actions}>
        <Link to={teamPath(notice)} className={styles.link}>
          {r.noticeDetail}
        </Link>
        <button
          type="button"
          className={styles.help}
          onClick={() => openPopup({ kind: 'cardTooltip', payload: {}, onClose: () => navigate('/my') })}
        >
          {r.noticeHelp}
        </button>
      </div>
    </section>
  );
}
