import type { Reward } from '@hamkke/contract/reward/rewards';
import { seoulDay } from '@hamkke/contract/seoul-day';
import { rewardMessages } from '@/shared/messages/rewards.ts';
import { groupThousands } from './count.ts';
import { formatShortDay } from './date.ts';

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

/**
 * Where a reward stands, in words: "지급 대기", "지급 완료 · 12월 3일 (목)" (the Seoul day it was
 * paid), "취소". Only a paid reward is ever said to be received (product.md, Trust).
 */
export function formatRewardState(reward: Pick<Reward, 'status' | 'settledAt'>): string {
  if (reward.status === 'PAID' && reward.settledAt) {
    const day = formatShortDay(seoulDay(new Date(reward.settledAt)));
    if (day) return r.statePaid(day);
  }
  return r.status[reward.status] ?? reward.status;
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
