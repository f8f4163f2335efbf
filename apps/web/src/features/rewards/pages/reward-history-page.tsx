import type { MedalAward, Reward, RewardTotal } from '@hamkke/contract/reward/rewards';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Gift } from 'lucide-react';
import { formatSeoulDate } from '@/shared/format/date.ts';
import {
  formatRewardAmount,
  formatRewardState,
  formatRewardTotal,
  percentOfRate,
} from '@/shared/format/reward.ts';
import { messages } from '@/shared/messages.ts';
import { useSessionStore } from '@/shared/stores/session-store.ts';
import { openPopup } from '@/shared/stores/ui-store.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { ErrorState } from '@/shared/ui/error-state.tsx';
import { LoadMore } from '@/shared/ui/load-more.tsx';
import { Page } from '@/shared/ui/page.tsx';
import { Skeleton } from '@/shared/ui/skeleton.tsx';
import { rewardHistoryQueryOptions } from '../api/reward-queries.ts';
import styles from './rewards.module.css';
import { activeMessages } from '@/shared/messages/active.ts';
import { rewardMessages } from '@/shared/messages/rewards.ts';

const r = rewardMessages;

function openReward(reward: Reward) {
  openPopup(
    reward.kind === 'TRAFFIC'
      ? { kind: 'trafficReward', payload: { reward } }
      : { kind: 'paidReward', payload: { reward } },
  );
}

function Totals({ totals }: { totals: RewardTotal[] }) {
  if (totals.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="reward-totals">
      <h2 id="reward-totals" className={styles.heading}>
        {r.totalsTitle}
      </h2>
      <dl className={styles.totals}>
        {totals.map((total) => (
          <div key={`${total.kind}-${total.unit}`} className={styles.total}>
            <dt>{r.totalLabel[total.unit]}</dt>
            <dd>{formatRewardTotal(total)}</dd>
            <dd className={styles.totalPaid}>
              {total.paidCount >= total.count
                ? r.totalAllPaid
                : total.paidCount === 0
                  ? r.totalNonePaid
                  : r.totalPaid(
                      formatRewardTotal({
                        unit: total.unit,
                        amount: total.paidAmount,
                        count: total.paidCount,
                      }),
                    )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Medals({ medals }: { medals: MedalAward[] }) {
  if (medals.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="reward-medals">
      <h2 id="reward-medals" className={styles.heading}>
        {r.medalsTitle}
      </h2>
      <ul className={styles.list}>
        {medals.map((medal) => (
          <li key={medal.medalId}>
            <button
              type="button"
              className={styles.row}
              onClick={() => openPopup({ kind: 'medal', payload: { award: medal } })}
            >
              <span className={styles.icon} role="img" aria-label={r.medal[medal.medal]}>
                {r.medalEmoji[medal.medal]}
              </span>
              <span className={styles.main}>
                <span className={styles.title}>{r.medalScope(medal.scope, medal.rank, medal.alias)}</span>
                <span className={styles.meta}>{r.medalLine(medal.teamName, medal.roundTitle)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/my/rewardHistory`: totals per kind (and how much of each is paid), every reward of the person
 * and their children with where it stands (지급 대기, 지급 완료 with its day, 취소), medals.
 */
export function RewardHistoryPage() {
  const history = useInfiniteQuery(rewardHistoryQueryOptions());
  const me = useSessionStore((state) => state.userInfo?.userId);
  let content;
  if (history.isPending) content = <Skeleton lines={5} label={messages.common.loading} />;
  else if (!history.data || (history.isError && !history.isFetchNextPageError))
    content = (
      <ErrorState
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  else {
    const first = history.data.pages[0]!;
    const items = history.data.pages.flatMap((page) => page.items);
    content =
      items.length === 0 && first.medals.length === 0 ? (
        <EmptyState icon={Gift} message={r.empty} action={{ label: r.toChallenge, to: '/challenge' }} />
      ) : (
        <>
          <Totals totals={first.totals} />
          <section className={styles.section} aria-labelledby="reward-list">
            <h2 id="reward-list" className={styles.heading}>
              {r.listTitle}
            </h2>
            <ul className={styles.list}>
              {items.map((reward) => (
                <li key={reward.rewardId}>
                  <button type="button" className={styles.row} onClick={() => openReward(reward)}>
                    <span className={styles.main}>
                      <span className={styles.meta}>{r.whose(reward.alias, reward.userId === me)}</span>
                      <span className={styles.title}>{formatRewardAmount(reward)}</span>
                      <span className={styles.meta}>
                        {r.kind[reward.kind]} · {r.roundLine(reward.roundTitle, reward.teamName)}
                      </span>
                      <span className={styles.meta}>
                        {formatSeoulDate(reward.grantedAt)} ·{' '}
                        {r.rateLine(percentOfRate(reward.completionRate))}
                      </span>
                    </span>
                    <span className={styles.status} data-status={reward.status}>
                      {formatRewardState(reward)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <LoadMore query={history} label={activeMessages.logMore} />
          </section>
          <Medals medals={first.medals} />
        </>
      );
  }
  return (
    <Page title={messages.pages.myRewardHistory} backTo="/my" description={r.historyIntro}>
      <div className={styles.stack}>{content}</div>
    </Page>
  );
}
