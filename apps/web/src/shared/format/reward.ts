import type { Reward } from '@hamkke/contract/reward/rewards';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { groupThousands } from './count.ts';

const r = rewardMessages;

/** What a reward is, in words: "5,000포인트", "1,000MB", "건강 간식 세트", "배지 · …". */
export function formatRewardAmount(reward: Pick<Reward, 'unit' | 'amount' | 'itemName'>): string {
  switch (reward.unit) {
    case 'POINT':
      return r.points(groupThousands(reward.amount));
    case 'MB':
      return r.megabytes(groupThousands(reward.amount));
    case 'GIFT':
      return r.gift(reward.itemName, reward.amount);
    case 'BADGE':
      return r.badgeReward(reward.itemName);
  }
}

/** A total per unit for the history's summary. */
export function formatRewardTotal(total: { unit: Reward['unit']; amount: number; count: number }): string {
  if (total.unit === 'GIFT' || total.unit === 'BADGE') return groupThousands(total.count);
  return formatRewardAmount({ unit: total.unit, amount: total.amount, itemName: '' });
}

/** A 0–1 rate as a whole percentage, rounded down (80% is never shown for 79.9%). */
export function percentOfRate(rate: number): number {
  return Math.floor(Math.round(rate * 10000) / 100);
}

/** Today's change of place, as an arrow and an accessible sentence. */
export function rankChangeOf(change: number): {
  symbol: string;
  label: string;
  direction: 'up' | 'down' | 'same';
} {
  if (change > 0) return { symbol: `▲${change}`, label: r.rankChangeUp(change), direction: 'up' };
  if (change < 0) return { symbol: `▼${-change}`, label: r.rankChangeDown(-change), direction: 'down' };
  return { symbol: '–', label: r.rankChangeSame, direction: 'same' };
}
