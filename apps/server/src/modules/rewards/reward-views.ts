import type { MedalAward, Reward } from '@hamkke/contract/reward/rewards';
import type { MedalRow, RewardRow } from './rewards.repository.ts';

/** Rows of the reward ledger and medals as the contract sends them. */

export function toReward(row: RewardRow): Reward {
  return {
    rewardId: String(row.id),
    kind: row.kind,
    unit: row.unit,
    amount: row.amount,
    itemName: row.item_name,
    status: row.status,
    userId: String(row.user_id),
    alias: row.alias,
    teamId: row.team_public_id,
    teamName: row.team_name,
    challengeTitle: row.challenge_title,
    subChallengeId: String(row.sub_challenge_id),
    roundTitle: row.round_title,
    completionRate: row.rate_permille / 1000,
    grantedAt: row.granted_at,
    settledAt: settledAtOf(row),
  };
}

/**
 * When a reward was paid or cancelled: a completion badge is paid as it is granted (the close
 * writes it PAID with no payout), so its grant is its paid day.
 */
export function settledAtOf(row: Pick<RewardRow, 'status' | 'granted_at' | 'settled_at'>): string | null {
  return row.settled_at ?? (row.status === 'PAID' ? row.granted_at : null);
}

export function toMedalAward(row: MedalRow): MedalAward {
  return {
    medalId: String(row.id),
    scope: row.scope,
    medal: row.medal,
    rank: row.rank,
    teamId: row.team_public_id,
    teamName: row.team_name,
    teamEmoji: row.team_emoji,
    roundTitle: row.round_title,
    userId: row.user_id === null ? null : String(row.user_id),
    alias: row.alias ?? null,
    grantedAt: row.granted_at,
  };
}

/** Certified ÷ possible, 0–1, in thousandths. */
export function rateOf(certified: number, possible: number): number {
  return possible > 0 ? Math.round(Math.min(1, certified / possible) * 1000) / 1000 : 0;
}

/** 보상은 완료율이 기수의 기준(기본 80%) 이상인 사람에게 가요. Integers only: no rounding at the line. */
export function reachesThreshold(certified: number, possible: number, thresholdPct: number): boolean {
  return possible > 0 && certified * 100 >= thresholdPct * possible;
}
